"use client";

import { SessionProvider } from "next-auth/react";
import { ThemeProvider } from "next-themes";
import { Toaster } from "react-hot-toast";
import NextTopLoader from "nextjs-toploader";
import { usePathname } from "next/navigation";
import { Suspense } from "react";
import { z } from "zod";
import { PROGRESS_BAR } from "@/lib/layout";
import { SignupReasonCapture } from "@/components/signup-reason-capture";
import { SessionTracking } from "@/components/session-tracking";
import { BrowserErrorReporting } from "@/components/browser-error-reporting";
import { MarketingWidgets } from "@/components/marketing-widgets";

// zod compiles object parsers with `new Function` when it may; it probes that once, and under the app's CSP (no eval for
// scripts) the caught probe is still reported as a violation. In the browser it parses without compiling.
if (typeof window !== "undefined") z.config({ jitless: true });

const isDashboardPath = (path: string | null) => path === "/dashboard" || Boolean(path?.startsWith("/dashboard/"));

/** App-wide client providers (docs/product.md §2, §9): session, theme, toasts at top centre, the top progress bar. */
export function Providers({ children, nonce }: { children: React.ReactNode; nonce?: string }) {
  const dashboard = isDashboardPath(usePathname());
  return (
    // Refetch on tab focus; next-auth also syncs sign-in/out across tabs through storage events.
    <SessionProvider refetchOnWindowFocus>
      <ThemeProvider
        attribute="class"
        storageKey="theme"
        defaultTheme="dark"
        enableSystem={false}
        forcedTheme={dashboard ? undefined : "light"}
        nonce={nonce}
      >
        <NextTopLoader
          color={PROGRESS_BAR.color}
          initialPosition={PROGRESS_BAR.startPosition}
          speed={PROGRESS_BAR.stopDelayMs}
          height={dashboard ? PROGRESS_BAR.heightDashboard : PROGRESS_BAR.heightDefault}
          showSpinner={false}
          nonce={nonce}
        />
        <Toaster position="top-center" />
        {/* useSearchParams needs a Suspense boundary; nothing is shown while it waits. */}
        <Suspense fallback={null}>
          <SignupReasonCapture />
        </Suspense>
        <SessionTracking />
        <BrowserErrorReporting />
        <MarketingWidgets />
        {children}
      </ThemeProvider>
    </SessionProvider>
  );
}
