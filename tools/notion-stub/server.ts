import http from "node:http";
import type { AddressInfo } from "node:net";
import { sendJson } from "../shared/http";
import { handleApi } from "./api";
import { handleControl } from "./control-routes";
import { serveFile } from "./files";
import { invalidInput } from "./http";
import { ENDPOINTS, type Endpoint, type RateLimit } from "./schemas";
import { createState, type StubState } from "./state";
import type { Store } from "./store";

/**
 * A local stand-in for Notion's unofficial v3 API (CONTRACTS §5): the real wire format from recorded getPage()
 * outputs, plus control endpoints for faults, call counts and edits. node:http only.
 *
 * This file is the front door: it routes a request to api.ts, control-routes.ts or files.ts; state.ts holds what the
 * stand-in remembers between requests, rate-limit.ts its rate limit.
 */

export { ENDPOINTS, faultSchema, rateLimitSchema, type CallCounts, type Endpoint, type Fault, type RateLimit, type RateStats } from "./schemas";

export type NotionStub = {
  url: string;
  apiBaseUrl: string;
  port: number;
  store(): Store;
  close(): Promise<void>;
};

function route(stub: StubState, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> | void {
  const url = new URL(req.url ?? "/", "http://stub");
  if (url.pathname.startsWith("/api/v3/")) {
    const endpoint = url.pathname.slice("/api/v3/".length) as Endpoint;
    if (!ENDPOINTS.includes(endpoint)) return sendJson(res, 404, { name: "NotFound", message: "Unknown endpoint" });
    if (req.method !== "POST") return sendJson(res, 405, invalidInput);
    return handleApi(stub, endpoint, req, res);
  }
  if (url.pathname.startsWith("/__stub/")) return handleControl(stub, url.pathname.slice("/__stub/".length), req, res);
  if (url.pathname.startsWith("/files/") && (req.method === "GET" || req.method === "HEAD")) return serveFile(stub, url.pathname, res);
  sendJson(res, 404, { message: "Not found" });
}

export async function createNotionStub(opts: { dataDir: string; port?: number; host?: string; rateLimit?: RateLimit }): Promise<NotionStub> {
  const stub = createState(opts);
  const server = http.createServer((req, res) => {
    (async () => route(stub, req, res))().catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { message: (err as Error).message });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  stub.baseUrl = `http://${opts.host ?? "127.0.0.1"}:${port}`;
  return {
    url: stub.baseUrl,
    apiBaseUrl: `${stub.baseUrl}/api/v3`,
    port,
    store: () => stub.store,
    close: async () => {
      for (const socket of stub.heldSockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
