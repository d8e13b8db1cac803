import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notionConnections, sites, type NotionConnectionRow } from "@/db/schema";
import type { ContentService } from "@/notion/site-content";
import type { SiteEvents } from "@/core/sites/site-events";
import { contentSiteOf } from "@/core/sites/content-site-of";

/**
 * Reconnecting (OAuth again, or a new secret of the same integration): the new tokens go on the SAME connection, so
 * its sites keep pointing at it, and Notion's refusal is forgotten (a later one gets its own email).
 */
export async function putTokensOnConnection(
  db: Db,
  connectionId: string,
  tokens: Pick<NotionConnectionRow, "accessTokenSealed" | "refreshTokenSealed" | "accessTokenExpiresAt"> & Partial<Pick<NotionConnectionRow, "workspaceName" | "workspaceIcon" | "botId">>,
): Promise<void> {
  await db
    .update(notionConnections)
    .set({ ...tokens, refusedAt: null, refusedReason: null, refusalEmailedAt: null, revokedAt: null, lastError: null })
    .where(eq(notionConnections.id, connectionId));
}

/** Every site read through the connection, refreshed now (after a reconnect): the edits made meanwhile come in. */
export async function refreshConnectionSites(deps: { db: Db; content: ContentService; siteEvents: SiteEvents }, connectionId: string): Promise<{ siteId: string; status: string }[]> {
  const rows = await deps.db.select().from(sites).where(eq(sites.notionConnectionId, connectionId));
  return Promise.all(
    rows.map(async (site) => {
      const result = await deps.content.refresh(contentSiteOf(site));
      if (result.status === "updated") deps.siteEvents.emitSiteChanged(site.id);
      return { siteId: site.id, status: result.status };
    }),
  );
}
