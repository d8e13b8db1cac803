import Link from "next/link";
import { getRuntime } from "@/runtime";
import { requireSession } from "@/auth/session";
import { listOwnerSites, type OwnerSiteSummary } from "@/core/sites/list-owner-sites";
import { getViewTrends } from "@/core/analytics/get-view-trends";
import { siteUrl } from "@/lib/site-address";
import { SITE_TYPE_INFO, SITE_TYPES } from "@/lib/site-types";
import { siteTypePagePath } from "@/lib/website-paths";

export default async function DashboardPage() {
  const session = await requireSession();
  const { db, env } = getRuntime();
  const sites = await listOwnerSites(db, session.user.id);
  const trends = new Map((await getViewTrends(db, session.user.id)).map((t) => [t.siteId, t.pageviews]));
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
        <div className="fade-in mt-8 rounded-xl border border-dashed border-neutral-700 p-6 sm:p-10">
          <div className="text-center">
            <p className="text-neutral-200">You have no sites yet. A site is one public Notion page or database, published as it is.</p>
            <Link href="/new-site" className="mt-4 inline-block rounded-md bg-[#2255dd] px-4 py-2 font-medium text-white hover:bg-[#1a44b8]">
              Create your first site
            </Link>
          </div>
          {/* What each type is, so a new owner knows what to build in Notion first. */}
          <ul className="mt-8 grid gap-3 text-left sm:grid-cols-2 lg:grid-cols-3" aria-label="Kinds of site">
            {SITE_TYPES.map((type) => (
              <li key={type} className="rounded-lg border border-neutral-800 p-3">
                <p className="font-medium">{SITE_TYPE_INFO[type].label}</p>
                <p className="mt-1 text-sm text-neutral-400">{SITE_TYPE_INFO[type].description}</p>
                <a href={siteTypePagePath(type)} className="mt-2 inline-block text-sm text-[#8fb0ff] underline">
                  What to build in Notion<span className="sr-only"> for a {SITE_TYPE_INFO[type].label.toLowerCase()}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <ul className="mt-6 grid gap-3 md:grid-cols-2">
          {sites.map((site, i) => {
            const visitUrl = site.customDomain ? `https://${site.customDomain}` : siteUrl({ siteType: site.siteType, subdomain: site.subdomain, appsDomain: env.APPS_DOMAIN });
            const address = visitUrl.replace(/^https?:\/\//, "");
            return (
              <li key={site.siteId} className="fade-in relative rounded-lg border border-neutral-800 p-4 hover:border-neutral-600" style={{ "--fade-index": i } as React.CSSProperties} data-testid="site-card">
                <SitePreview name={site.name} kind={SITE_TYPE_INFO[site.siteType].label} preview={site.preview} />
                <div className="mt-3 flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
                  <Link href={`/dashboard/sites/${site.siteId}`} className="font-medium after:absolute after:inset-0">
                    {site.name}
                  </Link>
                  <span className="flex shrink-0 flex-wrap gap-1.5">
                    <span className={`rounded-full px-2 py-0.5 text-xs ${site.status === "published" ? "bg-green-900/60 text-green-300" : "bg-amber-900/60 text-amber-300"}`}>
                      {site.status === "published" ? "Published" : "Paused"}
                    </span>
                    <SyncStatus lastSyncedAt={site.lastSyncedAt} failures={site.syncFailures} />
                  </span>
                </div>
                <p className="mt-1 break-all text-sm text-neutral-400">{address}</p>
                {/* Above the card's own link (its ::after covers the card), so visiting is one click from the list. */}
                <a href={`${visitUrl}/`} target="_blank" rel="noopener" className="relative z-10 mt-1 inline-block text-sm text-[#8fb0ff] underline">
                  Visit site<span className="sr-only">: {site.name}</span>
                </a>
                <Sparkline pageviews={trends.get(site.siteId) ?? []} />
                <p className="mt-2 text-xs text-neutral-400">
                  {SITE_TYPE_INFO[site.siteType].label} · {billing ? (site.plan === "paid" ? "Paid plan" : "Free plan") : "Self-hosted"}
                  {site.lastSyncedAt ? ` · last synced ${site.lastSyncedAt.toLocaleString("en")}` : ""}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/**
 * The card's picture: the site's social image when it has one, else a tile in its accent colour with
 * its favicon, logo or first letter above the kind of site, so an owner's sites of one brand (same letter, same colour)
 * still look different. Decorative: the card's name says which site it is.
 */
function SitePreview({ name, kind, preview }: { name: string; kind: string; preview: OwnerSiteSummary["preview"] }) {
  if (preview.socialImage) {
    return (
      // eslint-disable-next-line @next/next/no-img-element -- the owner's own upload, served by our file route
      <img src={preview.socialImage} alt="" className="h-28 w-full rounded-md bg-neutral-900 object-cover" loading="lazy" data-testid="site-preview" />
    );
  }
  return (
    <div className="flex h-28 w-full flex-col items-center justify-center gap-1 rounded-md" style={{ backgroundColor: preview.accentColor }} aria-hidden="true" data-testid="site-preview">
      {preview.icon ? (
        // eslint-disable-next-line @next/next/no-img-element -- the owner's own upload, served by our file route
        <img src={preview.icon} alt="" className="h-12 w-12 rounded-lg bg-white/90 object-contain p-1.5" loading="lazy" />
      ) : (
        <span className="text-4xl font-semibold" style={{ color: readableOn(preview.accentColor) }}>{[...name.trim()][0]?.toUpperCase() ?? "?"}</span>
      )}
      <span className="text-xs font-medium uppercase tracking-wider" style={{ color: readableOn(preview.accentColor) }} data-testid="site-preview-kind">
        {kind}
      </span>
    </div>
  );
}

/** Black or white, whichever reads better on this #rrggbb colour (WCAG relative luminance). */
function readableOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.179 ? "#111111" : "#ffffff";
}

/** Sync health as a status beside "Published", from the site's sync record. */
function SyncStatus({ lastSyncedAt, failures }: { lastSyncedAt: Date | null; failures: number }) {
  const [label, tone] =
    failures > 0 ? [`Sync failing (${failures}×)`, "bg-red-900/60 text-red-200"] : lastSyncedAt ? ["In sync", "bg-neutral-800 text-neutral-200"] : ["Not synced yet", "bg-neutral-800 text-neutral-300"];
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs ${tone}`} data-testid="sync-status">
      {label}
    </span>
  );
}

/** Page views of the last 14 days as a small line (built-in analytics); the total is its accessible name. */
function Sparkline({ pageviews }: { pageviews: number[] }) {
  const total = pageviews.reduce((a, b) => a + b, 0);
  const max = Math.max(1, ...pageviews);
  const points = pageviews.map((v, i) => `${(i / Math.max(1, pageviews.length - 1)) * 100},${22 - (v / max) * 20}`).join(" ");
  return (
    <div className="mt-2 flex items-center gap-2 text-xs text-neutral-400" data-testid="site-sparkline">
      <svg viewBox="0 0 100 24" preserveAspectRatio="none" className="h-6 w-28" role="img" aria-label={`${total} page ${total === 1 ? "view" : "views"} in the last 14 days`}>
        <polyline points={points} fill="none" stroke="#5b8cff" strokeWidth="1.5" vectorEffect="non-scaling-stroke" />
      </svg>
      <span aria-hidden="true">{total === 1 ? "1 view" : `${total} views`} · 14 days</span>
    </div>
  );
}
