import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { siteSyncs } from "@/db/schema";

/**
 * A sites-role process read a stale snapshot: it asks for a refresh instead of spending Notion requests itself, and a
 * worker (or an all-in-one process) runs it. The first ask stands until the refresh is claimed, so the oldest waits first.
 */
export async function markRefreshWanted(db: Db, siteId: string): Promise<void> {
  await db
    .update(siteSyncs)
    .set({ refreshWantedAt: new Date() })
    .where(eq(siteSyncs.siteId, siteId));
}
