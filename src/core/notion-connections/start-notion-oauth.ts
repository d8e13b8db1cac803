import crypto from "node:crypto";
import { AppError } from "@/lib/errors";
import type { NotionOAuthConfig } from "./connection-deps";

/**
 * "Connect Notion", step one: where to send the owner (Notion's consent screen) and the state value that must come
 * back. The state is a random nonce plus an HMAC binding it to the signed-in owner; the route keeps it in an HttpOnly
 * cookie, so a callback is accepted only in the browser that started it, for the owner who started it.
 */

export const NOTION_OAUTH_STATE_COOKIE = "notion_oauth_state";
export const NOTION_OAUTH_STATE_MAX_AGE_S = 10 * 60;

export function oauthStateFor(authSecret: string, ownerId: string, nonce: string): string {
  const mac = crypto.createHmac("sha256", authSecret).update(`notion-oauth-state:${ownerId}:${nonce}`).digest("base64url");
  return `${nonce}.${mac}`;
}

/**
 * What a state's nonce carries besides its randomness: the connection being reconnected (its new tokens go on it)
 * and the site whose General screen the owner comes back to. Covered by the state's HMAC, so never forged.
 */
export type OAuthReconnect = { connectionId: string; siteId?: string };

const ID = /^[0-9a-f-]{36}$/;

export function reconnectOfNonce(nonce: string): OAuthReconnect | null {
  const [, connectionId, siteId] = nonce.split("~");
  if (!connectionId || !ID.test(connectionId)) return null;
  return { connectionId, siteId: siteId && ID.test(siteId) ? siteId : undefined };
}

export function startNotionOAuth(
  deps: { authSecret: string; officialApiBase: string; oauth: NotionOAuthConfig | null },
  ownerId: string,
  reconnect?: OAuthReconnect,
): { authorizeUrl: string; state: string } {
  if (!deps.oauth) throw new AppError("NOT_FOUND", "Connecting Notion with OAuth is not configured on this server: paste an internal integration secret instead");
  const random = crypto.randomBytes(24).toString("base64url");
  const nonce = reconnect ? [random, reconnect.connectionId, ...(reconnect.siteId ? [reconnect.siteId] : [])].join("~") : random;
  const state = oauthStateFor(deps.authSecret, ownerId, nonce);
  const url = new URL("/v1/oauth/authorize", deps.officialApiBase);
  url.search = new URLSearchParams({ client_id: deps.oauth.clientId, redirect_uri: deps.oauth.redirectUri, response_type: "code", owner: "user", state }).toString();
  return { authorizeUrl: url.toString(), state };
}
