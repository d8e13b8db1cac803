import crypto from "node:crypto";
import type http from "node:http";
import { sendJson } from "../shared/http";
import { dashed } from "../shared/notion-ids";
import { answeredByFault } from "./api";
import { escapeHtml, readBody, sendError } from "./errors";
import { countCall, editor, newSecret, now, type StubState, type Token } from "./state";
import { plain, titleOfPage } from "./values";
import type { Json } from "./workspace";

/** OAuth: the authorize page (approve, deny or let the user choose pages), and the token, revoke and introspect endpoints. */

const CODE_TTL_MS = 10 * 60 * 1000;

function redirectWith(res: http.ServerResponse, redirectUri: string, params: Record<string, string | null>): void {
  const target = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== null) target.searchParams.set(k, v);
  res.writeHead(302, { location: target.toString() });
  res.end();
}

function issueCode(stub: StubState, pages: string[], redirectUri: string): string {
  const code = crypto.randomBytes(16).toString("hex");
  stub.codes.set(code, { pages, redirectUri, expires: Date.now() + CODE_TTL_MS, used: false });
  return code;
}

function consentPage(stub: StubState, res: http.ServerResponse, q: URLSearchParams): void {
  const { ws } = stub;
  const hidden = ["client_id", "redirect_uri", "state", "owner", "response_type"]
    .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q.get(k) ?? "")}">`)
    .join("");
  const items = Object.values(ws.roots)
    .map((id) => {
      const title = ws.pages.has(id) ? titleOfPage(ws.pages.get(id)!) : plain(ws.databases.get(id)?.title);
      const checked = stub.consent.pages.includes(id) ? " checked" : "";
      return `<li><label><input type="checkbox" name="page" value="${id}"${checked}> ${escapeHtml(title || "Untitled")}</label></li>`;
    })
    .join("");
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>Notion (stand-in): allow access</title></head><body>
<h1>Pagewright wants to access ${escapeHtml(ws.workspaceName)}</h1>
<form method="post" action="/v1/oauth/authorize">${hidden}<p>Select the pages it can access:</p><ul>${items}</ul>
<button type="submit" name="decision" value="allow">Allow access</button> <button type="submit" name="decision" value="cancel">Cancel</button></form></body></html>`;
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.end(html);
}

export async function handleAuthorize(stub: StubState, req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
  countCall(stub, "oauth.authorize");
  let q = url.searchParams;
  if (req.method === "POST") q = new URLSearchParams(await readBody(req));
  const redirectUri = q.get("redirect_uri");
  const badRequest = (message: string) => {
    res.writeHead(400, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><p>${escapeHtml(message)}</p>`);
  };
  if (q.get("client_id") !== stub.settings.clientId) return badRequest("Invalid client_id.");
  if (!redirectUri || !/^https?:\/\//.test(redirectUri)) return badRequest("Missing or invalid redirect_uri.");
  if (q.get("response_type") !== "code") return badRequest("response_type must be code.");
  const state = q.get("state");
  if (req.method === "POST") {
    if (q.get("decision") !== "allow") return redirectWith(res, redirectUri, { error: "access_denied", state });
    const pages = q.getAll("page").map(dashed).filter((id) => stub.ws.blocks.has(id));
    return redirectWith(res, redirectUri, { code: issueCode(stub, pages, redirectUri), state });
  }
  if (stub.consent.mode === "deny") return redirectWith(res, redirectUri, { error: "access_denied", state });
  if (stub.consent.mode === "choose") return consentPage(stub, res, q);
  return redirectWith(res, redirectUri, { code: issueCode(stub, stub.consent.pages, redirectUri), state });
}

function basicClient(stub: StubState, req: http.IncomingMessage): boolean {
  const encoded = /^Basic (.+)$/.exec(req.headers.authorization ?? "")?.[1];
  if (!encoded) return false;
  const [id, ...secret] = Buffer.from(encoded, "base64").toString("utf8").split(":");
  return id === stub.settings.clientId && secret.join(":") === stub.settings.clientSecret;
}

const expiryOfNewToken = (stub: StubState) => (stub.consent.tokenTtlSeconds ? now(stub) + stub.consent.tokenTtlSeconds * 1000 : undefined);

function tokenResponse(stub: StubState, token: Token): Json {
  const owner = stub.ws.users.values().next().value as Json | undefined;
  return {
    access_token: token.token,
    token_type: "bearer",
    refresh_token: token.refreshToken ?? null,
    ...(token.expiresAt !== undefined ? { expires_in: Math.max(0, Math.round((token.expiresAt - now(stub)) / 1000)) } : {}),
    bot_id: token.botId,
    workspace_id: stub.ws.workspaceId,
    workspace_name: stub.ws.workspaceName,
    workspace_icon: null,
    owner: { type: "user", user: owner ?? { object: "user", id: editor(stub) } },
    duplicated_template_id: null,
    request_id: crypto.randomUUID(),
  };
}

/** The token endpoint's OAuth errors, as Notion answers them: `{error, error_description}` (RFC 6749 §5.2). */
function sendGrantError(res: http.ServerResponse, description: string): void {
  sendJson(res, 400, { error: "invalid_grant", error_description: description, request_id: crypto.randomUUID() });
}

/** `grant_type` authorization_code or refresh_token: a new access token, or the grant error Notion gives. */
function grant(stub: StubState, res: http.ServerResponse, body: Json): void {
  if (body.grant_type === "authorization_code") {
    const code = stub.codes.get(String(body.code ?? ""));
    if (!code || code.used || code.expires < Date.now()) return sendGrantError(res, "Invalid code.");
    if (body.redirect_uri !== undefined && body.redirect_uri !== code.redirectUri) return sendGrantError(res, "Invalid redirect_uri.");
    code.used = true;
    const token: Token = {
      token: newSecret("ntn"),
      kind: "oauth",
      shared: new Set(code.pages),
      revoked: false,
      botId: crypto.randomUUID(),
      refreshToken: newSecret("nrt"),
      expiresAt: expiryOfNewToken(stub),
    };
    stub.tokens.set(token.token, token);
    return sendJson(res, 200, tokenResponse(stub, token));
  }
  if (body.grant_type === "refresh_token") {
    const old = [...stub.tokens.values()].find((t) => t.refreshToken && t.refreshToken === body.refresh_token);
    if (!old || old.revoked) return sendGrantError(res, old?.grantRevoked ? "The grant was revoked: the user removed the connection." : "Invalid refresh token.");
    old.revoked = true;
    const token: Token = { ...old, token: newSecret("ntn"), revoked: false, refreshToken: newSecret("nrt"), expiresAt: expiryOfNewToken(stub) };
    stub.tokens.set(token.token, token);
    return sendJson(res, 200, tokenResponse(stub, token));
  }
  return sendError(res, 400, "invalid_request", "grant_type must be authorization_code or refresh_token.");
}

export async function handleOAuth(
  stub: StubState,
  endpoint: "oauth.token" | "oauth.revoke" | "oauth.introspect",
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  countCall(stub, endpoint);
  if (await answeredByFault(stub, endpoint, res)) return;
  if (req.method !== "POST") return sendError(res, 405, "invalid_request", "Unsupported request method.");
  if (!basicClient(stub, req)) return sendError(res, 401, "unauthorized", "Invalid client credentials.");
  let body: Json;
  try {
    body = JSON.parse((await readBody(req)) || "{}") as Json;
  } catch {
    return sendError(res, 400, "invalid_json", "Error parsing JSON body.");
  }
  if (endpoint === "oauth.token") return grant(stub, res, body);
  const token = stub.tokens.get(String(body.token ?? ""));
  if (endpoint === "oauth.revoke") {
    if (token) token.revoked = true;
    return sendJson(res, 200, { request_id: crypto.randomUUID() });
  }
  const active = Boolean(token && !token.revoked);
  return sendJson(res, 200, { active, scope: token ? "read_content" : undefined, iat: token ? Math.floor(Date.now() / 1000) : undefined, request_id: crypto.randomUUID() });
}
