import { desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { sites } from "@/db/schema";
import { parseSiteSettings } from "./site-settings";

export type OwnerSiteSummary = {
  siteId: string;
  siteType: string;
  subdomain: string;
  name: string;
  status: string;
  customDomain: string | null;
  createdAt: Date;
};

/** The owner's sites, newest first. Only ever filtered by owner: the tenant wall. */
export async function listOwnerSites(db: Db, ownerId: string): Promise<OwnerSiteSummary[]> {
  const rows = await db
    .select()
    .from(sites)
    .where(eq(sites.ownerId, ownerId))
    .orderBy(desc(sites.createdAt));
  return rows.map((r) => ({
    siteId: r.id,
    siteType: r.siteType,
    subdomain: r.subdomain,
    name: parseSiteSettings(r.settings).name || r.subdomain,
    status: r.status,
    customDomain: r.customDomainVerifiedAt ? r.customDomain : null,
    createdAt: r.createdAt,
  }));
}
