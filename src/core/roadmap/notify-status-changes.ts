import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { roadmapIdeas, roadmapItemStatuses, roadmapNotifications, roadmapVotes } from "@/db/schema";
import type { RoadmapItem } from "./roadmap-items";

const CHUNK = 500;

/**
 * Compares each item's status in this snapshot with the last one seen and queues one email per voter (and idea
 * author) of every item that moved. An item seen for the first time only takes stock. The status row is moved from
 * the old status to the new one in one statement, so when two processes see the same change only one queues it;
 * the change number in the notification's unique key makes a retry queue nothing twice. Whether emails go out at
 * all (the owner's switch, a locked site) is decided when they are delivered.
 */
export async function notifyStatusChanges(db: Db, siteId: string, items: RoadmapItem[]): Promise<{ changed: string[]; queued: number }> {
  const changed: string[] = [];
  let queued = 0;
  for (const item of items) {
    if (!item.status) continue;
    const [seen] = await db
      .select()
      .from(roadmapItemStatuses)
      .where(and(eq(roadmapItemStatuses.siteId, siteId), eq(roadmapItemStatuses.itemId, item.itemId)));
    if (!seen) {
      await db.insert(roadmapItemStatuses).values({ siteId, itemId: item.itemId, status: item.status }).onConflictDoNothing();
      continue;
    }
    if (seen.status === item.status) continue;
    const [moved] = await db
      .update(roadmapItemStatuses)
      .set({ status: item.status, changes: sql`${roadmapItemStatuses.changes} + 1` })
      .where(and(eq(roadmapItemStatuses.siteId, siteId), eq(roadmapItemStatuses.itemId, item.itemId), eq(roadmapItemStatuses.status, seen.status), eq(roadmapItemStatuses.changes, seen.changes)))
      .returning({ changes: roadmapItemStatuses.changes });
    if (!moved) continue; // another process took this change
    changed.push(item.itemId);
    // Voters of the item, and authors of ideas merged into it.
    const voters = await db.select({ id: roadmapVotes.voterId }).from(roadmapVotes).where(and(eq(roadmapVotes.siteId, siteId), eq(roadmapVotes.itemId, item.itemId)));
    const authors = await db.select({ id: roadmapIdeas.voterId }).from(roadmapIdeas).where(and(eq(roadmapIdeas.siteId, siteId), eq(roadmapIdeas.mergedInto, item.itemId)));
    const voterIds = [...new Set([...voters, ...authors].map((r) => r.id))];
    for (let i = 0; i < voterIds.length; i += CHUNK) {
      const values = voterIds.slice(i, i + CHUNK).map((voterId) => ({ siteId, itemId: item.itemId, voterId, change: moved.changes, fromStatus: seen.status, toStatus: item.status }));
      const inserted = await db.insert(roadmapNotifications).values(values).onConflictDoNothing().returning({ id: roadmapNotifications.id });
      queued += inserted.length;
    }
  }
  return { changed, queued };
}
