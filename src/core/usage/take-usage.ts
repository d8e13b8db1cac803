import { lt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { usageCounters } from "@/db/schema";

/** A UTC minute or day, or a window of whole minutes (aligned on the epoch, so every process agrees on its start). */
export type UsagePeriod = "minute" | "day" | { minutes: number };

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const periodMs = (period: UsagePeriod) => (period === "minute" ? MINUTE_MS : period === "day" ? DAY_MS : period.minutes * MINUTE_MS);
/** How long a counter row is kept after its period ends (a little history for support), then pruned. */
const keepAfterMs = (period: UsagePeriod) => (period === "day" ? 7 * DAY_MS : 60 * MINUTE_MS);
const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * The UTC period a moment falls in: "2026-11-23" for a day, "2026-11-23T10:05" for a minute, and for a window of N
 * minutes its start and length ("2026-11-23T10:00/15m").
 */
export function periodOf(period: UsagePeriod, now: Date): string {
  if (period === "day") return now.toISOString().slice(0, 10);
  if (period === "minute") return now.toISOString().slice(0, 16);
  const start = Math.floor(now.getTime() / periodMs(period)) * periodMs(period);
  return `${new Date(start).toISOString().slice(0, 16)}/${period.minutes}m`;
}

let lastPrune = 0;

/**
 * Counts one use of `scope` for `key` in the current period, unless `cap` uses are already counted: then it
 * returns false and counts nothing. One statement (an upsert that only increments below the cap), so every process
 * sharing the database agrees and two requests can't both take the last unit.
 */
export async function takeUsage(db: Db, scope: string, key: string, cap: number, period: UsagePeriod, now = new Date()): Promise<boolean> {
  if (cap <= 0) return false;
  if (typeof period === "object" && !(Number.isInteger(period.minutes) && period.minutes >= 1 && period.minutes <= 1440)) {
    throw new Error(`usage window must be 1 to 1440 whole minutes, not ${period.minutes}`);
  }
  const start = Math.floor(now.getTime() / periodMs(period)) * periodMs(period);
  const expiresAt = new Date(start + periodMs(period) + keepAfterMs(period));
  const rows = await db
    .insert(usageCounters)
    .values({ scope, key, period: periodOf(period, now), count: 1, expiresAt })
    .onConflictDoUpdate({
      target: [usageCounters.scope, usageCounters.key, usageCounters.period],
      set: { count: sql`${usageCounters.count} + 1` },
      setWhere: sql`${usageCounters.count} < ${cap}`,
    })
    .returning({ count: usageCounters.count });
  // Housekeeping by the real clock (a caller's `now` only picks the period: a prune cut at a `now` ahead of other
  // callers' would delete their live rows mid-count), off the request's path: a failure only leaves old rows.
  const clock = Date.now();
  if (clock - lastPrune > PRUNE_EVERY_MS) {
    lastPrune = clock;
    void db.delete(usageCounters).where(lt(usageCounters.expiresAt, new Date(clock))).catch((err: unknown) => console.error("[usage] prune failed:", err));
  }
  return rows.length > 0;
}
