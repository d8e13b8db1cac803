import type { Db } from "@/db/client";
import { AppError } from "@/lib/errors";
import { takeUsage } from "./take-usage";

/**
 * Calls an owner may make per minute to the RPC methods that reach Notion on demand: the
 * page inspections (safeGetNotionPageState, isNotionPagePublic, getNotionData, getAllNotionPages) share one budget,
 * syncSiteNow has its own. Counted in the database, so the limit holds across processes.
 */
export const NOTION_CALLS_PER_MINUTE = 10;

export const TOO_MANY_NOTION_CALLS_MESSAGE = "Too many requests to Notion, please try again in a minute";

export type OwnerCallScope = "notion-inspect" | "sync-now";

/** Counts one call; RATE_LIMITED once the owner has made NOTION_CALLS_PER_MINUTE of this kind this minute. */
export async function requireOwnerCallAllowance(db: Db, scope: OwnerCallScope, ownerId: string, now = new Date()): Promise<void> {
  if (!(await takeUsage(db, scope, ownerId, NOTION_CALLS_PER_MINUTE, "minute", now))) throw new AppError("RATE_LIMITED", TOO_MANY_NOTION_CALLS_MESSAGE);
}
