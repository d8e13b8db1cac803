import type { SiteType } from "@/lib/site-types";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { sites, siteSyncs, subscriptions } from "@/db/schema";
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
  /** "paid" while an active subscription or lifetime deal covers the site. */
  plan: "free" | "paid";
};

const ACTIVE = ["active", "trialing", "past_due"];

/** The owner's sites, newest first. Only ever filtered by owner: the tenant wall. */
export async function listOwnerSites(db: Db, ownerId: string): Promise<OwnerSiteSummary[]> {
  const rows = await db
    .select({ site: sites, syncedAt: siteSyncs.syncedAt })
    .from(sites)
    .leftJoin(siteSyncs, eq(siteSyncs.siteId, sites.id))
    .where(eq(sites.ownerId, ownerId))
    .orderBy(desc(sites.createdAt));
  const ids = rows.map((r) => r.site.id);
  const paid = new Set(
    ids.length
      ? (await db.select({ siteId: subscriptions.siteId }).from(subscriptions).where(and(inArray(subscriptions.siteId, ids), inArray(subscriptions.status, ACTIVE)))).map((s) => s.siteId)
      : [],
  );
  return rows.map(({ site: r, syncedAt }) => ({
    siteId: r.id,
    siteType: r.siteType,
    subdomain: r.subdomain,
    name: parseSiteSettings(r.settings).name || r.subdomain,
    status: r.status,
    customDomain: r.customDomainVerifiedAt ? r.customDomain : null,
    createdAt: r.createdAt,
    lastSyncedAt: syncedAt ?? null,
    plan: paid.has(r.id) ? "paid" : "free",
  }));
}
