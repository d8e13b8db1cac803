import { desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { subscribers } from "@/db/schema";
import { getSiteForOwnerOrThrow } from "@/core/sites/get-site-for-owner-or-throw";

export type SubscriberRow = { email: string; status: string; createdAt: string };

/** The site's subscribers for the dashboard list, newest first (the CSV export has them all). */
export async function listSiteSubscribers(db: Db, ownerId: string, siteId: string, limit = 1000): Promise<SubscriberRow[]> {
  const site = await getSiteForOwnerOrThrow(db, ownerId, siteId);
  const rows = await db.select().from(subscribers).where(eq(subscribers.siteId, site.id)).orderBy(desc(subscribers.createdAt)).limit(limit);
  return rows.map((r) => ({ email: r.email, status: r.status, createdAt: r.createdAt.toISOString() }));
}
