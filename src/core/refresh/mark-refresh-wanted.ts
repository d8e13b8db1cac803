import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { siteSyncs } from "@/db/schema";

/**
 * A sites-role process read a stale snapshot: it asks for a refresh instead of spending Notion requests itself, and a
 * worker (or an all-in-one process) runs it. The reader's copy of the sync state can be up to a second old, so the
 * database decides, on its own clock: no ask while a refresh holds the lease or one ended within the site's window
 * (`windowMs`), and the first ask keeps its time, so the oldest waits first.
 */
export async function markRefreshWanted(db: Db, siteId: string, windowMs: number): Promise<void> {
  const lastTry = sql`greatest(${siteSyncs.syncedAt}, ${siteSyncs.lastAttemptAt})`;
  const windowStart = sql`now() - ${`${Math.max(0, windowMs) / 1000} seconds`}::interval`;
  await db
    .update(siteSyncs)
    .set({ refreshWantedAt: sql`now()` })
    .where(
      and(
        eq(siteSyncs.siteId, siteId),
        isNull(siteSyncs.refreshWantedAt),
        or(isNull(siteSyncs.leaseUntil), sql`${siteSyncs.leaseUntil} < now()`),
        or(sql`${lastTry} is null`, sql`${lastTry} < ${windowStart}`),
      ),
    );
}
