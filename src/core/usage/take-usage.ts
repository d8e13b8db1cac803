import { lt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { usageCounters } from "@/db/schema";

export type UsagePeriod = "minute" | "day";

const PERIOD_MS: Record<UsagePeriod, number> = { minute: 60_000, day: 86_400_000 };
/** How long a counter row is kept after its period ends (a little history for support), then pruned. */
const KEEP_AFTER_MS: Record<UsagePeriod, number> = { minute: 60 * 60_000, day: 7 * 86_400_000 };
const PRUNE_EVERY_MS = 60 * 60_000;

/** The UTC period a moment falls in: "2026-11-23" for a day, "2026-11-23T10:05" for a minute. */
export const periodOf = (period: UsagePeriod, now: Date) => now.toISOString().slice(0, period === "day" ? 10 : 16);

let lastPrune = 0;

/**
 * Counts one use of `scope` for `key` in the current UTC minute or day, unless `cap` uses are already counted: then it
 * returns false and counts nothing. One statement (an upsert that only increments below the cap), so every process
 * sharing the database agrees and two requests can't both take the last unit.
 */
export async function takeUsage(db: Db, scope: string, key: string, cap: number, period: UsagePeriod, now = new Date()): Promise<boolean> {
  if (cap <= 0) return false;
  const start = Math.floor(now.getTime() / PERIOD_MS[period]) * PERIOD_MS[period];
  const expiresAt = new Date(start + PERIOD_MS[period] + KEEP_AFTER_MS[period]);
  const rows = await db
    .insert(usageCounters)
    .values({ scope, key, period: periodOf(period, now), count: 1, expiresAt })
    .onConflictDoUpdate({
      target: [usageCounters.scope, usageCounters.key, usageCounters.period],
      set: { count: sql`${usageCounters.count} + 1` },
      setWhere: sql`${usageCounters.count} < ${cap}`,
    })
    .returning({ count: usageCounters.count });
  if (now.getTime() - lastPrune > PRUNE_EVERY_MS) {
    lastPrune = now.getTime();
    // Housekeeping, off the request's path: a failure only leaves old rows for the next try.
    void db.delete(usageCounters).where(lt(usageCounters.expiresAt, now)).catch((err: unknown) => console.error("[usage] prune failed:", err));
  }
  return rows.length > 0;
}
