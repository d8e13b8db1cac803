"use client";

import { useEffect, useState } from "react";
import Link from "next/link";
import { FeedbackButton } from "@/components/feedback-button";
import { usePathname } from "next/navigation";
import { signOut } from "next-auth/react";
import { PRODUCT_NAME } from "@/lib/brand";

/**
 * docs/product.md §2: the dashboard shows a blank placeholder until the client has mounted (the theme is client-side),
 * and its page is re-keyed by the path without the query string.
 */
export function DashboardShell({ email, operator, children }: { email: string; operator: boolean; children: React.ReactNode }) {
  const pathname = usePathname();
  const [mounted, setMounted] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- flipping once after hydration is the point
  useEffect(() => setMounted(true), []);
  if (!mounted) return <div className="min-h-screen bg-neutral-950" data-testid="dashboard-placeholder" />;

  return (
    <div className="min-h-screen bg-neutral-950 text-neutral-100">
      <header className="border-b border-neutral-800">
        <div className="mx-auto flex max-w-[1200px] items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <Link href="/dashboard" className="font-semibold">
            {PRODUCT_NAME}
          </Link>
          <div className="flex min-w-0 flex-wrap items-center justify-end gap-x-3 gap-y-1 text-sm">
            <FeedbackButton text={`(from ${pathname})`} className="whitespace-nowrap text-neutral-300 hover:text-white" />
            {operator && (
              <Link href="/dashboard/admin" className="whitespace-nowrap text-neutral-300 hover:text-white">
                Admin
              </Link>
            )}
            <Link href="/dashboard/account" className="whitespace-nowrap text-neutral-300 hover:text-white">
              Account
            </Link>
            <span className="hidden truncate text-neutral-400 sm:inline" data-testid="signed-in-email">
              {email}
            </span>
            <button
              type="button"
              disabled={signingOut}
              aria-busy={signingOut}
              onClick={() => {
                setSigningOut(true);
                void signOut({ callbackUrl: "/" });
              }}
              className="whitespace-nowrap rounded-md border border-neutral-700 px-3 py-1.5 hover:bg-neutral-800 disabled:opacity-60"
            >
              {signingOut ? "Signing out…" : "Sign out"}
            </button>
          </div>
        </div>
      </header>
      <main key={pathname} className="mx-auto max-w-[1200px] px-4 py-8 sm:px-6">
        {children}
      </main>
    </div>
  );
}
