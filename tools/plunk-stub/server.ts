import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";

/**
 * A local stand-in for Plunk's API (the email provider), speaking its wire format: `POST /v1/send` and
 * `POST /v1/track` with `Authorization: Bearer <key>`, JSON in and out, errors as `{code, error, message}`.
 * It records every request so tests can read what the product sent, and can be told to fail.
 *
 * Control: `GET /__stub/requests` (recorded calls) · `POST /__stub/faults` `{status?, message?, rawBody?,
 * latencyMs?, times?, endpoint?}` · `POST /__stub/reset`.
 */

export type RecordedRequest = { endpoint: "send" | "track"; authorization: string | null; body: unknown; at: string };
export type PlunkFault = { status?: number; message?: string; rawBody?: string; latencyMs?: number; times?: number; endpoint?: "send" | "track" };

const email = z.string().email();
const sendSchema = z.object({
  to: z.union([email, z.array(email).min(1)]),
  subject: z.string().min(1),
  body: z.string().min(1),
  name: z.string().optional(),
  from: z.string().email().optional(),
  reply: z.string().email().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  subscribed: z.boolean().optional(),
});
const trackSchema = z.object({
  event: z.string().min(1),
  email,
  subscribed: z.boolean().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});
const faultSchema = z
  .object({
    status: z.number().int().min(200).max(599).optional(),
    message: z.string().optional(),
    rawBody: z.string().optional(),
    latencyMs: z.number().int().min(0).max(60_000).optional(),
    times: z.number().int().min(1).optional(),
    endpoint: z.enum(["send", "track"]).optional(),
  })
  .strict();

const REASONS: Record<number, string> = { 400: "Bad Request", 401: "Unauthorized", 404: "Not Found", 422: "Unprocessable Entity", 429: "Too Many Requests", 500: "Internal Server Error", 503: "Service Unavailable" };

export type PlunkStub = { url: string; apiKey: string; close(): Promise<void> };

export async function createPlunkStub(opts: { port?: number; host?: string; apiKey?: string } = {}): Promise<PlunkStub> {
  const apiKey = opts.apiKey ?? "sk_stub_plunk_key";
  let requests: RecordedRequest[] = [];
  let faults: (PlunkFault & { remaining: number })[] = [];

  const sendJson = (res: http.ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text) });
    res.end(text);
  };
  const sendError = (res: http.ServerResponse, status: number, message: string) => sendJson(res, status, { code: status, error: REASONS[status] ?? "Error", message, time: Date.now() });

  async function readBody(req: http.IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > 5 * 1024 * 1024) throw new Error("too large");
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString("utf8");
  }

  function takeFault(endpoint: "send" | "track"): PlunkFault | undefined {
    const fault = faults.find((f) => !f.endpoint || f.endpoint === endpoint);
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) faults = faults.filter((f) => f !== fault);
    return fault;
  }

  async function handleApi(endpoint: "send" | "track", req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const authorization = req.headers.authorization ?? null;
    let text: string;
    try {
      text = await readBody(req);
    } catch {
      return sendError(res, 413, "Payload too large");
    }
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // recorded as text
    }
    requests.push({ endpoint, authorization, body, at: new Date().toISOString() });
    const fault = takeFault(endpoint);
    if (fault?.latencyMs) await new Promise((r) => setTimeout(r, fault.latencyMs));
    if (fault?.status) {
      if (fault.rawBody !== undefined) {
        res.writeHead(fault.status, { "content-type": "text/plain; charset=utf-8" });
        res.end(fault.rawBody);
        return;
      }
      return sendError(res, fault.status, fault.message ?? REASONS[fault.status] ?? "Error");
    }
    if (authorization !== `Bearer ${apiKey}`) return sendError(res, 401, "Incorrect Bearer token specified");
    if (typeof body !== "object" || body === null) return sendError(res, 400, "Body must be JSON");
    if (endpoint === "send") {
      const parsed = sendSchema.safeParse(body);
      if (!parsed.success) return sendError(res, 422, parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
      const to = Array.isArray(parsed.data.to) ? parsed.data.to : [parsed.data.to];
      return sendJson(res, 200, { success: true, emails: to.map((address) => ({ contact: { id: crypto.randomUUID(), email: address }, email: crypto.randomUUID() })), timestamp: new Date().toISOString() });
    }
    const parsed = trackSchema.safeParse(body);
    if (!parsed.success) return sendError(res, 422, parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
    sendJson(res, 200, { success: true, contact: crypto.randomUUID(), event: crypto.randomUUID(), timestamp: new Date().toISOString() });
  }

  async function handleControl(route: string, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (route === "requests" && req.method === "GET") return sendJson(res, 200, requests);
    if (req.method !== "POST") return sendJson(res, 405, { message: "Method not allowed" });
    let body: unknown;
    try {
      const text = await readBody(req);
      body = text ? JSON.parse(text) : {};
    } catch {
      return sendJson(res, 400, { message: "Body must be JSON" });
    }
    if (route === "faults") {
      const parsed = faultSchema.safeParse(body);
      if (!parsed.success) return sendJson(res, 400, { message: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") });
      faults.push({ ...parsed.data, remaining: parsed.data.times ?? Number.POSITIVE_INFINITY });
      return sendJson(res, 200, { ok: true });
    }
    if (route === "reset") {
      requests = [];
      faults = [];
      return sendJson(res, 200, { ok: true });
    }
    sendJson(res, 404, { message: "Unknown control route" });
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    const work = async () => {
      if (url.pathname.startsWith("/__stub/")) return handleControl(url.pathname.slice("/__stub/".length), req, res);
      if ((url.pathname === "/v1/send" || url.pathname === "/v1/track") && req.method === "POST") return handleApi(url.pathname === "/v1/send" ? "send" : "track", req, res);
      sendError(res, 404, `Cannot ${req.method} ${url.pathname}`);
    };
    work().catch((err) => {
      if (!res.headersSent) sendError(res, 500, err instanceof Error ? err.message : "Internal error");
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${opts.host ?? "127.0.0.1"}:${port}`,
    apiKey,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
