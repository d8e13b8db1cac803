import http from "node:http";
import type { AddressInfo } from "node:net";
import { handleApi } from "./api";
import { handleControl } from "./control-routes";
import { sendError } from "./errors";
import { serveFile } from "./files";
import { handleAuthorize, handleOAuth } from "./oauth";
import { createState, type StubState } from "./state";
import type { Delivery } from "./webhooks";
import type { OfficialWorkspace } from "./workspace";

/**
 * A local stand-in for Notion's official public API (`https://api.notion.com/v1`, version 2025-09-03), so the real
 * `@notionhq/client` runs against it (option `baseUrl`). Content: the demo workspace converted (workspace.ts).
 * Bearer tokens (internal integration secrets and OAuth access tokens) each see only the pages shared with them and
 * their descendants. OAuth authorize/token, files whose signed URLs expire, 429s, webhooks, and a control API under
 * `/__stub/` (docs/notion-api-stub.md). node:http only.
 *
 * This file is the front door: it routes a request to the module for its concern (api.ts and its api-* handlers,
 * oauth.ts, files.ts, control-routes.ts); state.ts holds what the stand-in remembers between requests.
 */

export { API_VERSION, ENDPOINTS, faultSchema, type Endpoint, type Fault } from "./schemas";
export type { CallCounts } from "./state";

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

function route(stub: StubState, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> | void {
  const url = new URL(req.url ?? "/", "http://stub");
  if (url.pathname === "/v1/oauth/authorize" && (req.method === "GET" || req.method === "POST")) return handleAuthorize(stub, req, res, url);
  if (url.pathname === "/v1/oauth/token") return handleOAuth(stub, "oauth.token", req, res);
  if (url.pathname === "/v1/oauth/revoke") return handleOAuth(stub, "oauth.revoke", req, res);
  if (url.pathname === "/v1/oauth/introspect") return handleOAuth(stub, "oauth.introspect", req, res);
  if (url.pathname.startsWith("/v1/")) return handleApi(stub, req, res, url);
  if (url.pathname.startsWith("/__stub/")) return handleControl(stub, url.pathname.slice("/__stub/".length), req, res);
  if (url.pathname.startsWith("/files/") && (req.method === "GET" || req.method === "HEAD")) return serveFile(stub, res, url);
  sendError(res, 404, "invalid_request_url", "Invalid request URL.");
}

export async function createNotionApiStub(opts: NotionApiStubOptions): Promise<NotionApiStub> {
  const stub = createState({
    dataDir: opts.dataDir,
    clientId: opts.clientId ?? "stub-oauth-client-id",
    clientSecret: opts.clientSecret ?? "stub-oauth-client-secret",
    internalSecret: opts.internalSecret ?? "ntn_stub_internal_secret_0000000000000000000000",
    webhookUrl: opts.webhookUrl ?? null,
  });
  const server = http.createServer((req, res) => {
    (async () => route(stub, req, res))().catch((err: unknown) => {
      if (!res.headersSent) sendError(res, 500, "internal_server_error", (err as Error).message);
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  stub.baseUrl = `http://${opts.host ?? "127.0.0.1"}:${port}`;
  const { settings, webhooks } = stub;
  return {
    url: stub.baseUrl,
    baseUrl: stub.baseUrl,
    port,
    internalSecret: settings.internalSecret,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    verificationToken: webhooks.verificationToken,
    workspace: () => stub.ws,
    close: async () => {
      webhooks.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type { Delivery };
