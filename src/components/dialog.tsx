"use client";

import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";

/**
 * A modal dialog (docs/product.md §4): starts closed, closes on Escape or a click on the backdrop, keeps focus inside while
 * open and gives it back to what opened it.
 */
export function Dialog({ open, onClose, title, children, tone = "dark", wide = false }: { open: boolean; onClose: () => void; title: string; children: ReactNode; tone?: "dark" | "light"; wide?: boolean }) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const first = panel.current?.querySelector<HTMLElement>("input, textarea, select, button:not([data-dialog-close]), a[href]");
    (first ?? panel.current)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      opener?.focus?.();
    };
  }, [open, onClose]);
  if (!open) return null;
  const colours = tone === "dark" ? "bg-neutral-900 text-neutral-100 border-neutral-700" : "bg-white text-neutral-900 border-neutral-200";
  return (
    <div
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/60 p-3 sm:items-center"
      data-testid="dialog-backdrop"
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div ref={panel} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} className={`fade-in w-full ${wide ? "max-w-4xl" : "max-w-lg"} rounded-xl border p-5 shadow-xl outline-none ${colours}`}>
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <button type="button" data-dialog-close aria-label="Close" onClick={onClose} className="rounded px-2 text-xl leading-none opacity-70 hover:opacity-100">
            ×
          </button>
        </div>
        <div className="mt-3">{children}</div>
      </div>
    </div>
  );
}

/** A dialog's state: `isOpen` plus the data it was opened with (the four shapes of docs/product.md §3). */
export function useDialogState<T extends object>(closed: T) {
  const [state, setState] = useState<{ isOpen: boolean } & T>({ isOpen: false, ...closed });
  const open = useCallback((data: T) => setState({ isOpen: true, ...data }), []);
  const close = useCallback(() => setState((s) => ({ ...s, isOpen: false })), []);
  return [state, open, close] as const;
}
