import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notionConnections, siteRedirects, siteSyncs, subscriptions } from "@/db/schema";
import { liveSubscriptionOf } from "@/core/billing/site-plan";
import { siteUrl } from "@/lib/site-address";
import { type SiteType } from "@/lib/site-types";
import { getSiteForOwnerOrThrow } from "./get-site-for-owner-or-throw";
import { listFormerHosts } from "./find-former-host";
import { firstSyncOf, type FirstSync } from "./get-site-sync-state";
import { parseSiteSettings, type SiteSettings } from "./site-settings";
import { sitePasswordLockoutOf, type SitePasswordLockout } from "./site-password-lockout";

export type SiteOverview = {
  siteId: string;
  siteType: SiteType;
  subdomain: string;
  name: string;
  /** The address visitors use: the verified custom domain, else the subdomain address. */
  url: string;
  subdomainUrl: string;
  /** Former addresses still answering 301 to this one (Change subdomain), with when that ends. */
  formerAddresses: { host: string; until: string }[];
  notionPageUrl: string;
  /** The Notion connection the site is read through, or null for a public page. */
  notionConnectionId: string | null;
  /** That connection as the General screen shows it: Notion refused it for good when `refused` is set (reconnect). */
  notionConnection: { kind: "oauth" | "internal"; workspaceName: string | null; refused: { at: string; reason: string | null } | null } | null;
  status: "published" | "paused";
  settings: SiteSettings;
  hasPassword: boolean;
  /** Wrong passwords this hour from every visitor, and whether the password form is locked (null: no password). */
  passwordLockout: SitePasswordLockout | null;
  redirects: { from: string; to: string; permanent: boolean }[];
  lastSyncedAt: string | null;
  lastSyncError: string | null;
  /** Sub-pages and databases the last good sync left out because Notion would not let us read them. */
  skippedPages: { id: string; title: string; kind: "page" | "database"; parentTitle: string }[];
  /** Failed syncs in a row (0: the last one worked) and since when. The source is healthy when the last sync worked. */
  syncFailures: number;
  failingSince: string | null;
  /** Until the site has content: its first sync's state and progress (null afterwards). */
  firstSync: FirstSync | null;
  /** The live subscription (paid or lifetime deal), or null on the free plan. */
  plan: { status: string; provider: string; plan: string; priceId: string | null; unitPrice: string | null; currency: string | null; nextBilledAt: string | null; endsAt: string | null } | null;
};

/** Everything the dashboard shows about one of the owner's sites (someone else's site is NOT_FOUND). */
export async function getSiteOverview(db: Db, appsDomain: string, ownerId: string, siteId: string): Promise<SiteOverview> {
  const site = await getSiteForOwnerOrThrow(db, ownerId, siteId);
  const settings = parseSiteSettings(site.settings);
  const [redirects, [sync], [subscription], [connection], former, passwordLockout] = await Promise.all([
    db.select().from(siteRedirects).where(and(eq(siteRedirects.siteId, site.id), eq(siteRedirects.source, "owner"))).orderBy(siteRedirects.createdAt),
    db.select().from(siteSyncs).where(eq(siteSyncs.siteId, site.id)).limit(1),
    db
      .select()
      .from(subscriptions)
      .where(liveSubscriptionOf(site.id))
      .orderBy(desc(subscriptions.updatedAt))
      .limit(1),
    site.notionConnectionId
      ? db
          .select({ kind: notionConnections.kind, workspaceName: notionConnections.workspaceName, refusedAt: notionConnections.refusedAt, refusedReason: notionConnections.refusedReason })
          .from(notionConnections)
          .where(eq(notionConnections.id, site.notionConnectionId))
          .limit(1)
      : Promise.resolve([]),
    listFormerHosts(db, site.id),
    site.passwordHash ? sitePasswordLockoutOf(db, site.id) : Promise.resolve(null),
  ]);
  const subdomainUrl = siteUrl({ siteType: site.siteType as SiteType, subdomain: site.subdomain, appsDomain });
  return {
    siteId: site.id,
    siteType: site.siteType as SiteType,
    subdomain: site.subdomain,
    name: settings.name || site.subdomain,
    url: site.customDomainVerifiedAt && site.customDomain ? `https://${site.customDomain}` : subdomainUrl,
    subdomainUrl,
    formerAddresses: former.map((f) => ({ host: `${f.hostKey}.${appsDomain}`, until: f.expiresAt.toISOString() })),
    notionPageUrl: site.notionPageUrl,
    notionConnectionId: site.notionConnectionId,
    notionConnection: connection
      ? {
          kind: connection.kind,
          workspaceName: connection.workspaceName,
          refused: connection.refusedAt ? { at: connection.refusedAt.toISOString(), reason: connection.refusedReason } : null,
        }
      : null,
    status: site.status === "paused" ? "paused" : "published",
    settings,
    hasPassword: Boolean(site.passwordHash),
    passwordLockout,
    redirects: redirects.map((r) => ({ from: r.fromPath, to: r.toUrl, permanent: r.permanent })),
    lastSyncedAt: sync?.syncedAt?.toISOString() ?? null,
    lastSyncError: sync?.lastError ?? null,
    skippedPages: (sync?.skippedPages ?? []).map(({ id, title, kind, parentTitle }) => ({ id, title, kind, parentTitle })),
    syncFailures: sync?.failureCount ?? 0,
    failingSince: sync?.failingSince?.toISOString() ?? null,
    firstSync: firstSyncOf(sync),
    plan: subscription
      ? {
          status: subscription.status,
          provider: subscription.provider,
          plan: subscription.plan,
          priceId: subscription.paddlePriceId,
          unitPrice: subscription.unitPrice,
          currency: subscription.currency,
          nextBilledAt: subscription.nextBilledAt?.toISOString() ?? null,
          endsAt: subscription.endsAt?.toISOString() ?? null,
        }
      : null,
  };
}
