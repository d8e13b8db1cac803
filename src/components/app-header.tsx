import Link from "next/link";
import { PRODUCT_NAME } from "@/lib/brand";

/**
 * The product's header on the light screens between the website and the dashboard (sign-in, /new-site), so the
 * first minutes keep one look and always have a way back. `signedIn` adds the dashboard and account links.
 */
export function AppHeader({ signedIn }: { signedIn: boolean }) {
  return (
    <header className="border-b border-neutral-200 bg-white">
      <div className="mx-auto flex max-w-[1200px] items-center justify-between gap-4 px-4 py-3 sm:px-6">
        {/* A plain link: the website is not a Next.js page. */}
        <a href={signedIn ? "/dashboard" : "/"} className="font-semibold text-neutral-900">
          {PRODUCT_NAME}
        </a>
        <nav aria-label="Account" className="flex items-center gap-4 text-sm">
          {signedIn ? (
            <>
              <Link href="/dashboard" className="text-neutral-700 hover:text-neutral-900">
                Your sites
              </Link>
              <Link href="/dashboard/account" className="text-neutral-700 hover:text-neutral-900">
                Account
              </Link>
            </>
          ) : (
            <a href="/" className="text-neutral-700 hover:text-neutral-900">
              ← Back to the website
            </a>
          )}
        </nav>
      </div>
    </header>
  );
}

/** The small print under sign-in: what signing in agrees to, and where to read it. */
export function AppFooter() {
  return (
    <footer className="px-4 py-6 text-center text-sm text-neutral-600">
      <a href="/terms" className="underline hover:text-neutral-900">
        Terms
      </a>{" "}
      ·{" "}
      <a href="/privacy" className="underline hover:text-neutral-900">
        Privacy
      </a>{" "}
      ·{" "}
      <a href="/contact" className="underline hover:text-neutral-900">
        Contact
      </a>
    </footer>
  );
}
