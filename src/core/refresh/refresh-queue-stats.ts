import { count, isNotNull, min } from "drizzle-orm";
import type { Db } from "@/db/client";
import { siteSyncs } from "@/db/schema";

export type RefreshQueueStats = {
  /** Sites whose refresh a reader asked for and no worker has started. */
  waiting: number;
  /** How long the oldest of them has waited, in seconds (0 when none waits). */
  oldestWaitSeconds: number;
};

/** The refresh queue as the operator sees it (metrics): its depth and its lag. */
export async function refreshQueueStats(db: Db, now = new Date()): Promise<RefreshQueueStats> {
  const [row] = await db
    .select({ waiting: count(), oldest: min(siteSyncs.refreshWantedAt) })
    .from(siteSyncs)
    .where(isNotNull(siteSyncs.refreshWantedAt));
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return { waiting: Number(row?.waiting ?? 0), oldestWaitSeconds: oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0 };
}
