import { and, eq, gte, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { analyticsDaily, sites } from "@/db/schema";

const DAYS = 14;
const DAY_MS = 86_400_000;

/** Page views of each of the owner's sites over the last 14 UTC days (oldest first), for the site cards' sparklines. */
export async function getViewTrends(db: Db, ownerId: string, now = new Date()): Promise<{ siteId: string; days: string[]; pageviews: number[] }[]> {
  const today = Date.parse(now.toISOString().slice(0, 10));
  const days = Array.from({ length: DAYS }, (_, i) => new Date(today - (DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10));
  const owned = await db.select({ id: sites.id }).from(sites).where(eq(sites.ownerId, ownerId));
  if (!owned.length) return [];
  const rows = await db
    .select({ siteId: analyticsDaily.siteId, day: analyticsDaily.day, count: analyticsDaily.count })
    .from(analyticsDaily)
    .where(and(inArray(analyticsDaily.siteId, owned.map((s) => s.id)), eq(analyticsDaily.dimension, "pageviews"), gte(analyticsDaily.day, days[0]!)));
  const counts = new Map(rows.map((r) => [`${r.siteId}|${r.day}`, r.count]));
  return owned.map(({ id }) => ({ siteId: id, days, pageviews: days.map((d) => counts.get(`${id}|${d}`) ?? 0) }));
}
