import { and, eq, lt, sql } from "drizzle-orm";
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
  return (await countUsage(db, scope, key, cap, period, now)) !== null;
}

/** As takeUsage, but the count after this use (null: the cap was already reached, nothing counted). */
export async function countUsage(db: Db, scope: string, key: string, cap: number, period: UsagePeriod, now = new Date()): Promise<number | null> {
  if (cap <= 0) return null;
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
  return rows[0]?.count ?? null;
}

/** The uses counted for `key` in the current period (0 when none). */
export async function usageCount(db: Db, scope: string, key: string, period: UsagePeriod, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ count: usageCounters.count })
    .from(usageCounters)
    .where(and(eq(usageCounters.scope, scope), eq(usageCounters.key, key), eq(usageCounters.period, periodOf(period, now))))
    .limit(1);
  return row?.count ?? 0;
}

/** Forgets the uses counted for `key` in the current period (an owner lifting a lockout). */
export async function clearUsage(db: Db, scope: string, key: string, period: UsagePeriod, now = new Date()): Promise<void> {
  await db.delete(usageCounters).where(and(eq(usageCounters.scope, scope), eq(usageCounters.key, key), eq(usageCounters.period, periodOf(period, now))));
}

/** When the current period ends. */
export function periodEnd(period: UsagePeriod, now = new Date()): Date {
  const ms = periodMs(period);
  return new Date(Math.floor(now.getTime() / ms) * ms + ms);
}
