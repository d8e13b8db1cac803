import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "@/db/client";
import { siteAgentTokens } from "@/db/schema";
import { AGENT_TOKEN_PREFIX, hashAgentToken } from "./hash-agent-token";

/**
 * Whether a bearer token is one of this site's agent tokens. Looked up by hash (never compared as text), and its
 * last use stamped at most once a minute so a busy agent does not write on every request.
 */
export async function checkAgentToken(db: Db, siteId: string, token: string, now = new Date()): Promise<boolean> {
  if (!token.startsWith(AGENT_TOKEN_PREFIX) || token.length > 200) return false;
  const [row] = await db
    .select({ id: siteAgentTokens.id })
    .from(siteAgentTokens)
    .where(and(eq(siteAgentTokens.siteId, siteId), eq(siteAgentTokens.tokenHash, hashAgentToken(token))))
    .limit(1);
  if (!row) return false;
  const minuteAgo = new Date(now.getTime() - 60_000);
  await db
    .update(siteAgentTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(siteAgentTokens.id, row.id), or(isNull(siteAgentTokens.lastUsedAt), lt(siteAgentTokens.lastUsedAt, minuteAgo))));
  return true;
}
