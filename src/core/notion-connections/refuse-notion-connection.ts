import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notionConnections } from "@/db/schema";
import type { NotionConnectionDeps } from "./connection-deps";

/**
 * Marks a connection as refused by Notion for good, with when and Notion's words. One conditional update (not yet
 * refused, still connected), so of several requests or processes seeing the refusal only one claims it — and only
 * that one tells the owner. Returns whether this call marked it.
 */
export async function markConnectionRefused(db: Pick<Db, "update">, connectionId: string, notionReason: string): Promise<boolean> {
  const marked = await db
    .update(notionConnections)
    .set({ refusedAt: new Date(), refusedReason: notionReason.slice(0, 500), refusalEmailedAt: null, lastError: null })
    .where(and(eq(notionConnections.id, connectionId), isNull(notionConnections.refusedAt), isNotNull(notionConnections.accessTokenSealed)))
    .returning({ id: notionConnections.id });
  return marked.length > 0;
}

/** Notion refused the connection's token (a 401 that stood): marked, and the owner told once (afterRefused). */
export async function refuseNotionConnection(deps: Pick<NotionConnectionDeps, "db" | "afterRefused">, connectionId: string, notionReason: string): Promise<void> {
  if (await markConnectionRefused(deps.db, connectionId, notionReason)) await deps.afterRefused?.(connectionId).catch(() => {});
}
