import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { z } from "zod";
import { WebhookSender, webhookSettingsSchema, type Delivery, type WebhookEvent } from "./webhooks";
import { loadOfficialWorkspace, type Json, type OfficialWorkspace } from "./workspace";

/**
 * A local stand-in for Notion's official public API (`https://api.notion.com/v1`, version 2025-09-03), so the real
 * `@notionhq/client` runs against it (option `baseUrl`). Content: the demo workspace converted (workspace.ts).
 * Bearer tokens (internal integration secrets and OAuth access tokens) each see only the pages shared with them and
 * their descendants. OAuth authorize/token, files whose signed URLs expire, 429s, webhooks, and a control API under
 * `/__stub/` (docs/notion-api-stub.md). node:http only.
 */

export const API_VERSION = "2025-09-03";
const SUPPORTED_VERSIONS = new Set([API_VERSION]);
const MAX_BODY = 1024 * 1024;
const CODE_TTL_MS = 10 * 60 * 1000;
const DEFAULT_FILE_TTL_S = 3600;

export const ENDPOINTS = [
  "pages.retrieve",
  "pages.create",
  "pages.update",
  "blocks.retrieve",
  "blocks.children.list",
  "databases.retrieve",
  "dataSources.retrieve",
  "dataSources.query",
  "views.list",
  "views.retrieve",
  "users.retrieve",
  "users.me",
  "search",
  "oauth.authorize",
  "oauth.token",
  "oauth.revoke",
  "oauth.introspect",
  "files",
] as const;
export type Endpoint = (typeof ENDPOINTS)[number];

export const faultSchema = z
  .object({
    status: z.number().int().min(400).max(599).default(429),
    code: z.string().optional(),
    message: z.string().optional(),
    /** Seconds, sent as Retry-After. */
    retryAfter: z.number().min(0).max(3600).optional(),
    latencyMs: z.number().int().min(0).max(60_000).optional(),
    times: z.number().int().min(1).optional(),
    endpoint: z.enum(ENDPOINTS).optional(),
  })
  .strict();
export type Fault = z.input<typeof faultSchema>;

const idSchema = z.string().regex(/^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i);
const control = {
  token: z.object({ token: z.string().min(8).optional(), pages: z.array(idSchema).default([]), name: z.string().optional() }).strict(),
  /** A new secret for the same internal integration (Notion's "Refresh secret"): same bot, same pages; the old one stops working. */
  rotate: z.object({ token: z.string(), newToken: z.string().min(8).optional() }).strict(),
  share: z.object({ token: z.string(), pageId: idSchema }).strict(),
  revoke: z.object({ token: z.string() }).strict(),
  consent: z
    .object({
      mode: z.enum(["approve", "deny", "choose"]).optional(),
      pages: z.array(idSchema).optional(),
      /** OAuth access tokens issued from now on expire after this many seconds (`expires_in`); null: they don't. */
      tokenTtlSeconds: z.number().int().min(1).max(86_400).nullable().optional(),
    })
    .strict(),
  rateLimit: z.object({ requestsPerSecond: z.number().min(0.1).max(1000).nullable() }).strict(),
  clock: z.object({ offsetMs: z.number().int().optional(), fileTtlSeconds: z.number().int().min(1).max(7 * 86400).optional() }).strict(),
  editBlock: z.object({ blockId: idSchema, text: z.string() }).strict(),
  editPage: z
    .object({
      pageId: idSchema,
      title: z.string().optional(),
      /** By property name: text for title/rich_text/select/status/url/date, boolean for checkbox, string[] for multi_select. */
      properties: z.record(z.string(), z.union([z.string(), z.boolean(), z.array(z.string()), z.null()])).optional(),
    })
    .strict(),
  createPage: z.object({ parentId: idSchema, title: z.string(), text: z.string().optional() }).strict(),
  addProperty: z.object({ dataSourceId: idSchema, name: z.string().min(1), type: z.enum(["number", "rich_text", "checkbox", "url"]) }).strict(),
  deletePage: z.object({ pageId: idSchema }).strict(),
  /**
   * A block object served exactly as given (a recorded answer, or a deliberately broken variant of one) as the
   * last child of `parentId` (or at `index`): only `id`, `type` and `parent` are required, nothing is filled in.
   */
  putBlock: z
    .object({ parentId: idSchema, index: z.number().int().min(0).optional(), block: z.object({ id: idSchema, type: z.string().min(1) }).passthrough() })
    .strict(),
};

type Token = {
  token: string;
  kind: "internal" | "oauth";
  shared: Set<string>;
  /**
   * Pages below a shared one that were taken back (`unshare` of a page not shared itself): Notion lets a member remove
   * a connection from a sub-page or database, which then answers 404 object_not_found like any page not shared.
   */
  withheld?: Set<string>;
  revoked: boolean;
  botId: string;
  refreshToken?: string;
  expiresAt?: number;
  /** The whole OAuth grant was revoked (`revoke-oauth`): the token is refused and so is its refresh token. */
  grantRevoked?: boolean;
};
export type CallCounts = { total: number; byEndpoint: Record<string, number>; byObject: Record<string, number>; unauthorized: number; rateLimited: number };
type Consent = { mode: "approve" | "deny" | "choose"; pages: string[]; tokenTtlSeconds?: number | null };

export type NotionApiStub = {
  url: string;
  /** What to pass as the SDK's `baseUrl`. */
  baseUrl: string;
  port: number;
  /** An internal integration secret shared with every top-level demo page. */
  internalSecret: string;
  clientId: string;
  clientSecret: string;
  verificationToken: string;
  workspace(): OfficialWorkspace;
  close(): Promise<void>;
};

export type NotionApiStubOptions = {
  dataDir: string;
  port?: number;
  host?: string;
  webhookUrl?: string | null;
  clientId?: string;
  clientSecret?: string;
  internalSecret?: string;
};

const dashed = (id: string) => {
  const h = id.replace(/-/g, "").toLowerCase();
  return h.length === 32 ? `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}` : id;
};
const plain = (rich: unknown) => ((rich as { plain_text?: string }[] | undefined) ?? []).map((r) => r.plain_text ?? "").join("");
const textItem = (content: string) => ({
  type: "text",
  text: { content, link: null },
  annotations: { bold: false, italic: false, strikethrough: false, underline: false, code: false, color: "default" },
  plain_text: content,
  href: null,
});

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Notion's error body: `{object:"error", status, code, message, request_id}`. */
function sendError(res: http.ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}): void {
  sendJson(res, status, { object: "error", status, code, message, request_id: crypto.randomUUID() }, headers);
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error("body too large"));
        req.destroy();
      } else chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
const notFound = (id: string) =>
  new HttpError(404, "object_not_found", `Could not find object with ID: ${id}. Make sure the relevant pages and databases are shared with your integration.`);
const invalid = (message: string) => new HttpError(400, "validation_error", message);

export async function createNotionApiStub(opts: NotionApiStubOptions): Promise<NotionApiStub> {
  const dataDir = path.resolve(opts.dataDir);
  const clientId = opts.clientId ?? "stub-oauth-client-id";
  const clientSecret = opts.clientSecret ?? "stub-oauth-client-secret";
  const internalSecret = opts.internalSecret ?? "ntn_stub_internal_secret_0000000000000000000000";
  const fileKey = crypto.randomBytes(32);
  const integrationId = crypto.randomUUID();
  const webhooks = new WebhookSender(opts.webhookUrl ?? null);

  let ws = loadOfficialWorkspace(dataDir);
  let tokens = new Map<string, Token>();
  let codes = new Map<string, { pages: string[]; redirectUri: string; expires: number; used: boolean }>();
  let consent: Consent = { mode: "approve", pages: Object.values(ws.roots) };
  let faults: (z.infer<typeof faultSchema> & { remaining: number })[] = [];
  let ratePerSecond: number | null = null;
  const recent = new Map<string, number[]>();
  let clock = { offsetMs: 0, fileTtlSeconds: DEFAULT_FILE_TTL_S };
  let editClock = 0;
  let calls: CallCounts = { total: 0, byEndpoint: {}, byObject: {}, unauthorized: 0, rateLimited: 0 };
  let baseUrl = "";

  const now = () => Date.now() + clock.offsetMs;
  const editor = () => [...ws.users.keys()][0] ?? integrationId;

  function resetTokens(): void {
    tokens = new Map();
    tokens.set(internalSecret, { token: internalSecret, kind: "internal", shared: new Set(Object.values(ws.roots)), revoked: false, botId: crypto.randomUUID() });
  }
  resetTokens();

  // ---- access ----------------------------------------------------------------------------------------------

  /** Readable = the object or one of its ancestors is shared with the token, and nothing on the way is in the trash. */
  function canRead(token: Token, id: string): boolean {
    let current: string | null | undefined = id;
    for (let depth = 0; current && depth < 64; depth++) {
      if (ws.pages.get(current)?.in_trash === true || token.withheld?.has(current)) return false;
      if (token.shared.has(current)) return true;
      current = ws.parentOf.get(current);
    }
    return false;
  }

  /** Every signed file URL in an answer, fresh: `{path}` → `{url, expiry_time}` (what Notion's S3 URLs are like). */
  function signFiles<T>(value: T): T {
    if (Array.isArray(value)) return value.map((v) => signFiles(v)) as T;
    if (!value || typeof value !== "object") return value;
    const obj = value as Json;
    const signed = (filePath: string) => {
      const expires = now() + clock.fileTtlSeconds * 1000;
      const signature = crypto.createHmac("sha256", fileKey).update(`${filePath}:${expires}`).digest("hex");
      return { url: `${baseUrl}/files/${filePath.split("/").map(encodeURIComponent).join("/")}?X-Expires=${expires}&X-Signature=${signature}`, expires };
    };
    if (obj.type === "file" && obj.file && typeof (obj.file as { path?: unknown }).path === "string") {
      const { url, expires } = signed((obj.file as { path: string }).path);
      return { ...obj, file: { url, expiry_time: new Date(expires).toISOString() } } as T;
    }
    // A custom emoji icon's image: `{id, name, url}`, its URL signed like files.
    const emoji = obj.type === "custom_emoji" ? (obj.custom_emoji as { id?: string; name?: string; file?: { path?: unknown } } | undefined) : undefined;
    if (emoji && typeof emoji.file?.path === "string") {
      return { ...obj, custom_emoji: { id: emoji.id, name: emoji.name, url: signed(emoji.file.path).url } } as T;
    }
    return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, signFiles(v)])) as T;
  }

  function paginate<T>(items: { id: string; value: T }[], query: URLSearchParams | Json): { results: T[]; next_cursor: string | null; has_more: boolean } {
    const get = (k: string) => (query instanceof URLSearchParams ? query.get(k) : (query[k] as string | number | undefined | null));
    const sizeRaw = get("page_size");
    const size = sizeRaw === null || sizeRaw === undefined ? 100 : Number(sizeRaw);
    if (!Number.isInteger(size) || size < 1 || size > 100) throw invalid("body.page_size should be a number between 1 and 100.");
    const cursor = get("start_cursor");
    let start = 0;
    if (cursor) {
      start = items.findIndex((i) => i.id === dashed(String(cursor)));
      if (start < 0) throw invalid("start_cursor is not valid.");
    }
    const slice = items.slice(start, start + size);
    const next = items[start + size];
    return { results: slice.map((i) => i.value), next_cursor: next ? next.id : null, has_more: Boolean(next) };
  }

  // ---- API -------------------------------------------------------------------------------------------------

  function readable<T>(token: Token, map: Map<string, T>, rawId: string): T {
    const id = dashed(rawId);
    const value = map.get(id);
    if (!value || !canRead(token, id)) throw notFound(id);
    return value;
  }

  function rowsOf(dataSourceId: string): Json[] {
    return [...ws.pages.values()].filter((p) => (p.parent as { data_source_id?: string }).data_source_id === dataSourceId && p.in_trash !== true);
  }

  function api(endpoint: Endpoint, token: Token, params: string[], query: URLSearchParams, body: Json): unknown {
    switch (endpoint) {
      case "pages.retrieve": {
        const id = dashed(params[0]!);
        if (ws.databases.has(id) && canRead(token, id)) throw invalid(`Provided ID ${id} is a database, not a page. Use the retrieve database API instead, \`/v1/databases/${id}\`.`);
        return readable(token, ws.pages, id);
      }
      case "pages.update": {
        const page = readable(token, ws.pages, params[0]!);
        if (page.in_trash === true) throw invalid("Can't edit block that is archived. You must unarchive the block before editing.");
        const changed = editPageProperties(page, undefined, propertyInputs(page, body.properties));
        const at = editTime();
        touch([String(page.id)], at);
        emit("page.properties_updated", { id: String(page.id), type: "page" }, { parent: webhookParent(String(page.id)), updated_properties: changed }, at);
        return page;
      }
      case "pages.create": {
        const parent = (body.parent ?? {}) as { data_source_id?: string; database_id?: string; page_id?: string };
        let parentId = parent.data_source_id ?? parent.page_id;
        if (!parentId && parent.database_id) {
          const database = readable(token, ws.databases, parent.database_id);
          parentId = (database.data_sources as { id: string }[] | undefined)?.[0]?.id;
        }
        if (!parentId) throw invalid("body.parent should be defined: one of data_source_id, database_id or page_id.");
        parentId = dashed(parentId);
        if (!canRead(token, parentId)) throw notFound(parentId);
        const source = ws.dataSources.get(parentId);
        const titleName = source ? Object.entries(source.properties as Record<string, Json>).find(([, p]) => p.type === "title")?.[0] ?? "Name" : "title";
        const given = (body.properties ?? {}) as Record<string, Json>;
        const title = plainInput(given[titleName]?.title ?? given.title?.title);
        const texts = ((body.children ?? []) as Json[]).map((block) => {
          if (block.type !== undefined && block.type !== "paragraph") throw invalid("This stand-in creates paragraph children only.");
          return plainInput((block.paragraph as Json | undefined)?.rich_text);
        });
        const id = createPage(parentId, title, texts);
        const page = ws.pages.get(id)!;
        const rest = Object.fromEntries(Object.entries(given).filter(([name]) => name !== titleName && name !== "title"));
        if (Object.keys(rest).length) editPageProperties(page, undefined, propertyInputs(page, rest));
        return page;
      }
      case "blocks.retrieve":
        return readable(token, ws.blocks, params[0]!);
      case "blocks.children.list": {
        const id = dashed(params[0]!);
        readable(token, ws.blocks, id);
        const ids = ws.children.get(id) ?? [];
        const items = ids.filter((c) => ws.blocks.has(c) && ws.pages.get(c)?.in_trash !== true).map((c) => ({ id: c, value: ws.blocks.get(c)! }));
        return { object: "list", ...paginate(items, query), type: "block", block: {} };
      }
      case "databases.retrieve":
        return readable(token, ws.databases, params[0]!);
      case "dataSources.retrieve":
        return readable(token, ws.dataSources, params[0]!);
      case "dataSources.query": {
        const id = dashed(params[0]!);
        const source = readable(token, ws.dataSources, id);
        const rows = rowsOf(id).filter((p) => canRead(token, String(p.id)));
        const filtered = body.filter ? rows.filter((row) => matches(row, body.filter as Json)) : rows;
        const sorted = sortRows(filtered, (body.sorts as Json[] | undefined) ?? [], source);
        return { object: "list", ...paginate(sorted.map((p) => ({ id: String(p.id), value: p })), body), type: "page_or_data_source", page_or_data_source: {} };
      }
      case "views.list": {
        const databaseId = query.get("database_id");
        const dataSourceId = query.get("data_source_id");
        if (!databaseId && !dataSourceId) throw invalid("One of database_id or data_source_id is required.");
        if (databaseId) readable(token, ws.databases, databaseId);
        if (dataSourceId) readable(token, ws.dataSources, dataSourceId);
        const views = [...ws.views.values()].filter(
          (v) =>
            (!databaseId || (v.parent as { database_id: string }).database_id === dashed(databaseId)) &&
            (!dataSourceId || v.data_source_id === dashed(dataSourceId)),
        );
        return { object: "list", ...paginate(views.map((v) => ({ id: String(v.id), value: { object: "view", id: v.id } })), query), type: "view", view: {} };
      }
      case "views.retrieve": {
        const view = ws.views.get(dashed(params[0]!));
        if (!view || !canRead(token, (view.parent as { database_id: string }).database_id)) throw notFound(dashed(params[0]!));
        return view;
      }
      case "users.retrieve": {
        const user = ws.users.get(dashed(params[0]!));
        if (!user) throw notFound(dashed(params[0]!));
        return user;
      }
      case "users.me":
        return { object: "user", id: token.botId, name: "Pagewright (stand-in)", avatar_url: null, type: "bot", bot: { owner: { type: "workspace", workspace: true }, workspace_name: ws.workspaceName } };
      case "search": {
        const text = String(body.query ?? "").toLowerCase();
        const filter = body.filter as { property?: string; value?: string } | undefined;
        if (filter && (filter.property !== "object" || !["page", "data_source"].includes(String(filter.value)))) {
          throw invalid('body.filter.value should be "page" or "data_source".');
        }
        const found: Json[] = [];
        if (!filter || filter.value === "page") {
          for (const page of ws.pages.values()) {
            if (canRead(token, String(page.id)) && titleOfPage(page).toLowerCase().includes(text)) found.push(page);
          }
        }
        if (!filter || filter.value === "data_source") {
          for (const source of ws.dataSources.values()) {
            if (canRead(token, String(source.id)) && plain(source.title).toLowerCase().includes(text)) found.push(source);
          }
        }
        const direction = (body.sort as { direction?: string } | undefined)?.direction === "ascending" ? 1 : -1;
        found.sort((a, b) => direction * String(a.last_edited_time).localeCompare(String(b.last_edited_time)) || String(a.id).localeCompare(String(b.id)));
        return { object: "list", ...paginate(found.map((f) => ({ id: String(f.id), value: f })), body), type: "page_or_data_source", page_or_data_source: {} };
      }
      default:
        throw new HttpError(400, "invalid_request_url", "Invalid request URL.");
    }
  }

  const routes: { method: string; pattern: RegExp; endpoint: Endpoint }[] = [
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

  function countCall(endpoint: Endpoint, objectId?: string): void {
    calls.total += 1;
    calls.byEndpoint[endpoint] = (calls.byEndpoint[endpoint] ?? 0) + 1;
    if (objectId) calls.byObject[objectId] = (calls.byObject[objectId] ?? 0) + 1;
  }

  /** The next fault for this endpoint; the OAuth endpoints take only faults that name them. */
  function takeFault(endpoint: Endpoint): (typeof faults)[number] | null {
    const index = faults.findIndex((f) => (!f.endpoint && !endpoint.startsWith("oauth.")) || f.endpoint === endpoint);
    if (index < 0) return null;
    const fault = faults[index]!;
    fault.remaining -= 1;
    if (fault.remaining <= 0) faults.splice(index, 1);
    return fault;
  }

  /** Sliding one-second window per token, when turned on through the control API. */
  function overRate(token: string): boolean {
    if (ratePerSecond === null) return false;
    const t = Date.now();
    const list = (recent.get(token) ?? []).filter((at) => t - at < 1000);
    if (list.length >= ratePerSecond) {
      recent.set(token, list);
      return true;
    }
    list.push(t);
    recent.set(token, list);
    return false;
  }

  async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    const route = routes.find((r) => r.pattern.test(url.pathname) && r.method === req.method) ?? routes.find((r) => r.pattern.test(url.pathname));
    if (!route) return sendError(res, 400, "invalid_request_url", "Invalid request URL.");
    if (req.method !== route.method) return sendError(res, 405, "invalid_request", `Unsupported request method: ${req.method}.`);
    const params = route.pattern.exec(url.pathname)!.slice(1).map(decodeURIComponent);
    countCall(route.endpoint, params[0] ? dashed(params[0]) : undefined);

    const fault = takeFault(route.endpoint);
    if (fault?.latencyMs) await new Promise((r) => setTimeout(r, fault.latencyMs));
    if (fault) {
      if (fault.status === 429) calls.rateLimited += 1;
      const headers: Record<string, string> = fault.retryAfter !== undefined ? { "retry-after": String(fault.retryAfter) } : {};
      const code = fault.code ?? (fault.status === 429 ? "rate_limited" : fault.status === 503 ? "service_unavailable" : "internal_server_error");
      return sendError(res, fault.status, code, fault.message ?? (fault.status === 429 ? "You have been rated limited. Please try again in a few minutes." : "Unexpected error occurred."), headers);
    }

    const version = req.headers["notion-version"];
    if (!version) return sendError(res, 400, "missing_version", "Notion-Version header failed validation: Notion-Version header should be defined, instead was `undefined`.");
    if (!SUPPORTED_VERSIONS.has(String(version))) {
      return sendError(res, 400, "validation_error", `This stand-in speaks Notion-Version ${API_VERSION} only, got ${String(version)}.`);
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const token = bearer ? tokens.get(bearer) : undefined;
    if (!token || token.revoked || (token.expiresAt !== undefined && token.expiresAt <= now())) {
      calls.unauthorized += 1;
      return sendError(res, 401, "unauthorized", "API token is invalid.");
    }
    if (overRate(token.token)) {
      calls.rateLimited += 1;
      return sendError(res, 429, "rate_limited", "You have been rated limited. Please try again in a few minutes.", { "retry-after": "1" });
    }
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
      sendJson(res, 200, { ...signFiles(api(route.endpoint, token, params, url.searchParams, body) as Json), request_id: crypto.randomUUID() });
    } catch (err) {
      if (err instanceof HttpError) return sendError(res, err.status, err.code, err.message);
      throw err;
    }
  }

  function titleOfPage(page: Json): string {
    const props = (page.properties ?? {}) as Record<string, { type?: string; title?: unknown }>;
    const title = Object.values(props).find((p) => p.type === "title");
    return plain(title?.title);
  }

  // ---- data source queries: the filters and sorts a site needs ----------------------------------------------

  function propertyValue(row: Json, name: string): { type: string; value: unknown } | null {
    const props = (row.properties ?? {}) as Record<string, Json>;
    const prop = props[name] ?? Object.values(props).find((p) => p.id === name);
    if (!prop) return null;
    return { type: String(prop.type), value: prop[String(prop.type)] };
  }

  function comparable(type: string, value: unknown): string | number | null {
    if (value === null || value === undefined) return null;
    if (type === "title" || type === "rich_text") return plain(value);
    if (type === "date") return (value as { start?: string }).start ?? null;
    if (type === "select" || type === "status") return (value as { name?: string }).name ?? null;
    if (type === "checkbox") return value ? 1 : 0;
    if (type === "number") return value as number;
    if (type === "multi_select") return (value as { name: string }[]).map((o) => o.name).join(",");
    return typeof value === "string" ? value : JSON.stringify(value);
  }

  function matches(row: Json, filter: Json): boolean {
    if (Array.isArray(filter.and)) return (filter.and as Json[]).every((f) => matches(row, f));
    if (Array.isArray(filter.or)) return (filter.or as Json[]).some((f) => matches(row, f));
    const prop = typeof filter.property === "string" ? propertyValue(row, filter.property) : null;
    if (!prop) throw invalid(`Could not find property with name or id: ${String(filter.property)}`);
    const condition = (filter[prop.type] ?? filter[Object.keys(filter).find((k) => k !== "property" && k !== "type") ?? ""]) as Json | undefined;
    if (!condition || typeof condition !== "object") throw invalid("body.filter is not a supported filter.");
    const value = comparable(prop.type, prop.value);
    const [op, arg] = Object.entries(condition)[0] ?? [];
    switch (op) {
      case "equals":
        return prop.type === "checkbox" ? Boolean(value) === arg : value === arg;
      case "does_not_equal":
        return prop.type === "checkbox" ? Boolean(value) !== arg : value !== arg;
      case "contains":
        return prop.type === "multi_select"
          ? ((prop.value as { name: string }[]) ?? []).some((o) => o.name === arg)
          : prop.type === "people"
            ? ((prop.value as { id: string }[]) ?? []).some((u) => u.id === arg)
            : String(value ?? "").includes(String(arg));
      case "does_not_contain":
        return prop.type === "multi_select" ? !((prop.value as { name: string }[]) ?? []).some((o) => o.name === arg) : !String(value ?? "").includes(String(arg));
      case "is_empty":
        return value === null || value === "" || (Array.isArray(prop.value) && !prop.value.length);
      case "is_not_empty":
        return !(value === null || value === "" || (Array.isArray(prop.value) && !prop.value.length));
      case "before":
        return value !== null && String(value) < String(arg);
      case "after":
        return value !== null && String(value) > String(arg);
      case "on_or_before":
        return value !== null && String(value) <= String(arg);
      case "on_or_after":
        return value !== null && String(value) >= String(arg);
      default:
        throw invalid(`The stand-in does not support the filter condition ${String(op)}.`);
    }
  }

  function sortRows(rows: Json[], sorts: Json[], source: Json): Json[] {
    const keyed = rows.map((row, index) => ({ row, index }));
    keyed.sort((a, b) => {
      for (const s of sorts) {
        const dir = s.direction === "ascending" ? 1 : -1;
        let av: string | number | null;
        let bv: string | number | null;
        if (typeof s.timestamp === "string") {
          av = String(a.row[s.timestamp]);
          bv = String(b.row[s.timestamp]);
        } else {
          const name = String(s.property);
          if (!propertyExists(source, name)) throw invalid(`Could not find sort property with name or id: ${name}`);
          const pa = propertyValue(a.row, name);
          const pb = propertyValue(b.row, name);
          av = pa ? comparable(pa.type, pa.value) : null;
          bv = pb ? comparable(pb.type, pb.value) : null;
        }
        if (av === bv) continue;
        if (av === null) return 1; // empty values last, either direction (as Notion does)
        if (bv === null) return -1;
        return (av < bv ? -1 : 1) * dir;
      }
      return a.index - b.index;
    });
    return keyed.map((k) => k.row);
  }

  const propertyExists = (source: Json, name: string) =>
    Object.entries((source.properties ?? {}) as Record<string, { id: string }>).some(([n, p]) => n === name || p.id === name);

  // ---- OAuth -----------------------------------------------------------------------------------------------

  function redirectWith(res: http.ServerResponse, redirectUri: string, params: Record<string, string | null>): void {
    const target = new URL(redirectUri);
    for (const [k, v] of Object.entries(params)) if (v !== null) target.searchParams.set(k, v);
    res.writeHead(302, { location: target.toString() });
    res.end();
  }

  function issueCode(pages: string[], redirectUri: string): string {
    const code = crypto.randomBytes(16).toString("hex");
    codes.set(code, { pages, redirectUri, expires: Date.now() + CODE_TTL_MS, used: false });
    return code;
  }

  function consentPage(res: http.ServerResponse, q: URLSearchParams): void {
    const hidden = ["client_id", "redirect_uri", "state", "owner", "response_type"]
      .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q.get(k) ?? "")}">`)
      .join("");
    const items = Object.values(ws.roots)
      .map((id) => {
        const title = ws.pages.has(id) ? titleOfPage(ws.pages.get(id)!) : plain(ws.databases.get(id)?.title);
        const checked = consent.pages.includes(id) ? " checked" : "";
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

  async function handleAuthorize(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    countCall("oauth.authorize");
    let q = url.searchParams;
    if (req.method === "POST") q = new URLSearchParams(await readBody(req));
    const redirectUri = q.get("redirect_uri");
    const badRequest = (message: string) => {
      res.writeHead(400, { "content-type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><p>${escapeHtml(message)}</p>`);
    };
    if (q.get("client_id") !== clientId) return badRequest("Invalid client_id.");
    if (!redirectUri || !/^https?:\/\//.test(redirectUri)) return badRequest("Missing or invalid redirect_uri.");
    if (q.get("response_type") !== "code") return badRequest("response_type must be code.");
    const state = q.get("state");
    if (req.method === "POST") {
      if (q.get("decision") !== "allow") return redirectWith(res, redirectUri, { error: "access_denied", state });
      const pages = q.getAll("page").map(dashed).filter((id) => ws.blocks.has(id));
      return redirectWith(res, redirectUri, { code: issueCode(pages, redirectUri), state });
    }
    if (consent.mode === "deny") return redirectWith(res, redirectUri, { error: "access_denied", state });
    if (consent.mode === "choose") return consentPage(res, q);
    return redirectWith(res, redirectUri, { code: issueCode(consent.pages, redirectUri), state });
  }

  function basicClient(req: http.IncomingMessage): boolean {
    const encoded = /^Basic (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    if (!encoded) return false;
    const [id, ...secret] = Buffer.from(encoded, "base64").toString("utf8").split(":");
    return id === clientId && secret.join(":") === clientSecret;
  }

  const expiryOfNewToken = () => (consent.tokenTtlSeconds ? now() + consent.tokenTtlSeconds * 1000 : undefined);

  function tokenResponse(token: Token): Json {
    const owner = ws.users.values().next().value as Json | undefined;
    return {
      access_token: token.token,
      token_type: "bearer",
      refresh_token: token.refreshToken ?? null,
      ...(token.expiresAt !== undefined ? { expires_in: Math.max(0, Math.round((token.expiresAt - now()) / 1000)) } : {}),
      bot_id: token.botId,
      workspace_id: ws.workspaceId,
      workspace_name: ws.workspaceName,
      workspace_icon: null,
      owner: { type: "user", user: owner ?? { object: "user", id: editor() } },
      duplicated_template_id: null,
      request_id: crypto.randomUUID(),
    };
  }

  /** The token endpoint's OAuth errors, as Notion answers them: `{error, error_description}` (RFC 6749 §5.2). */
  function sendGrantError(res: http.ServerResponse, description: string): void {
    sendJson(res, 400, { error: "invalid_grant", error_description: description, request_id: crypto.randomUUID() });
  }

  async function handleOAuth(endpoint: "oauth.token" | "oauth.revoke" | "oauth.introspect", req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    countCall(endpoint);
    const fault = takeFault(endpoint);
    if (fault?.latencyMs) await new Promise((r) => setTimeout(r, fault.latencyMs));
    if (fault) return sendError(res, fault.status, fault.code ?? (fault.status === 503 ? "service_unavailable" : "internal_server_error"), fault.message ?? "Unexpected error occurred.");
    if (req.method !== "POST") return sendError(res, 405, "invalid_request", "Unsupported request method.");
    if (!basicClient(req)) return sendError(res, 401, "unauthorized", "Invalid client credentials.");
    let body: Json;
    try {
      body = JSON.parse((await readBody(req)) || "{}") as Json;
    } catch {
      return sendError(res, 400, "invalid_json", "Error parsing JSON body.");
    }
    if (endpoint === "oauth.revoke") {
      const token = tokens.get(String(body.token ?? ""));
      if (token) token.revoked = true;
      return sendJson(res, 200, { request_id: crypto.randomUUID() });
    }
    if (endpoint === "oauth.introspect") {
      const token = tokens.get(String(body.token ?? ""));
      return sendJson(res, 200, { active: Boolean(token && !token.revoked), scope: token ? "read_content" : undefined, iat: token ? Math.floor(Date.now() / 1000) : undefined, request_id: crypto.randomUUID() });
    }
    if (body.grant_type === "authorization_code") {
      const code = codes.get(String(body.code ?? ""));
      if (!code || code.used || code.expires < Date.now()) return sendGrantError(res, "Invalid code.");
      if (body.redirect_uri !== undefined && body.redirect_uri !== code.redirectUri) return sendGrantError(res, "Invalid redirect_uri.");
      code.used = true;
      const token: Token = {
        token: `ntn_${crypto.randomBytes(20).toString("hex")}`,
        kind: "oauth",
        shared: new Set(code.pages),
        revoked: false,
        botId: crypto.randomUUID(),
        refreshToken: `nrt_${crypto.randomBytes(20).toString("hex")}`,
        expiresAt: expiryOfNewToken(),
      };
      tokens.set(token.token, token);
      return sendJson(res, 200, tokenResponse(token));
    }
    if (body.grant_type === "refresh_token") {
      const old = [...tokens.values()].find((t) => t.refreshToken && t.refreshToken === body.refresh_token);
      if (!old || old.revoked) return sendGrantError(res, old?.grantRevoked ? "The grant was revoked: the user removed the connection." : "Invalid refresh token.");
      old.revoked = true;
      const token: Token = {
        ...old,
        token: `ntn_${crypto.randomBytes(20).toString("hex")}`,
        revoked: false,
        refreshToken: `nrt_${crypto.randomBytes(20).toString("hex")}`,
        expiresAt: expiryOfNewToken(),
      };
      tokens.set(token.token, token);
      return sendJson(res, 200, tokenResponse(token));
    }
    return sendError(res, 400, "invalid_request", "grant_type must be authorization_code or refresh_token.");
  }

  // ---- files -----------------------------------------------------------------------------------------------

  function serveFile(res: http.ServerResponse, url: URL): void {
    countCall("files");
    const filePath = url.pathname.slice("/files/".length).split("/").map(decodeURIComponent).join("/");
    const expires = Number(url.searchParams.get("X-Expires"));
    const given = url.searchParams.get("X-Signature") ?? "";
    const wanted = crypto.createHmac("sha256", fileKey).update(`${filePath}:${expires}`).digest("hex");
    const deny = (message: string) => {
      res.writeHead(403, { "content-type": "application/xml" });
      res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>${message}</Message></Error>`);
    };
    if (given.length !== wanted.length || !crypto.timingSafeEqual(Buffer.from(given), Buffer.from(wanted))) return deny("Request signature does not match");
    if (!(expires > now())) return deny("Request has expired");
    const name = path.basename(filePath);
    const file = ws.filesDir ? path.join(ws.filesDir, name) : null;
    if (!file || !fs.existsSync(file)) {
      res.writeHead(404, { "content-type": "application/xml" });
      res.end("<Error><Code>NoSuchKey</Code></Error>");
      return;
    }
    const data = fs.readFileSync(file);
    res.writeHead(200, { "content-type": name.endsWith(".png") ? "image/png" : "application/octet-stream", "content-length": data.length });
    res.end(data);
  }

  // ---- edits and webhooks ----------------------------------------------------------------------------------

  /** The page a block belongs to (the nearest page above it, or itself). */
  function pageOf(id: string): string | null {
    let current: string | null | undefined = id;
    for (let depth = 0; current && depth < 64; depth++) {
      if (ws.pages.has(current)) return current;
      current = ws.parentOf.get(current);
    }
    return null;
  }

  function editTime(): string {
    editClock = Math.max(now(), editClock + 1);
    return new Date(editClock).toISOString();
  }

  function touch(ids: (string | null)[], at: string): void {
    for (const id of ids) {
      if (!id) continue;
      for (const map of [ws.blocks, ws.pages]) {
        const obj = map.get(id);
        if (obj) {
          obj.last_edited_time = at;
          obj.last_edited_by = { object: "user", id: editor() };
        }
      }
    }
  }

  function webhookParent(pageId: string): Json {
    const parent = ws.pages.get(pageId)?.parent as Json | undefined;
    if (!parent || parent.type === "workspace") return { id: ws.workspaceId, type: "space" };
    if (parent.type === "page_id") return { id: parent.page_id, type: "page" };
    if (parent.type === "data_source_id") return { id: parent.database_id, type: "database", data_source_id: parent.data_source_id };
    return { id: parent.block_id ?? parent.database_id, type: "block" };
  }

  function emit(type: string, entity: { id: string; type: string }, data: Json, at: string): void {
    // Events only about what some live connection can read (a subscription sees its connections' pages).
    const visible = [...tokens.values()].some((t) => !t.revoked && canRead(t, entity.id));
    if (!visible && type !== "page.deleted") return;
    const event: WebhookEvent = {
      id: crypto.randomUUID(),
      timestamp: at,
      workspace_id: ws.workspaceId,
      workspace_name: ws.workspaceName,
      subscription_id: webhooks.subscriptionId,
      integration_id: integrationId,
      authors: [{ id: editor(), type: "person" }],
      attempt_number: 1,
      api_version: API_VERSION,
      type,
      entity,
      data,
    };
    webhooks.emit(event);
  }

  function setRichText(block: Json, text: string): void {
    const payload = block[String(block.type)] as Json | undefined;
    if (!payload || !Array.isArray(payload.rich_text)) throw invalid(`A ${String(block.type)} block has no text to edit.`);
    payload.rich_text = text ? [textItem(text)] : [];
  }

  function editPageProperties(page: Json, title: string | undefined, properties: Record<string, unknown> | undefined): string[] {
    const props = page.properties as Record<string, Json>;
    const changed: string[] = [];
    const source = ws.dataSources.get(String((page.parent as { data_source_id?: string }).data_source_id ?? ""));
    const set = (name: string, value: unknown) => {
      const prop = props[name] ?? (source ? undefined : undefined);
      const schema = source ? ((source.properties as Record<string, Json>)[name] as Json | undefined) : undefined;
      const type = String(prop?.type ?? schema?.type ?? "");
      if (!type) throw invalid(`Could not find property with name: ${name}`);
      const id = String(prop?.id ?? schema?.id);
      const option = (v: string) => {
        const options = ((schema?.[type] as { options?: Json[] } | undefined)?.options ?? []) as Json[];
        const o = options.find((x) => x.name === v);
        return o ? { id: o.id, name: o.name, color: o.color } : { id: v, name: v, color: "default" };
      };
      let v: unknown;
      if (type === "title" || type === "rich_text") v = value ? [textItem(String(value))] : [];
      else if (type === "checkbox") v = Boolean(value);
      else if (type === "select" || type === "status") v = value ? option(String(value)) : null;
      else if (type === "multi_select") v = (Array.isArray(value) ? value : String(value ?? "").split(",")).filter(Boolean).map((x) => option(String(x).trim()));
      else if (type === "date") v = value ? { start: String(value), end: null, time_zone: null } : null;
      else v = value ?? null;
      props[name] = { id, type, [type]: v };
      changed.push(id);
    };
    if (title !== undefined) {
      const titleName = Object.entries(props).find(([, p]) => p.type === "title")?.[0] ?? "title";
      set(titleName, title);
      const block = ws.blocks.get(String(page.id));
      if (block?.type === "child_page") block.child_page = { title };
    }
    for (const [name, value] of Object.entries(properties ?? {})) set(name, value);
    return changed;
  }

  /** Text of a rich_text input array: `[{text: {content}}]` as sent, or `plain_text` as read. */
  function plainInput(rich: unknown): string {
    if (rich !== undefined && !Array.isArray(rich)) throw invalid("A rich text value should be an array.");
    return ((rich as Json[] | undefined) ?? []).map((r) => String((r.text as { content?: string } | undefined)?.content ?? r.plain_text ?? "")).join("");
  }

  /** Property values as the API takes them (`{number: 3}`, `{status: {name}}`…) → what editPageProperties stores; types checked. */
  function propertyInputs(page: Json, given: unknown): Record<string, unknown> {
    if (given === undefined) return {};
    if (!given || typeof given !== "object") throw invalid("body.properties should be an object.");
    const source = ws.dataSources.get(String((page.parent as { data_source_id?: string }).data_source_id ?? ""));
    const schema = (source?.properties ?? page.properties ?? {}) as Record<string, Json>;
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(given as Record<string, Json>)) {
      const type = String(schema[name]?.type ?? "");
      if (!type) throw invalid(`${name} is not a property that exists.`);
      if (!value || typeof value !== "object" || !(type in value)) throw invalid(`${name} is expected to be ${type}.`);
      const v = value[type] as unknown;
      if (type === "title" || type === "rich_text") out[name] = plainInput(v);
      else if (type === "number") {
        if (v !== null && typeof v !== "number") throw invalid(`body.properties.${name}.number should be a number or null.`);
        out[name] = v;
      } else if (type === "select" || type === "status") out[name] = (v as { name?: string } | null)?.name ?? null;
      else if (type === "multi_select") out[name] = ((v as { name: string }[] | null) ?? []).map((o) => o.name);
      else if (type === "checkbox") out[name] = Boolean(v);
      else if (type === "date") out[name] = (v as { start?: string } | null)?.start ?? null;
      else out[name] = v;
    }
    return out;
  }

  function createPage(parentId: string, title: string, text: string | string[] | undefined): string {
    const id = crypto.randomUUID();
    const at = editTime();
    const source = ws.dataSources.get(parentId);
    const parentPage = ws.pages.get(parentId);
    if (!source && !parentPage) throw notFound(parentId);
    const parent = source
      ? { type: "data_source_id", data_source_id: parentId, database_id: (source.parent as { database_id: string }).database_id }
      : { type: "page_id", page_id: parentId };
    const stamp = { created_time: at, last_edited_time: at, created_by: { object: "user", id: editor() }, last_edited_by: { object: "user", id: editor() } };
    const titleName = source ? Object.entries(source.properties as Record<string, Json>).find(([, p]) => p.type === "title")?.[0] ?? "Name" : "title";
    ws.pages.set(id, {
      object: "page",
      id,
      ...stamp,
      in_trash: false,
      archived: false,
      is_archived: false,
      is_locked: false,
      url: `https://www.notion.so/${id.replace(/-/g, "")}`,
      public_url: null,
      parent,
      properties: { [titleName]: { id: "title", type: "title", title: [textItem(title)] } },
      icon: null,
      cover: null,
    });
    const childIds: string[] = [];
    for (const paragraph of (Array.isArray(text) ? text : [text]).filter((t): t is string => Boolean(t))) {
      const blockId = crypto.randomUUID();
      ws.blocks.set(blockId, { object: "block", id: blockId, parent: { type: "page_id", page_id: id }, ...stamp, has_children: false, archived: false, in_trash: false, type: "paragraph", paragraph: { rich_text: [textItem(paragraph)], color: "default" } });
      ws.parentOf.set(blockId, id);
      childIds.push(blockId);
    }
    ws.children.set(id, childIds);
    ws.blocks.set(id, { object: "block", id, parent, ...stamp, has_children: childIds.length > 0, archived: false, in_trash: false, type: "child_page", child_page: { title } });
    ws.parentOf.set(id, parentId);
    if (parentPage) {
      ws.children.set(parentId, [...(ws.children.get(parentId) ?? []), id]);
      touch([parentId], at);
    }
    emit("page.created", { id, type: "page" }, { parent: webhookParent(id) }, at);
    if (source) {
      const databaseId = (source.parent as { database_id: string }).database_id;
      emit("data_source.content_updated", { id: parentId, type: "data_source" }, { parent: { id: databaseId, type: "database" }, updated_blocks: [{ id, type: "page" }] }, at);
    }
    return id;
  }

  async function handleControl(route: string, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (req.method === "GET" && route === "calls") return sendJson(res, 200, calls);
    if (req.method === "GET" && route === "webhooks") {
      return sendJson(res, 200, { url: webhooks.url, verificationToken: webhooks.verificationToken, deliveries: webhooks.deliveries });
    }
    if (req.method === "GET" && route === "roots") return sendJson(res, 200, ws.roots);
    if (req.method !== "POST") return sendJson(res, 405, { message: "Method not allowed" });
    let body: unknown = {};
    try {
      const text = await readBody(req);
      body = text ? JSON.parse(text) : {};
    } catch {
      return sendJson(res, 400, { message: "Body must be JSON" });
    }
    const parse = <T>(schema: z.ZodType<T>): T | null => {
      const parsed = schema.safeParse(body);
      if (parsed.success) return parsed.data;
      sendJson(res, 400, { message: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") });
      return null;
    };
    const tokenOr404 = (value: string): Token | null => {
      const token = tokens.get(value);
      if (!token) sendJson(res, 404, { message: "No such token" });
      return token ?? null;
    };
    try {
      switch (route) {
        case "tokens": {
          const b = parse(control.token);
          if (!b) return;
          const token: Token = { token: b.token ?? `ntn_${crypto.randomBytes(20).toString("hex")}`, kind: "internal", shared: new Set(b.pages.map(dashed)), revoked: false, botId: crypto.randomUUID() };
          tokens.set(token.token, token);
          return sendJson(res, 200, { token: token.token });
        }
        case "share":
        case "unshare": {
          const b = parse(control.share);
          if (!b) return;
          const token = tokenOr404(b.token);
          if (!token) return;
          const pageId = dashed(b.pageId);
          if (route === "share") {
            token.shared.add(pageId);
            token.withheld?.delete(pageId);
          } else if (!token.shared.delete(pageId)) (token.withheld ??= new Set()).add(pageId);
          return sendJson(res, 200, { ok: true, shared: [...token.shared] });
        }
        case "rotate": {
          const b = parse(control.rotate);
          if (!b) return;
          const old = tokenOr404(b.token);
          if (!old) return;
          old.revoked = true;
          const token: Token = { ...old, shared: new Set(old.shared), revoked: false, token: b.newToken ?? `ntn_${crypto.randomBytes(20).toString("hex")}` };
          tokens.set(token.token, token);
          return sendJson(res, 200, { token: token.token });
        }
        case "revoke-oauth": {
          // What an owner removing the connection in Notion does: every OAuth access token answers 401, every refresh token invalid_grant.
          let revoked = 0;
          for (const token of tokens.values()) {
            if (token.kind !== "oauth" || token.grantRevoked) continue;
            token.revoked = true;
            token.grantRevoked = true;
            revoked += 1;
          }
          return sendJson(res, 200, { ok: true, revoked });
        }
        case "revoke": {
          const b = parse(control.revoke);
          if (!b) return;
          const token = tokenOr404(b.token);
          if (!token) return;
          token.revoked = true;
          return sendJson(res, 200, { ok: true });
        }
        case "oauth": {
          const b = parse(control.consent);
          if (!b) return;
          consent = {
            mode: b.mode ?? consent.mode,
            pages: b.pages ? b.pages.map(dashed) : consent.pages,
            tokenTtlSeconds: b.tokenTtlSeconds === undefined ? consent.tokenTtlSeconds : b.tokenTtlSeconds,
          };
          return sendJson(res, 200, consent);
        }
        case "faults": {
          const b = parse(faultSchema);
          if (!b) return;
          faults.push({ ...b, remaining: b.times ?? Number.POSITIVE_INFINITY });
          return sendJson(res, 200, { ok: true, queued: faults.length });
        }
        case "rate-limit": {
          const b = parse(control.rateLimit);
          if (!b) return;
          ratePerSecond = b.requestsPerSecond;
          recent.clear();
          return sendJson(res, 200, { ok: true });
        }
        case "clock": {
          const b = parse(control.clock);
          if (!b) return;
          clock = { offsetMs: b.offsetMs ?? clock.offsetMs, fileTtlSeconds: b.fileTtlSeconds ?? clock.fileTtlSeconds };
          return sendJson(res, 200, clock);
        }
        case "edit-block": {
          const b = parse(control.editBlock);
          if (!b) return;
          const block = ws.blocks.get(dashed(b.blockId));
          if (!block || block.type === "child_page" || block.type === "child_database") return sendJson(res, 404, { message: "No such content block" });
          setRichText(block, b.text);
          const at = editTime();
          const pageId = pageOf(String(block.id));
          touch([String(block.id), pageId], at);
          if (pageId) emit("page.content_updated", { id: pageId, type: "page" }, { parent: webhookParent(pageId), updated_blocks: [{ id: block.id, type: "block" }] }, at);
          return sendJson(res, 200, { ok: true, pageId, last_edited_time: at });
        }
        case "edit-page": {
          const b = parse(control.editPage);
          if (!b) return;
          const page = ws.pages.get(dashed(b.pageId));
          if (!page) return sendJson(res, 404, { message: "No such page" });
          const changed = editPageProperties(page, b.title, b.properties ?? undefined);
          const at = editTime();
          touch([String(page.id)], at);
          emit("page.properties_updated", { id: String(page.id), type: "page" }, { parent: webhookParent(String(page.id)), updated_properties: changed }, at);
          return sendJson(res, 200, { ok: true, last_edited_time: at });
        }
        case "create-page": {
          const b = parse(control.createPage);
          if (!b) return;
          return sendJson(res, 200, { ok: true, pageId: createPage(dashed(b.parentId), b.title, b.text) });
        }
        case "add-property": {
          const b = parse(control.addProperty);
          if (!b) return;
          const source = ws.dataSources.get(dashed(b.dataSourceId));
          if (!source) return sendJson(res, 404, { message: "No such data source" });
          const props = source.properties as Record<string, Json>;
          if (props[b.name]) return sendJson(res, 409, { message: "A property with this name exists" });
          props[b.name] = { id: crypto.randomBytes(3).toString("hex"), name: b.name, type: b.type, [b.type]: b.type === "number" ? { format: "number" } : {} };
          return sendJson(res, 200, { ok: true });
        }
        case "put-block": {
          const b = parse(control.putBlock);
          if (!b) return;
          const parentId = dashed(b.parentId);
          if (!ws.blocks.has(parentId)) return sendJson(res, 404, { message: "No such parent block" });
          const id = dashed(b.block.id);
          const siblings = (ws.children.get(parentId) ?? []).filter((c) => c !== id);
          siblings.splice(b.index ?? siblings.length, 0, id);
          ws.children.set(parentId, siblings);
          ws.blocks.set(id, b.block as Json);
          ws.parentOf.set(id, parentId);
          const parent = ws.blocks.get(parentId)!;
          if (parent.has_children === false) parent.has_children = true;
          touch([parentId], editTime());
          return sendJson(res, 200, { ok: true });
        }
        case "delete-page": {
          const b = parse(control.deletePage);
          if (!b) return;
          const id = dashed(b.pageId);
          const page = ws.pages.get(id);
          if (!page) return sendJson(res, 404, { message: "No such page" });
          const at = editTime();
          const parent = webhookParent(id);
          const wasVisible = [...tokens.values()].some((t) => !t.revoked && canRead(t, id));
          page.in_trash = true;
          page.archived = true;
          touch([id], at);
          if (wasVisible) emit("page.deleted", { id, type: "page" }, { parent }, at);
          return sendJson(res, 200, { ok: true });
        }
        case "webhooks": {
          const b = parse(webhookSettingsSchema);
          if (!b) return;
          await webhooks.configure(b);
          return sendJson(res, 200, { ok: true, verificationToken: webhooks.verificationToken });
        }
        case "webhooks/flush":
          await webhooks.flush();
          return sendJson(res, 200, { ok: true });
        case "webhooks/verification":
          await webhooks.sendVerification();
          return sendJson(res, 200, { ok: true });
        case "reset":
          ws = loadOfficialWorkspace(dataDir);
          resetTokens();
          codes = new Map();
          consent = { mode: "approve", pages: Object.values(ws.roots), tokenTtlSeconds: null };
          faults = [];
          ratePerSecond = null;
          recent.clear();
          clock = { offsetMs: 0, fileTtlSeconds: DEFAULT_FILE_TTL_S };
          calls = { total: 0, byEndpoint: {}, byObject: {}, unauthorized: 0, rateLimited: 0 };
          webhooks.reset();
          return sendJson(res, 200, { ok: true });
        default:
          return sendJson(res, 404, { message: "Unknown control route" });
      }
    } catch (err) {
      if (err instanceof HttpError) return sendJson(res, err.status, { message: err.message });
      throw err;
    }
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    const work = async () => {
      if (url.pathname === "/v1/oauth/authorize" && (req.method === "GET" || req.method === "POST")) return handleAuthorize(req, res, url);
      if (url.pathname === "/v1/oauth/token") return handleOAuth("oauth.token", req, res);
      if (url.pathname === "/v1/oauth/revoke") return handleOAuth("oauth.revoke", req, res);
      if (url.pathname === "/v1/oauth/introspect") return handleOAuth("oauth.introspect", req, res);
      if (url.pathname.startsWith("/v1/")) return handleApi(req, res, url);
      if (url.pathname.startsWith("/__stub/")) return handleControl(url.pathname.slice("/__stub/".length), req, res);
      if (url.pathname.startsWith("/files/") && (req.method === "GET" || req.method === "HEAD")) return serveFile(res, url);
      sendError(res, 404, "invalid_request_url", "Invalid request URL.");
    };
    work().catch((err: unknown) => {
      if (!res.headersSent) sendError(res, 500, "internal_server_error", (err as Error).message);
      else res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://${opts.host ?? "127.0.0.1"}:${port}`;
  return {
    url: baseUrl,
    baseUrl,
    port,
    internalSecret,
    clientId,
    clientSecret,
    verificationToken: webhooks.verificationToken,
    workspace: () => ws,
    close: async () => {
      webhooks.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type { Delivery };
