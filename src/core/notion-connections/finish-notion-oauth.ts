import { NOTION_OAUTH_ERRORS } from "./notion-oauth-errors";
import crypto from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { connectionSummaryOf } from "./connection-summary";
import { notionConnections } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { sealSecret } from "@/lib/secret-box";
import { createOfficialClient } from "@/notion/official/client";
import { notionCall } from "@/notion/official/errors";
import { accessTokenKey, type NotionConnectionDeps, type NotionOAuthConfig } from "./connection-deps";
import { expiryOf } from "./renew-notion-token";
import { oauthStateFor, reconnectOfNonce } from "./start-notion-oauth";
import { getConnectionForOwnerOrThrow } from "./connection-client";
import { putTokensOnConnection } from "./reconnect-notion-connection";

export const notionOAuthCallbackInput = z.object({
  code: z.string().min(1).max(1000).optional(),
  state: z.string().min(1).max(500).optional(),
  error: z.string().max(200).optional(),
});

const sameString = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
};

/**
 * "Connect Notion", step two (Notion redirected back): the state must equal the cookie's and be this owner's; the
 * code is exchanged for an access token (client id and secret as Basic auth, by the SDK), which is stored sealed,
 * with the refresh token and the expiry when Notion gives them (renew-notion-token.ts). Reconnecting (the state
 * names the connection, or Notion refused one of this owner's connections to the same workspace) puts the new tokens
 * on that connection and clears Notion's refusal; the caller refreshes its sites.
 */
export async function finishNotionOAuth(
  deps: NotionConnectionDeps & { oauth: NotionOAuthConfig | null },
  ownerId: string,
  input: z.input<typeof notionOAuthCallbackInput>,
  cookieState: string | undefined,
): Promise<{ connectionId: string; reconnected: boolean; siteId?: string }> {
  if (!deps.oauth) throw new AppError("NOT_FOUND", NOTION_OAUTH_ERRORS.not_configured);
  const { code, state, error } = notionOAuthCallbackInput.parse(input);
  if (!state || !cookieState || !sameString(state, cookieState)) throw new AppError("FORBIDDEN", NOTION_OAUTH_ERRORS.not_started_here);
  const nonce = state.split(".")[0] ?? "";
  if (!sameString(state, oauthStateFor(deps.authSecret, ownerId, nonce))) throw new AppError("FORBIDDEN", NOTION_OAUTH_ERRORS.other_account);
  if (error || !code) throw new AppError("VALIDATION", error === "access_denied" ? NOTION_OAUTH_ERRORS.denied : NOTION_OAUTH_ERRORS.no_code);

  // The SDK needs no token for the exchange; the client's own auth is the Basic header it builds from these.
  const client = createOfficialClient({ token: `oauth-exchange:${nonce}`, baseUrl: deps.officialApiBase });
  const grant = await notionCall(() =>
    client.oauth.token({ client_id: deps.oauth!.clientId, client_secret: deps.oauth!.clientSecret, grant_type: "authorization_code", code, redirect_uri: deps.oauth!.redirectUri }),
  ).catch((err) => {
    throw new AppError("UPSTREAM", NOTION_OAUTH_ERRORS.upstream, { cause: err });
  });
  const tokens = {
    workspaceName: grant.workspace_name,
    workspaceIcon: grant.workspace_icon,
    botId: grant.bot_id,
    accessTokenSealed: sealSecret(accessTokenKey(deps.authSecret), grant.access_token),
    refreshTokenSealed: grant.refresh_token ? sealSecret(accessTokenKey(deps.authSecret), grant.refresh_token) : null,
    // `expires_in` is in Notion's answer when its tokens expire, not (yet) in the SDK's type.
    accessTokenExpiresAt: expiryOf((grant as { expires_in?: unknown }).expires_in),
  };

  // Reconnecting: the explicit connection (the "Reconnect Notion" link), else the owner's connection to this same
  // workspace — refused, disconnected or working — so connecting a workspace again never adds a second one.
  const reconnect = reconnectOfNonce(nonce);
  const target = reconnect
    ? await getConnectionForOwnerOrThrow(deps, ownerId, reconnect.connectionId)
    : (
        await deps.db
          .select()
          .from(notionConnections)
          .where(and(eq(notionConnections.ownerId, ownerId), eq(notionConnections.kind, "oauth"), eq(notionConnections.workspaceId, grant.workspace_id)))
          .orderBy(asc(notionConnections.createdAt))
          .limit(1)
      )[0];
  if (target) {
    if (target.kind !== "oauth") throw new AppError("VALIDATION", NOTION_OAUTH_ERRORS.internal_secret);
    if (target.workspaceId && target.workspaceId !== grant.workspace_id) {
      throw new AppError("VALIDATION", `Notion connected another workspace (${grant.workspace_name ?? "unnamed"}): reconnect and choose ${target.workspaceName ?? "the connection's own workspace"}`);
    }
    await putTokensOnConnection(deps.db, target.id, tokens);
    // Its sites need a refresh only if it had stopped working (refused or disconnected), or the owner asked.
    return { connectionId: target.id, reconnected: Boolean(reconnect) || !connectionSummaryOf(target).connected, siteId: reconnect?.siteId };
  }
  const [row] = await deps.db
    .insert(notionConnections)
    .values({ ownerId, kind: "oauth", workspaceId: grant.workspace_id, ...tokens })
    .returning({ id: notionConnections.id });
  return { connectionId: row!.id, reconnected: false };
}
