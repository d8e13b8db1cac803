import { and, eq } from "drizzle-orm";
import { notionConnections, type NotionConnectionRow } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { openSecret } from "@/lib/secret-box";
import { createOfficialClient, type OfficialClient } from "@/notion/official/client";
import { OfficialNotionError } from "@/notion/official/errors";
import { refuseNotionConnection } from "./refuse-notion-connection";
import { accessTokenKey, type NotionConnectionDeps } from "./connection-deps";
import { renewNotionToken } from "./renew-notion-token";

export const DISCONNECTED_MESSAGE = "This Notion connection was disconnected: connect Notion again and choose the new connection for the site";

/** The owner's connection, or NOT_FOUND (another owner's connection is not found either). */
export async function getConnectionForOwnerOrThrow(deps: Pick<NotionConnectionDeps, "db">, ownerId: string, connectionId: string): Promise<NotionConnectionRow> {
  const [row] = await deps.db
    .select()
    .from(notionConnections)
    .where(and(eq(notionConnections.id, connectionId), eq(notionConnections.ownerId, ownerId)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", "Notion connection not found");
  return row;
}

/**
 * An official-API client with the connection's token, opened here and handed only to the client. An OAuth
 * connection with a refresh token renews its access token before it expires or on a 401 (renew-notion-token.ts).
 * A connection Notion refused for good gets no client: it fails at once with Notion's stored words, and nothing is
 * sent to Notion until its owner reconnects. A 401 that stands after the one renewal (at once for an internal
 * secret, or a token without a refresh token) marks it refused.
 */
export function officialClientOf(deps: NotionConnectionDeps, connection: NotionConnectionRow): OfficialClient {
  if (!connection.accessTokenSealed) throw new AppError("UNAUTHORIZED", DISCONNECTED_MESSAGE);
  if (connection.refusedAt) throw new OfficialNotionError("refused", { notionMessage: connection.refusedReason ?? undefined });
  const oauth = deps.oauth;
  const renewal =
    oauth && connection.refreshTokenSealed
      ? { expiresAt: connection.accessTokenExpiresAt, renew: (stale: string) => renewNotionToken({ ...deps, oauth }, connection.id, stale) }
      : undefined;
  // A refresh token this server can't use (OAuth no longer configured) proves nothing about the grant: no mark then.
  const canJudge = !connection.refreshTokenSealed || renewal;
  const budget = deps.budget;
  const bucket = `connection:${connection.id}`;
  return createOfficialClient({
    token: openSecret(accessTokenKey(deps.authSecret), connection.accessTokenSealed),
    baseUrl: deps.officialApiBase,
    renewal,
    // The connection's rate and a 429's cool-down hold across every process, not only this one's queue.
    budget: budget && (<T,>(send: () => Promise<T>) => budget.take(bucket).then(send)),
    onRateLimited: budget && (({ waitMs }) => void budget.pause(bucket, waitMs).catch(() => undefined)),
    onRefused: canJudge ? (reason) => refuseNotionConnection(deps, connection.id, reason) : undefined,
  });
}

/** The connection by id, whoever owns it (for reading a site's content, whose owner is already known). */
export async function getConnection(deps: Pick<NotionConnectionDeps, "db">, connectionId: string): Promise<NotionConnectionRow> {
  const [row] = await deps.db.select().from(notionConnections).where(eq(notionConnections.id, connectionId)).limit(1);
  if (!row) throw new AppError("UNAUTHORIZED", DISCONNECTED_MESSAGE);
  return row;
}
