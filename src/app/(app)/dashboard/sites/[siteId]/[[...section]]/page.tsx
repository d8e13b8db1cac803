import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requireSession } from "@/auth/session";
import { getRuntime } from "@/runtime";
import { AppError } from "@/lib/errors";
import { getSiteOverview, type SiteOverview } from "@/core/sites/get-site-overview";
import { findSiteAccess } from "@/core/teams/resolve-site-access";
import { getPlanLapse } from "@/core/billing/get-plan-lapse";
import { listSiteSubscribers } from "@/core/subscribers/list-site-subscribers";
import { getTextFeedback } from "@/core/feedback/get-text-feedback";
import { listSearchMisses } from "@/core/search/list-search-misses";
import { SITE_TYPE_INFO } from "@/lib/site-types";
import { sectionsFor, type SectionId } from "../sections/catalog";
import { SiteScreen } from "../sections/site-screen";
import { FirstSyncStatus } from "../sections/first-sync-status";
import { UnsavedChangesGuard } from "@/components/unsaved-changes";
import { CurrentTabInView } from "@/components/current-tab-in-view";
import { dashboardDocPath } from "@/lib/website-paths";
import { isApartFromApp } from "@/lib/registrable-domain";

export const metadata: Metadata = { title: "Site" };

type Props = { params: Promise<{ siteId: string; section?: string[] }> };

/**
 * One of the caller's sites (owned, or theirs as a member): a header with its address and status, the menu of the
 * screens their role may see, and the current screen. Reads act for the site's owner once the role is known.
 */
export default async function SitePage({ params }: Props) {
  const { siteId, section } = await params;
  const session = await requireSession();
  const { db, env, ai } = getRuntime();
  const access = await findSiteAccess(db, session.user.id, siteId);
  if (!access) notFound();
  const { ownerId, role } = access;
  let overview: SiteOverview;
  try {
    overview = await getSiteOverview(db, env.APPS_DOMAIN, ownerId, siteId);
  } catch (err) {
    if (err instanceof AppError && err.code === "NOT_FOUND") notFound();
    throw err;
  }
  const sections = sectionsFor(overview.siteType, role);
  const current = (section?.[0] ?? "general") as SectionId;
  if ((section?.length ?? 0) > 1 || !sections.some((s) => s.id === current)) notFound();

  // A paid plan that ended: every screen says what is paused and how to get it back.
  const lapse = await getPlanLapse({ db, billingEnabled: env.billingEnabled }, ownerId, siteId);
  const extra = {
    subscribers: current === "subscribers" ? await listSiteSubscribers(db, ownerId, siteId) : [],
    feedback: current === "feedback" ? (await getTextFeedback(db, ownerId, { siteId })).map((f) => ({ ...f, createdAt: new Date(f.createdAt).toISOString() })) : [],
    searchMisses: current === "feedback" ? await listSearchMisses(db, ownerId, siteId) : [],
    billing: env.billingEnabled,
    notionOAuth: env.notionOAuthEnabled,
    aiModel: ai !== null,
    role,
    userId: session.user.id,
    ownerCode: ownerCodeHosts(overview, env.APP_URL),
  };

  return (
    <div>
      <p className="text-sm text-neutral-400">
        <Link href="/dashboard" className="hover:text-neutral-200">
          Your sites
        </Link>{" "}
        / {SITE_TYPE_INFO[overview.siteType].label}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
        <h1 className="text-2xl font-semibold" data-testid="site-name">
          {overview.name}
        </h1>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${overview.status === "published" ? "bg-green-900/60 text-green-300" : "bg-amber-900/60 text-amber-300"}`} data-testid="site-status">
          {overview.status === "published" ? "Published" : "Paused"}
        </span>
      </div>
      <a href={overview.url} target="pagewright-owner" rel="noopener" className="mt-1 inline-block break-all text-[#8fb0ff] hover:underline" data-testid="site-url">
        {overview.url.replace(/^https?:\/\//, "")}
      </a>
      {overview.firstSync ? (
        <div className="mt-3 rounded-md border border-neutral-800 bg-neutral-900/60 px-4 py-3">
          <FirstSyncStatus siteId={siteId} initial={overview.firstSync} testId="first-sync-banner" />
        </div>
      ) : null}
      {lapse ? (
        <div role="status" className="mt-4 rounded-md border border-amber-800 bg-amber-950/60 px-4 py-3 text-sm text-amber-200" data-testid="plan-lapse">
          <p>{lapse.message}</p>
          {current !== "plan" ? (
            <Link href={`/dashboard/sites/${siteId}/plan`} className="mt-1 inline-block font-medium text-amber-100 underline">
              Renew {lapse.planName}
            </Link>
          ) : null}
        </div>
      ) : null}
      <div className="mt-6 flex flex-col gap-6 md:flex-row">
        <nav aria-label="Site settings" className="-mx-4 overflow-x-auto px-4 md:mx-0 md:w-48 md:shrink-0 md:overflow-visible md:px-0">
          <ul className="flex gap-1 md:flex-col">
            {sections.map((s) => (
              <li key={s.id}>
                <Link
                  href={`/dashboard/sites/${siteId}/${s.id}`}
                  aria-current={s.id === current ? "page" : undefined}
                  className={`block whitespace-nowrap rounded-md px-3 py-2 text-sm ${s.id === current ? "bg-neutral-800 font-medium text-white" : "text-neutral-300 hover:bg-neutral-900"}`}
                >
                  {s.label}
                </Link>
              </li>
            ))}
          </ul>
          <CurrentTabInView current={current} />
        </nav>
        <div className="min-w-0 flex-1">
          {/* A new tab, so nothing typed on this screen is lost. */}
          <p className="mb-3 text-right text-sm">
            <a href={dashboardDocPath(current)} target="_blank" rel="noopener" className="text-[#8fb0ff] underline hover:text-white" data-testid="learn-more">
              Learn more<span className="sr-only"> about {sections.find((s) => s.id === current)?.label} (opens in a new tab)</span>
            </a>
          </p>
          <UnsavedChangesGuard key={current}>
            <SiteScreen section={current} site={overview} extra={extra} />
          </UnsavedChangesGuard>
        </div>
      </div>
    </div>
  );
}

/** The hosts the owner's code runs on, by the site server's rule (src/site-server/owner-code.ts). */
function ownerCodeHosts(overview: SiteOverview, appUrl: string) {
  const appHostname = new URL(appUrl).hostname;
  const subdomain = new URL(overview.subdomainUrl).hostname;
  const subdomainApart = isApartFromApp(subdomain, appHostname);
  const hosts = [overview.url !== overview.subdomainUrl ? new URL(overview.url).hostname : null, subdomainApart ? subdomain : null].filter((h): h is string => h !== null);
  return { hosts, subdomainApart };
}
