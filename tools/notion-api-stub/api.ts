import crypto from "node:crypto";
import type http from "node:http";
import { sendJson } from "../shared/http";
import { dashed } from "../shared/notion-ids";
import { contentHandlers } from "./api-content";
import { pageHandlers } from "./api-pages";
import type { ApiHandler } from "./api-request";
import { searchHandlers } from "./api-search";
import { HttpError, readBody, sendError } from "./errors";
import { signFiles } from "./files";
import { API_VERSION, SUPPORTED_VERSIONS, type Endpoint } from "./schemas";
import { countCall, now, overRate, takeFault, type StubState } from "./state";
import type { Json } from "./workspace";

/** The `/v1/` edge: route, count, faults, version, bearer token, rate, body; then the endpoint's handler. */

type ApiEndpoint = Exclude<Endpoint, `oauth.${string}` | "files">;

const HANDLERS: Record<ApiEndpoint, ApiHandler> = { ...pageHandlers, ...contentHandlers, ...searchHandlers };

const ROUTES: { method: string; pattern: RegExp; endpoint: ApiEndpoint }[] = [
  { method: "GET", pattern: /^\/v1\/pages\/([^/]+)$/, endpoint: "pages.retrieve" },
  { method: "PATCH", pattern: /^\/v1\/pages\/([^/]+)$/, endpoint: "pages.update" },
  { method: "POST", pattern: /^\/v1\/pages$/, endpoint: "pages.create" },
  { method: "GET", pattern: /^\/v1\/blocks\/([^/]+)\/children$/, endpoint: "blocks.children.list" },
  { method: "GET", pattern: /^\/v1\/blocks\/([^/]+)$/, endpoint: "blocks.retrieve" },
  { method: "GET", pattern: /^\/v1\/databases\/([^/]+)$/, endpoint: "databases.retrieve" },
  { method: "GET", pattern: /^\/v1\/data_sources\/([^/]+)$/, endpoint: "dataSources.retrieve" },
  { method: "POST", pattern: /^\/v1\/data_sources\/([^/]+)\/query$/, endpoint: "dataSources.query" },
  { method: "GET", pattern: /^\/v1\/views$/, endpoint: "views.list" },
  { method: "GET", pattern: /^\/v1\/views\/([^/]+)$/, endpoint: "views.retrieve" },
  { method: "GET", pattern: /^\/v1\/users\/me$/, endpoint: "users.me" },
  { method: "GET", pattern: /^\/v1\/users\/([^/]+)$/, endpoint: "users.retrieve" },
  { method: "POST", pattern: /^\/v1\/search$/, endpoint: "search" },
];

const RATE_LIMITED_MESSAGE = "You have been rated limited. Please try again in a few minutes.";

/** Answers the next queued fault for this endpoint, if any (after its latency); true when it did. */
export async function answeredByFault(stub: StubState, endpoint: Endpoint, res: http.ServerResponse): Promise<boolean> {
  const fault = takeFault(stub, endpoint);
  if (fault?.latencyMs) await new Promise((r) => setTimeout(r, fault.latencyMs));
  if (!fault) return false;
  if (endpoint.startsWith("oauth.")) {
    sendError(res, fault.status, fault.code ?? (fault.status === 503 ? "service_unavailable" : "internal_server_error"), fault.message ?? "Unexpected error occurred.");
    return true;
  }
  if (fault.status === 429) stub.calls.rateLimited += 1;
  const headers: Record<string, string> = fault.retryAfter !== undefined ? { "retry-after": String(fault.retryAfter) } : {};
  const code = fault.code ?? (fault.status === 429 ? "rate_limited" : fault.status === 503 ? "service_unavailable" : "internal_server_error");
  sendError(res, fault.status, code, fault.message ?? (fault.status === 429 ? RATE_LIMITED_MESSAGE : "Unexpected error occurred."), headers);
  return true;
}

/** The token a request may use, or null after answering why not (version, token, rate). */
function authorised(stub: StubState, req: http.IncomingMessage, res: http.ServerResponse) {
  const version = req.headers["notion-version"];
  if (!version) {
    sendError(res, 400, "missing_version", "Notion-Version header failed validation: Notion-Version header should be defined, instead was `undefined`.");
    return null;
  }
  if (!SUPPORTED_VERSIONS.has(String(version))) {
    sendError(res, 400, "validation_error", `This stand-in speaks Notion-Version ${API_VERSION} only, got ${String(version)}.`);
    return null;
  }
  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
  const token = bearer ? stub.tokens.get(bearer) : undefined;
  if (!token || token.revoked || (token.expiresAt !== undefined && token.expiresAt <= now(stub))) {
    stub.calls.unauthorized += 1;
    sendError(res, 401, "unauthorized", "API token is invalid.");
    return null;
  }
  if (overRate(stub, token.token)) {
    stub.calls.rateLimited += 1;
    sendError(res, 429, "rate_limited", RATE_LIMITED_MESSAGE, { "retry-after": "1" });
    return null;
  }
  return token;
}

export async function handleApi(stub: StubState, req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
  const route = ROUTES.find((r) => r.pattern.test(url.pathname) && r.method === req.method) ?? ROUTES.find((r) => r.pattern.test(url.pathname));
  if (!route) return sendError(res, 400, "invalid_request_url", "Invalid request URL.");
  if (req.method !== route.method) return sendError(res, 405, "invalid_request", `Unsupported request method: ${req.method}.`);
  const params = route.pattern.exec(url.pathname)!.slice(1).map(decodeURIComponent);
  countCall(stub, route.endpoint, params[0] ? dashed(params[0]) : undefined);
  if (await answeredByFault(stub, route.endpoint, res)) return;
  const token = authorised(stub, req, res);
  if (!token) return;
  let body: Json = {};
  if (req.method === "POST" || req.method === "PATCH") {
    try {
      const text = await readBody(req);
      body = text ? (JSON.parse(text) as Json) : {};
    } catch {
      return sendError(res, 400, "invalid_json", "Error parsing JSON body.");
    }
  }
  try {
    const answer = HANDLERS[route.endpoint](stub, { token, params, query: url.searchParams, body }) as Json;
    sendJson(res, 200, { ...signFiles(stub, answer), request_id: crypto.randomUUID() });
  } catch (err) {
    if (err instanceof HttpError) return sendError(res, err.status, err.code, err.message);
    throw err;
  }
}
