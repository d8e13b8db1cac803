import Link from "next/link";

/** Any dashboard address that names no screen (a mistyped section, a site that isn't the owner's): inside the dashboard's own frame. */
export default function DashboardNotFound() {
  return (
    <div className="mx-auto max-w-xl py-16 text-center" data-testid="dashboard-not-found">
      <p className="text-sm font-medium text-neutral-400">404</p>
      <h1 className="mt-2 text-2xl font-semibold">There is no such screen</h1>
      <p className="mt-3 text-neutral-300">The address may be mistyped, or what it points to isn&apos;t yours to see. Your sites and their screens are one click away.</p>
      <Link href="/dashboard" className="mt-6 inline-block rounded-md bg-[#2255dd] px-4 py-2 font-medium text-white hover:bg-[#1d4bc4]">
        Back to your sites
      </Link>
    </div>
  );
}
