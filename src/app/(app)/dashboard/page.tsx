import Link from "next/link";
import { getRuntime } from "@/runtime";
import { requireSession } from "@/auth/session";
import { listOwnerSites } from "@/core/sites/list-owner-sites";
import { siteUrl } from "@/lib/site-address";
import { SITE_TYPE_INFO } from "@/lib/site-types";

export default async function DashboardPage() {
  const session = await requireSession();
  const { db, env } = getRuntime();
  const sites = await listOwnerSites(db, session.user.id);
  const billing = env.billingEnabled;
  return (
    <section aria-labelledby="sites-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="sites-heading" className="text-2xl font-semibold">
          Your sites
        </h1>
        {sites.length ? (
          <Link href="/new-site" className="rounded-md bg-[#2255dd] px-4 py-2 text-sm font-medium text-white hover:bg-[#1a44b8]">
            New site
          </Link>
        ) : null}
      </div>
      {sites.length === 0 ? (
        <div className="fade-in mt-8 rounded-xl border border-dashed border-neutral-700 p-10 text-center">
          <p className="text-neutral-300">You have no sites yet.</p>
          <Link href="/new-site" className="mt-4 inline-block rounded-md bg-[#2255dd] px-4 py-2 font-medium text-white hover:bg-[#1a44b8]">
            Create your first site
          </Link>
        </div>
      ) : (
        <ul className="mt-6 grid gap-3 md:grid-cols-2">
          {sites.map((site, i) => {
            const address = site.customDomain ?? siteUrl({ siteType: site.siteType, subdomain: site.subdomain, appsDomain: env.APPS_DOMAIN }).replace(/^https?:\/\//, "");
            return (
              <li key={site.siteId} className="fade-in relative rounded-lg border border-neutral-800 p-4 hover:border-neutral-600" style={{ "--fade-index": i } as React.CSSProperties} data-testid="site-card">
                <div className="flex items-start justify-between gap-3">
                  <Link href={`/dashboard/sites/${site.siteId}`} className="font-medium after:absolute after:inset-0">
                    {site.name}
                  </Link>
                  <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs ${site.status === "published" ? "bg-green-900/60 text-green-300" : "bg-amber-900/60 text-amber-300"}`}>
                    {site.status === "published" ? "Published" : "Paused"}
                  </span>
                </div>
                <p className="mt-1 break-all text-sm text-neutral-400">{address}</p>
                <p className="mt-2 text-xs text-neutral-500">
                  {SITE_TYPE_INFO[site.siteType].label} · {billing ? (site.plan === "paid" ? "Paid plan" : "Free plan") : "Self-hosted"} ·{" "}
                  {site.lastSyncedAt ? `synced ${site.lastSyncedAt.toLocaleString("en")}` : "not synced yet"}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
