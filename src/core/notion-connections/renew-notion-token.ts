import { eq } from "drizzle-orm";
import { notionConnections } from "@/db/schema";
import { openSecret, sealSecret } from "@/lib/secret-box";
import { createOfficialClient, type RenewedToken } from "@/notion/official/client";
import { notionCall } from "@/notion/official/errors";
import { accessTokenKey, type NotionConnectionDeps, type NotionOAuthConfig } from "./connection-deps";

/** When an access token with `expires_in` seconds left expires (null when Notion gave no expiry). */
export const expiryOf = (expiresInSeconds: unknown, now = Date.now()): Date | null =>
  typeof expiresInSeconds === "number" && Number.isFinite(expiresInSeconds) && expiresInSeconds > 0 ? new Date(now + expiresInSeconds * 1000) : null;

/**
 * A new access token for an OAuth connection, through Notion's token endpoint (grant_type=refresh_token). Notion
 * rotates the refresh token on every refresh and revokes the whole grant when an old one is presented again, so
 * the connection's row is locked while renewing: whoever comes second finds a different token stored and uses that
 * one instead of spending the refresh token twice (several processes can share a connection). Null when the
 * connection has no refresh token, was disconnected, or Notion refused (the caller's 401 then stands and says
 * "connect Notion again").
 */
export async function renewNotionToken(
  deps: NotionConnectionDeps & { oauth: NotionOAuthConfig },
  connectionId: string,
  staleToken: string,
): Promise<RenewedToken | null> {
  const key = accessTokenKey(deps.authSecret);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(notionConnections).where(eq(notionConnections.id, connectionId)).for("update").limit(1);
    if (!row?.accessTokenSealed || !row.refreshTokenSealed) return null;
    const stored = openSecret(key, row.accessTokenSealed);
    if (stored !== staleToken) return { token: stored, expiresAt: row.accessTokenExpiresAt };

    const client = createOfficialClient({ token: `oauth-refresh:${connectionId}`, baseUrl: deps.officialApiBase });
    const grant = await notionCall(() =>
      client.oauth.token({
        client_id: deps.oauth.clientId,
        client_secret: deps.oauth.clientSecret,
        grant_type: "refresh_token",
        refresh_token: openSecret(key, row.refreshTokenSealed!),
      }),
    ).catch(() => null);
    if (!grant) return null;
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
    return { token: grant.access_token, expiresAt };
  });
}
