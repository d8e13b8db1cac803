import { count, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { sites } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { takeUsage } from "./take-usage";

/**
 * Calls an owner may make per minute to the RPC methods that reach Notion on demand: the
 * page inspections (safeGetNotionPageState, isNotionPagePublic, getNotionData, getAllNotionPages) share one budget,
 * syncSiteNow has its own. Counted in the database, so the limit holds across processes.
 */
export const NOTION_CALLS_PER_MINUTE = 10;
/**
 * Page inspections a minute for an owner without a site yet: onboarding is trying links (a few wrong ones, as
 * newcomers do) and site types, and shouldn't meet the limit.
 */
export const ONBOARDING_CALLS_PER_MINUTE = 30;

/** Our own limit, said as ours (never Notion's), with when to try again. */
export function tooManyCallsMessage(scope: OwnerCallScope, seconds: number): string {
  const what = scope === "sync-now" ? "synced a lot" : "checked a lot of pages";
  return `You've ${what} in a short time. That's Pagewright's own limit, not Notion's: try again in ${seconds} s.`;
}

export type OwnerCallScope = "notion-inspect" | "sync-now";

/** Seconds until the next UTC minute, when the per-minute counter starts again. */
const secondsToNextMinute = (now: Date) => 60 - now.getUTCSeconds();

/**
 * Counts one call; RATE_LIMITED (with the seconds until the next minute) once the owner has made their calls of this
 * kind this minute: NOTION_CALLS_PER_MINUTE, or ONBOARDING_CALLS_PER_MINUTE page inspections while they have no site.
 */
export async function requireOwnerCallAllowance(db: Db, scope: OwnerCallScope, ownerId: string, now = new Date()): Promise<void> {
  if (await takeUsage(db, scope, ownerId, NOTION_CALLS_PER_MINUTE, "minute", now)) return;
  if (scope === "notion-inspect" && (await isOnboarding(db, ownerId))) {
    // The burst's extra calls are counted apart, so the usual counter stays as it was.
    if (await takeUsage(db, "notion-inspect-onboarding", ownerId, ONBOARDING_CALLS_PER_MINUTE - NOTION_CALLS_PER_MINUTE, "minute", now)) return;
  }
  const seconds = secondsToNextMinute(now);
  throw new AppError("RATE_LIMITED", tooManyCallsMessage(scope, seconds), { retryAfterSeconds: seconds });
}

async function isOnboarding(db: Db, ownerId: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(sites).where(eq(sites.ownerId, ownerId));
  return Number(row?.n ?? 0) === 0;
}
