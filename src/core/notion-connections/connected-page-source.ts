import { eq } from "drizzle-orm";
import { notionConnections } from "@/db/schema";
import { toAppError } from "@/lib/errors";
import type { PageSource } from "@/notion/page-source";
import { officialPageSource } from "@/notion/official/page-source";
import { getConnection, officialClientOf } from "./connection-client";
import type { NotionConnectionDeps } from "./connection-deps";

/**
 * How the content service reads a connected site: the connection's token is opened here (core owns the tokens)
 * and handed down inside the official client. Each fetch's outcome is kept on the connection (its last error).
 */
export async function connectedPageSource(deps: NotionConnectionDeps, connectionId: string): Promise<PageSource> {
  const connection = await getConnection(deps, connectionId);
  const source = officialPageSource(officialClientOf(deps, connection), { workspaceId: connection.workspaceId ?? undefined });
  const noting = <A extends unknown[], R>(work: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await work(...args);
      } catch (err) {
        if (!source.isGone(err)) {
          await deps.db.update(notionConnections).set({ lastError: toAppError(err).message }).where(eq(notionConnections.id, connectionId)).catch(() => {});
        }
        throw err;
      }
    };
  return { fetchPage: noting(source.fetchPage), editTimes: noting(source.editTimes), exactEditTimes: source.exactEditTimes, isGone: source.isGone };
}
