import { desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { searchMisses } from "@/db/schema";
import { getSiteForOwnerOrThrow } from "@/core/sites/get-site-for-owner-or-throw";

/** Searches on the site that found nothing, most frequent first: what visitors look for and the site lacks. */
export async function listSearchMisses(db: Db, ownerId: string, siteId: string, limit = 100) {
  const site = await getSiteForOwnerOrThrow(db, ownerId, siteId);
  const rows = await db.select().from(searchMisses).where(eq(searchMisses.siteId, site.id)).orderBy(desc(searchMisses.count), desc(searchMisses.lastSeenAt)).limit(limit);
  return rows.map((r) => ({ query: r.query, count: r.count, lastSeenAt: r.lastSeenAt.toISOString() }));
}
