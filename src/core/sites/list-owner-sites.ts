import type { SiteType } from "@/lib/site-types";
import { and, desc, eq, inArray, or } from "drizzle-orm";
import type { Db } from "@/db/client";
import { siteMembers, sites, siteSyncs, subscriptions } from "@/db/schema";
import type { SiteRole } from "@/lib/site-roles";
import { parseSiteSettings } from "./site-settings";

export type OwnerSiteSummary = {
  siteId: string;
  siteType: SiteType;
  subdomain: string;
  name: string;
  status: string;
  customDomain: string | null;
  createdAt: Date;
  lastSyncedAt: Date | null;
  /** Sync health for the list's status: failed refreshes in a row (0: the last one worked or none ran). */
  syncFailures: number;
  /** The card's preview: the social image, else a tile in the accent colour with the favicon, logo or first letter. */
  preview: { socialImage: string | null; icon: string | null; accentColor: string };
  /** "paid" while an active subscription or lifetime deal covers the site. */
  plan: "free" | "paid";
  /** The caller's role on it: owner, or the role of their membership. */
  role: SiteRole;
};

const ACTIVE = ["active", "trialing", "past_due"];

/** The sites the user owns or is a member of, newest first. Only ever filtered by owner or membership: the tenant wall. */
export async function listOwnerSites(db: Db, userId: string): Promise<OwnerSiteSummary[]> {
  const rows = await db
    .select({ site: sites, syncedAt: siteSyncs.syncedAt, failureCount: siteSyncs.failureCount, memberRole: siteMembers.role })
    .from(sites)
    .leftJoin(siteSyncs, eq(siteSyncs.siteId, sites.id))
    .leftJoin(siteMembers, and(eq(siteMembers.siteId, sites.id), eq(siteMembers.userId, userId)))
    .where(or(eq(sites.ownerId, userId), eq(siteMembers.userId, userId)))
    .orderBy(desc(sites.createdAt));
  const ids = rows.map((r) => r.site.id);
  const paid = new Set(
    ids.length
      ? (await db.select({ siteId: subscriptions.siteId }).from(subscriptions).where(and(inArray(subscriptions.siteId, ids), inArray(subscriptions.status, ACTIVE)))).map((s) => s.siteId)
      : [],
  );
  return rows.map(({ site: r, syncedAt, failureCount, memberRole }) => {
    const settings = parseSiteSettings(r.settings);
    const { theme } = settings;
    return {
      siteId: r.id,
      siteType: r.siteType,
      subdomain: r.subdomain,
      name: settings.name || r.subdomain,
      status: r.status,
      customDomain: r.customDomainVerifiedAt ? r.customDomain : null,
      createdAt: r.createdAt,
      lastSyncedAt: syncedAt ?? null,
      syncFailures: failureCount ?? 0,
      preview: { socialImage: theme.socialImage?.url ?? null, icon: (theme.favicon ?? theme.logo)?.url ?? null, accentColor: theme.accentColor },
      plan: paid.has(r.id) ? ("paid" as const) : ("free" as const),
      role: r.ownerId === userId ? "owner" : (memberRole ?? "viewer"),
    };
  });
}
