import crypto from "node:crypto";
import { lt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { analyticsSalts } from "@/db/schema";

/**
 * The salt of one UTC day, the same in every process sharing the database: the first process to ask inserts a random
 * one, the others read it. `forgetPastSalts` deletes every earlier day's salt, after which no one — us included — can
 * tell whether two days' visitors were the same person.
 */
const cache = new Map<string, string>();

export async function saltOfDay(db: Db, day: string): Promise<string> {
  const known = cache.get(day);
  if (known) return known;
  await db.insert(analyticsSalts).values({ day, salt: crypto.randomBytes(32).toString("base64url") }).onConflictDoNothing();
  const [row] = await db.select({ salt: analyticsSalts.salt }).from(analyticsSalts).where(sql`${analyticsSalts.day} = ${day}`);
  if (!row) throw new Error(`analytics salt of ${day} missing after insert`);
  if (cache.size > 4) cache.clear();
  cache.set(day, row.salt);
  return row.salt;
}

export async function forgetPastSalts(db: Db, today: string): Promise<void> {
  await db.delete(analyticsSalts).where(lt(analyticsSalts.day, today));
  for (const day of cache.keys()) if (day < today) cache.delete(day);
}

/** One visitor of one site on one day; the IP and user agent themselves are never stored. */
export const visitorHash = (salt: string, siteId: string, ip: string, userAgent: string) =>
  crypto.createHash("sha256").update(`${salt}\n${siteId}\n${ip}\n${userAgent}`).digest("base64url").slice(0, 22);
