import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import path from "node:path";
import { z } from "zod";
import { fileKeyOf, loadPageChunk, queryCollection, signFileUrls, syncRecordValues, type Reducer } from "./answers";
import { addRecordMap, loadStore, type Store } from "./store";

/**
 * A local stand-in for Notion's unofficial v3 API (CONTRACTS §5): the real wire format from recorded getPage()
 * outputs, plus control endpoints for faults, call counts and edits. node:http only.
 */

export const ENDPOINTS = ["loadPageChunk", "syncRecordValuesMain", "syncRecordValues", "queryCollection", "getSignedFileUrls"] as const;
export type Endpoint = (typeof ENDPOINTS)[number];

export const faultSchema = z
  .object({
    mode: z.enum(["latency", "status", "timeout", "refuse", "truncate"]),
    status: z.number().int().min(100).max(599).optional(),
    latencyMs: z.number().int().min(0).max(120_000).optional(),
    retryAfter: z.number().min(0).max(3600).optional(),
    times: z.number().int().min(1).optional(),
    endpoint: z.enum(ENDPOINTS).optional(),
    /** Only requests about this page (loadPageChunk's page, a requested block, a queried collection). */
    pageId: z.string().min(1).optional(),
  })
  .strict();
export type Fault = z.infer<typeof faultSchema>;

const touchSchema = z
  .object({
    pageId: z.string().min(1),
    title: z.string().optional(),
    /** Property values by schema key, merged into the page's properties (e.g. un-hiding a post). */
    properties: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

export const rateLimitSchema = z
  .object({
    /** Requests answered per rolling second; null turns the limit off. */
    requestsPerSecond: z.number().int().positive().max(100_000).nullable(),
    /**
     * Seconds every request is refused after a 429, as Notion's own fixed cooldown does; 0 (the default) refuses only
     * what is over the limit, with retry-after saying when the window has room again.
     */
    cooldownSeconds: z.number().min(0).max(3600).default(0),
  })
  .strict();
export type RateLimit = z.input<typeof rateLimitSchema>;

/** What the rate limit saw: 429s sent, and API requests per whole second (epoch seconds) seen, answered and refused. */
export type RateStats = {
  requestsPerSecond: number | null;
  cooldownSeconds: number;
  limited: number;
  seconds: { at: number; seen: number; answered: number; limited: number }[];
};

/** How long the stand-in keeps per-second counts (an hour of them). */
const STATS_SECONDS = 3600;

/** getPage()-shaped record maps added to the running stand-in (generated sites: ./generate-sites.ts). */
const recordsSchema = z.object({ recordMaps: z.array(z.record(z.string(), z.unknown())).min(1).max(1000) }).strict();

const uuid = z.string().regex(/^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i);
const bodies = {
  loadPageChunk: z.object({ pageId: uuid, limit: z.number().int().min(1).max(1000).default(100) }).loose(),
  syncRecordValues: z
    .object({
      requests: z
        .array(
          z.union([
            z.object({ table: z.string(), id: z.string() }).loose(),
            // 2021 form: {pointer:{table,id}, version}
            z.object({ pointer: z.object({ table: z.string(), id: z.string() }) }).loose(),
          ]),
        )
        .max(1000),
    })
    .loose(),
  queryCollection: z
    .object({
      collection: z.object({ id: z.string() }).optional(),
      collectionView: z.object({ id: z.string() }).optional(),
      collectionId: z.string().optional(),
      collectionViewId: z.string().optional(),
      loader: z
        .object({ reducers: z.record(z.string(), z.object({ type: z.string().optional(), limit: z.number().optional() }).loose()).optional() })
        .loose()
        .optional(),
    })
    .loose(),
  getSignedFileUrls: z
    .object({ urls: z.array(z.object({ url: z.string(), permissionRecord: z.object({ id: z.string().optional() }).loose().optional() }).loose()) })
    .loose(),
};

/** Calls per endpoint and page, and the most API requests that were open at once (to check client concurrency). */
export type CallCounts = { total: number; byEndpoint: Record<string, number>; byPage: Record<string, number>; maxInFlight: number };

export type NotionStub = {
  url: string;
  apiBaseUrl: string;
  port: number;
  store(): Store;
  close(): Promise<void>;
};

/** Large enough for a batch of generated sites posted to /__stub/records. */
const MAX_BODY = 16 * 1024 * 1024;
const CONTENT_TYPES: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".svg": "image/svg+xml",
  ".pdf": "application/pdf",
};

function dashed(id: string): string {
  const hex = id.replace(/-/g, "").toLowerCase();
  return hex.length === 32 ? `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}` : id;
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

const invalidInput = { name: "ValidationError", message: "Invalid input." };

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

/** Ids a request body is about, read loosely (a fault filter, not validation). */
function pagesNamedIn(body: unknown): string[] {
  const b = (body ?? {}) as { pageId?: unknown; requests?: unknown; collection?: { id?: unknown }; collectionId?: unknown };
  const ids: unknown[] = [b.pageId, b.collection?.id, b.collectionId];
  if (Array.isArray(b.requests)) {
    for (const r of b.requests as { id?: unknown; pointer?: { id?: unknown } }[]) ids.push(r?.id ?? r?.pointer?.id);
  }
  return ids.filter((id): id is string => typeof id === "string").map(dashed);
}

export async function createNotionStub(opts: { dataDir: string; port?: number; host?: string; rateLimit?: RateLimit }): Promise<NotionStub> {
  const dataDir = path.resolve(opts.dataDir);
  const initialRateLimit = rateLimitSchema.parse(opts.rateLimit ?? { requestsPerSecond: null });
  let rateLimit = initialRateLimit;
  /** Times (ms) of the requests answered in the last second: a sliding one-second window. */
  let answeredTimes: number[] = [];
  let cooldownUntil = 0;
  let rateStats = { limited: 0, seconds: new Map<number, { seen: number; answered: number; limited: number }>() };
  let store = loadStore(dataDir);
  let faults: (Fault & { remaining: number })[] = [];
  let calls: CallCounts = { total: 0, byEndpoint: {}, byPage: {}, maxInFlight: 0 };
  let inFlight = 0;
  let touchClock = 0;
  const heldSockets = new Set<Socket>();
  let baseUrl = "";

  function countCall(endpoint: string, pageIds: string[]): void {
    calls.total += 1;
    calls.byEndpoint[endpoint] = (calls.byEndpoint[endpoint] ?? 0) + 1;
    for (const id of pageIds) calls.byPage[id] = (calls.byPage[id] ?? 0) + 1;
  }

  /** The first queued fault that applies to this endpoint (and page, when the fault names one), consumed once. */
  function takeFault(endpoint: Endpoint, pageIds: string[]): Fault | null {
    const index = faults.findIndex((f) => (!f.endpoint || f.endpoint === endpoint) && (!f.pageId || pageIds.includes(dashed(f.pageId))));
    if (index < 0) return null;
    const fault = faults[index]!;
    fault.remaining -= 1;
    if (fault.remaining <= 0) faults.splice(index, 1);
    return fault;
  }

  function secondOf(now: number) {
    const at = Math.floor(now / 1000);
    let second = rateStats.seconds.get(at);
    if (!second) {
      second = { seen: 0, answered: 0, limited: 0 };
      rateStats.seconds.set(at, second);
      // Map order is insertion order: the oldest second goes first.
      if (rateStats.seconds.size > STATS_SECONDS) rateStats.seconds.delete(rateStats.seconds.keys().next().value!);
    }
    return second;
  }

  /** Seconds the caller must wait when this request is over the limit, or null when it may be answered. */
  function overLimit(now: number): number | null {
    const second = secondOf(now);
    second.seen += 1;
    const limit = rateLimit.requestsPerSecond;
    if (limit === null) {
      second.answered += 1;
      return null;
    }
    answeredTimes = answeredTimes.filter((t) => t > now - 1000);
    let waitMs = 0;
    if (now < cooldownUntil) waitMs = cooldownUntil - now;
    else if (answeredTimes.length >= limit) {
      waitMs = rateLimit.cooldownSeconds > 0 ? rateLimit.cooldownSeconds * 1000 : answeredTimes[answeredTimes.length - limit]! + 1000 - now;
      if (rateLimit.cooldownSeconds > 0) cooldownUntil = now + waitMs;
    }
    if (waitMs <= 0) {
      answeredTimes.push(now);
      second.answered += 1;
      return null;
    }
    second.limited += 1;
    rateStats.limited += 1;
    // Whole seconds, at least one, as Notion's retry-after header gives them.
    return Math.max(1, Math.ceil(waitMs / 1000));
  }

  function answer(endpoint: Endpoint, body: unknown): { status: number; body: unknown } {
    switch (endpoint) {
      case "loadPageChunk": {
        const parsed = bodies.loadPageChunk.safeParse(body);
        if (!parsed.success) return { status: 400, body: invalidInput };
        const pageId = dashed(parsed.data.pageId);
        countCall(endpoint, [pageId]);
        return { status: 200, body: loadPageChunk(store, pageId, parsed.data.limit) };
      }
      case "syncRecordValues":
      case "syncRecordValuesMain": {
        const parsed = bodies.syncRecordValues.safeParse(body);
        if (!parsed.success) return { status: 400, body: invalidInput };
        const requests = parsed.data.requests.map((r) => {
          const pointer = ("pointer" in r ? r.pointer : r) as { table: string; id: string };
          return { table: pointer.table, id: dashed(pointer.id) };
        });
        countCall(endpoint, requests.filter((r) => r.table === "block").map((r) => r.id));
        return { status: 200, body: syncRecordValues(store, requests) };
      }
      case "queryCollection": {
        const parsed = bodies.queryCollection.safeParse(body);
        if (!parsed.success) return { status: 400, body: invalidInput };
        const collectionId = parsed.data.collection?.id ?? parsed.data.collectionId;
        const viewId = parsed.data.collectionView?.id ?? parsed.data.collectionViewId;
        if (!collectionId || !viewId) return { status: 400, body: invalidInput };
        countCall(endpoint, [dashed(collectionId)]);
        const result = queryCollection(store, dashed(collectionId), dashed(viewId), parsed.data.loader?.reducers as Record<string, Reducer> | undefined);
        return result ? { status: 200, body: result } : { status: 400, body: invalidInput };
      }
      case "getSignedFileUrls": {
        const parsed = bodies.getSignedFileUrls.safeParse(body);
        if (!parsed.success) return { status: 400, body: invalidInput };
        countCall(endpoint, []);
        return { status: 200, body: signFileUrls(baseUrl, parsed.data.urls) };
      }
    }
  }

  async function handleApi(endpoint: Endpoint, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    inFlight += 1;
    calls.maxInFlight = Math.max(calls.maxInFlight, inFlight);
    // 'close' fires once: when the answer is sent or the connection goes away (refused, timed out).
    res.once("close", () => (inFlight -= 1));
    let body: unknown;
    let bodyOk = true;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      bodyOk = false;
    }
    const retryAfter = overLimit(Date.now());
    if (retryAfter !== null) {
      // The shape of a private-API 429: notion-client reads `retry-after`, then `clientData.retryAfter` (seconds).
      sendJson(
        res,
        429,
        { errorId: crypto.randomUUID(), name: "RateLimitedError", message: "You have been rate limited. Please try again in a few minutes.", clientData: { retryAfter } },
        { "retry-after": String(retryAfter) },
      );
      return;
    }
    const fault = takeFault(endpoint, pagesNamedIn(body));
    if (fault?.mode === "refuse") {
      req.socket.destroy();
      return;
    }
    if (fault?.mode === "timeout") {
      // Hold the request open until the client gives up or the stand-in is reset or closed.
      heldSockets.add(req.socket);
      req.socket.once("close", () => heldSockets.delete(req.socket));
      return;
    }
    if (fault?.mode === "latency") await new Promise((r) => setTimeout(r, fault.latencyMs ?? 1000));
    if (!bodyOk) {
      sendJson(res, 400, invalidInput);
      return;
    }
    if (fault?.mode === "status") {
      const status = fault.status ?? 500;
      const headers: Record<string, string> = fault.retryAfter !== undefined ? { "retry-after": String(fault.retryAfter) } : {};
      sendJson(res, status, { errorId: "stub-fault", name: status === 429 ? "RateLimitedError" : "HttpError", message: `Stub fault: HTTP ${status}` }, headers);
      return;
    }
    const result = answer(endpoint, body);
    if (fault?.mode === "truncate" && result.status === 200) {
      const text = JSON.stringify(result.body);
      res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
      res.end(text.slice(0, Math.floor(text.length / 2)));
      return;
    }
    sendJson(res, result.status, result.body);
  }

  function touch(pageId: string, title: string | undefined, properties?: Record<string, unknown>): boolean {
    const id = dashed(pageId);
    const block = store.records.block.get(id);
    if (!block) return false;
    // Strictly increasing even when two touches land in the same millisecond.
    touchClock = Math.max(Date.now(), touchClock + 1, Number(block.last_edited_time ?? 0) + 1);
    const updated: Record<string, unknown> & { id: string } = { ...block, last_edited_time: touchClock, version: Number(block.version ?? 0) + 1 };
    if (properties) updated.properties = { ...(block.properties as object | undefined), ...properties };
    if (title !== undefined) updated.properties = { ...(updated.properties as object | undefined), title: [[title]] };
    store.records.block.set(id, updated);
    return true;
  }

  async function handleControl(route: string, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (route === "calls" && req.method === "GET") return sendJson(res, 200, calls);
    if (route === "rate" && req.method === "GET") {
      const stats: RateStats = {
        ...rateLimit,
        limited: rateStats.limited,
        seconds: [...rateStats.seconds].map(([at, counts]) => ({ at, ...counts })),
      };
      return sendJson(res, 200, stats);
    }
    if (req.method !== "POST") return sendJson(res, 405, { message: "Method not allowed" });
    let body: unknown = {};
    try {
      const text = await readBody(req);
      body = text ? JSON.parse(text) : {};
    } catch {
      return sendJson(res, 400, invalidInput);
    }
    if (route === "faults") {
      const parsed = faultSchema.safeParse(body);
      if (!parsed.success) return sendJson(res, 400, { message: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") });
      faults.push({ ...parsed.data, remaining: parsed.data.times ?? Number.POSITIVE_INFINITY });
      return sendJson(res, 200, { ok: true, queued: faults.length });
    }
    if (route === "touch") {
      const parsed = touchSchema.safeParse(body);
      if (!parsed.success) return sendJson(res, 400, invalidInput);
      return touch(parsed.data.pageId, parsed.data.title, parsed.data.properties) ? sendJson(res, 200, { ok: true }) : sendJson(res, 404, { message: "No such page" });
    }
    if (route === "rate-limit") {
      const parsed = rateLimitSchema.safeParse(body);
      if (!parsed.success) return sendJson(res, 400, { message: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") });
      rateLimit = parsed.data;
      answeredTimes = [];
      cooldownUntil = 0;
      rateStats = { limited: 0, seconds: new Map() };
      return sendJson(res, 200, { ok: true });
    }
    if (route === "records") {
      const parsed = recordsSchema.safeParse(body);
      if (!parsed.success) return sendJson(res, 400, invalidInput);
      for (const recordMap of parsed.data.recordMaps) addRecordMap(store, recordMap);
      return sendJson(res, 200, { ok: true, blocks: store.records.block.size });
    }
    if (route === "reset") {
      rateLimit = initialRateLimit;
      answeredTimes = [];
      cooldownUntil = 0;
      rateStats = { limited: 0, seconds: new Map() };
      faults = [];
      calls = { total: 0, byEndpoint: {}, byPage: {}, maxInFlight: 0 };
      for (const socket of heldSockets) socket.destroy();
      heldSockets.clear();
      store = loadStore(dataDir);
      return sendJson(res, 200, { ok: true });
    }
    sendJson(res, 404, { message: "Unknown control route" });
  }

  /** DIR/files/<id>/<name> when that upload was recorded on its own, else DIR/files/<name>. */
  function serveFile(pathname: string, res: http.ServerResponse): void {
    const key = fileKeyOf(`http://x${pathname}`);
    const dir = store.files;
    // basename() keeps a request inside DIR/files whatever the path says.
    const candidates = dir && key ? [...(key.id ? [path.join(dir, path.basename(key.id), path.basename(key.name))] : []), path.join(dir, path.basename(key.name))] : [];
    const file = candidates.find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
    if (!file) return sendJson(res, 404, { message: "No such file" });
    const data = fs.readFileSync(file);
    res.writeHead(200, {
      "content-type": CONTENT_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream",
      "content-length": data.length,
    });
    res.end(data);
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    const work = async () => {
      if (url.pathname.startsWith("/api/v3/")) {
        const endpoint = url.pathname.slice("/api/v3/".length) as Endpoint;
        if (!ENDPOINTS.includes(endpoint)) return sendJson(res, 404, { name: "NotFound", message: "Unknown endpoint" });
        if (req.method !== "POST") return sendJson(res, 405, invalidInput);
        return handleApi(endpoint, req, res);
      }
      if (url.pathname.startsWith("/__stub/")) return handleControl(url.pathname.slice("/__stub/".length), req, res);
      if (url.pathname.startsWith("/files/") && (req.method === "GET" || req.method === "HEAD")) return serveFile(url.pathname, res);
      sendJson(res, 404, { message: "Not found" });
    };
    work().catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { message: (err as Error).message });
      else res.destroy();
    });
  });

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://${opts.host ?? "127.0.0.1"}:${port}`;
  return {
    url: baseUrl,
    apiBaseUrl: `${baseUrl}/api/v3`,
    port,
    store: () => store,
    close: async () => {
      for (const socket of heldSockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
