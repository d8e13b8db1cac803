import Link from "next/link";
import { PRODUCT_NAME, PRODUCT_TAGLINE } from "@/lib/brand";

export default function HomePage() {
  return (
    <div className="min-h-screen bg-white text-neutral-900">
      <header className="mx-auto flex max-w-[1200px] items-center justify-between px-6 py-5">
        <Link href="/" className="text-lg font-semibold">
          {PRODUCT_NAME}
        </Link>
        <nav aria-label="Main">
          <Link href="/dashboard" className="rounded-md bg-neutral-900 px-4 py-2 text-sm font-medium text-white hover:bg-neutral-700">
            Sign in
          </Link>
        </nav>
      </header>
      <main className="mx-auto max-w-[1200px] px-6 py-24">
        <h1 className="max-w-2xl text-5xl font-bold tracking-tight">Your Notion pages, as fast websites you own.</h1>
        <p className="mt-6 max-w-xl text-lg text-neutral-600">{PRODUCT_TAGLINE}</p>
        <div className="mt-10 flex gap-4">
          <Link href="/dashboard?signupReason=hero" className="rounded-md bg-[#2255dd] px-5 py-3 font-medium text-white hover:bg-[#1a44b8]">
            Get started
          </Link>
        </div>
      </main>
    </div>
  );
}
