"use client";

import type { ButtonHTMLAttributes } from "react";

const VARIANTS = {
  primary: "bg-[#2255dd] text-white hover:bg-[#1a44b8] border-transparent",
  secondary: "border-neutral-600 hover:bg-neutral-800",
  secondaryLight: "border-neutral-300 hover:bg-neutral-100",
  danger: "bg-red-700 text-white hover:bg-red-800 border-transparent",
} as const;

/** A button that shows a loading state while its action runs (docs/product.md §4) and can't be pressed twice meanwhile. */
export function Button({ loading = false, variant = "primary", className = "", children, disabled, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { loading?: boolean; variant?: keyof typeof VARIANTS }) {
  return (
    <button
      type="button"
      {...rest}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={`inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md border px-3.5 py-2 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-60 ${VARIANTS[variant]} ${className}`}
    >
      {loading ? <span aria-hidden className="h-3.5 w-3.5 animate-spin rounded-full border-2 border-current border-t-transparent" /> : null}
      {children}
    </button>
  );
}
