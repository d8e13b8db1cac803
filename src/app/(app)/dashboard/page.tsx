import Link from "next/link";
import { getRuntime } from "@/runtime";
import { requireSession } from "@/auth/session";
import { listOwnerSites } from "@/core/sites/list-owner-sites";

export default async function DashboardPage() {
  const session = await requireSession();
  const sites = await listOwnerSites(getRuntime().db, session.user.id);
  return (
    <section aria-labelledby="sites-heading">
      <h1 id="sites-heading" className="text-2xl font-semibold">
        Your sites
      </h1>
      {sites.length === 0 ? (
        <div className="fade-in mt-8 rounded-xl border border-dashed border-neutral-700 p-10 text-center">
          <p className="text-neutral-300">You have no sites yet.</p>
          <Link href="/new-site" className="mt-4 inline-block rounded-md bg-[#2255dd] px-4 py-2 font-medium text-white hover:bg-[#1a44b8]">
            Create your first site
          </Link>
        </div>
      ) : (
        <ul className="mt-6 space-y-3">
          {sites.map((site, i) => (
            <li key={site.siteId} className="fade-in rounded-lg border border-neutral-800 p-4" style={{ "--fade-index": i } as React.CSSProperties}>
              <span className="font-medium">{site.name}</span> <span className="text-neutral-400">· {site.siteType}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
