import { eq } from "drizzle-orm";
import { notionConnections } from "@/db/schema";
import { openSecret, sealSecret } from "@/lib/secret-box";
import { createOfficialClient, type RenewedToken } from "@/notion/official/client";
import { classifyOfficialFailure, notionCall, OfficialNotionError } from "@/notion/official/errors";
import { markConnectionRefused } from "./refuse-notion-connection";
import { accessTokenKey, type NotionConnectionDeps, type NotionOAuthConfig } from "./connection-deps";

/** When an access token with `expires_in` seconds left expires (null when Notion gave no expiry). */
export const expiryOf = (expiresInSeconds: unknown, now = Date.now()): Date | null =>
  typeof expiresInSeconds === "number" && Number.isFinite(expiresInSeconds) && expiresInSeconds > 0 ? new Date(now + expiresInSeconds * 1000) : null;

/**
 * A new access token for an OAuth connection, through Notion's token endpoint (grant_type=refresh_token). Notion
 * rotates the refresh token on every refresh and revokes the whole grant when an old one is presented again, so
 * the connection's row is locked while renewing: whoever comes second finds a different token stored and uses that
 * one instead of spending the refresh token twice (several processes can share a connection). Null when the
 * connection has no refresh token or was disconnected (the caller's 401 then stands). When Notion answers
 * `invalid_grant` the grant is gone for good: the connection is marked refused (refuse-notion-connection.ts) and
 * this throws "refused"; a renewal failing for now (5xx, time-out) marks nothing and throws that failure.
 */
export async function renewNotionToken(
  deps: NotionConnectionDeps & { oauth: NotionOAuthConfig },
  connectionId: string,
  staleToken: string,
): Promise<RenewedToken | null> {
  const key = accessTokenKey(deps.authSecret);
  const outcome = await deps.db.transaction(async (tx): Promise<{ renewed: RenewedToken | null } | { failed: unknown; refusal: { reason: string; claimed: boolean } | null }> => {
    const [row] = await tx.select().from(notionConnections).where(eq(notionConnections.id, connectionId)).for("update").limit(1);
    if (!row?.accessTokenSealed || !row.refreshTokenSealed) return { renewed: null };
    if (row.refusedAt) return { failed: new OfficialNotionError("refused", { notionCode: "invalid_grant", notionMessage: row.refusedReason ?? undefined }), refusal: null };
    const stored = openSecret(key, row.accessTokenSealed);
    if (stored !== staleToken) return { renewed: { token: stored, expiresAt: row.accessTokenExpiresAt } };

    const client = createOfficialClient({ token: `oauth-refresh:${connectionId}`, baseUrl: deps.officialApiBase });
    let grant: Awaited<ReturnType<typeof client.oauth.token>>;
    try {
      grant = await notionCall(() =>
        client.oauth.token({
          client_id: deps.oauth.clientId,
          client_secret: deps.oauth.clientSecret,
          grant_type: "refresh_token",
          refresh_token: openSecret(key, row.refreshTokenSealed!),
        }),
      );
    } catch (err) {
      const failure = classifyOfficialFailure(err);
      if (failure.kind === "refused" && failure.code === "invalid_grant") {
        return { failed: new OfficialNotionError("refused", { notionCode: "invalid_grant", notionMessage: failure.reason, cause: err }), refusal: { reason: failure.reason, claimed: await markConnectionRefused(tx, connectionId, failure.reason) } };
      }
      return { failed: err, refusal: null };
    }
    // `expires_in` is in Notion's answer when tokens expire, not (yet) in the SDK's type.
    const expiresAt = expiryOf((grant as { expires_in?: unknown }).expires_in);
    await tx
      .update(notionConnections)
      .set({
        accessTokenSealed: sealSecret(key, grant.access_token),
        refreshTokenSealed: grant.refresh_token ? sealSecret(key, grant.refresh_token) : row.refreshTokenSealed,
        accessTokenExpiresAt: expiresAt,
      })
      .where(eq(notionConnections.id, connectionId));
    return { renewed: { token: grant.access_token, expiresAt } };
  });
  if ("renewed" in outcome) return outcome.renewed;
  // Told once the mark is committed (the email names the connection's sites).
  if (outcome.refusal?.claimed) await deps.afterRefused?.(connectionId).catch(() => {});
  throw outcome.failed;
}
