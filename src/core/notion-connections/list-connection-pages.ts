import { eq } from "drizzle-orm";
import { z } from "zod";
import { notionConnections } from "@/db/schema";
import { toAppError } from "@/lib/errors";
import { listSharedPages, type SharedPage } from "@/notion/official/shared-pages";
import { getConnectionForOwnerOrThrow, officialClientOf } from "./connection-client";
import type { NotionConnectionDeps } from "./connection-deps";

export const connectionIdInput = z.object({ connectionId: z.string().min(1).max(64) }).strict();

/**
 * The pages and databases shared with the owner's connection, top ones first (those whose parent is not shared
 * too): what the owner picks a site's root from. A failure is kept on the connection, in words, for the dashboard.
 */
export async function listConnectionPages(
  deps: NotionConnectionDeps,
  ownerId: string,
  input: z.input<typeof connectionIdInput>,
): Promise<(SharedPage & { topLevel: boolean })[]> {
  const { connectionId } = connectionIdInput.parse(input);
  const connection = await getConnectionForOwnerOrThrow(deps, ownerId, connectionId);
  try {
    const pages = await listSharedPages(officialClientOf(deps, connection));
    if (connection.lastError) await deps.db.update(notionConnections).set({ lastError: null }).where(eq(notionConnections.id, connectionId));
    const ids = new Set(pages.map((p) => p.id));
    return pages
      .map((p) => ({ ...p, topLevel: !p.parentId || !ids.has(p.parentId) }))
      .sort((a, b) => Number(b.topLevel) - Number(a.topLevel) || a.title.localeCompare(b.title));
  } catch (err) {
    await deps.db.update(notionConnections).set({ lastError: toAppError(err).message }).where(eq(notionConnections.id, connectionId));
    throw err;
  }
}
