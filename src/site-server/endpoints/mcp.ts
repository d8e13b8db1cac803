import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { sendJsonError } from "@/http/json-error";
import { buildSiteMcpServer } from "../mcp-server";
import { readSmallBody } from "../respond";
import { contentOrUnavailable, visitorKey, type Endpoint } from "./context";

const MAX_MCP_BODY = 64 * 1024;

/**
 * The site's MCP server, Streamable HTTP without sessions: every POST is answered on its own (a fresh server
 * and transport), so any process behind a load balancer can take any call. Batches are refused, so
 * the per-agent limit counts calls. A protected site answers only with its access cookie or an agent token (`Authorization: Bearer`, checked by the pipeline's password gate).
 */
export const mcpEndpoint: Endpoint = {
  path: "/_/mcp",
  methods: ["POST"],
  servedWhenLocked: false,
  summary: "The site's MCP server (Streamable HTTP, stateless): tools search, list_pages, get_page, ask. A protected site needs an agent token (`Authorization: Bearer`) or the access cookie.",
  async handler(req, res, site, ctx) {
    const key = visitorKey(ctx, req, site);
    if (!(await ctx.take("agent", key))) return sendJsonError(res, 429, "Too many requests. Please slow down.");
    const raw = await readSmallBody(req, MAX_MCP_BODY);
    if (raw === null) return sendJsonError(res, 413, "This request is too large.");
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return sendJsonError(res, 400, "The request is not JSON.");
    }
    // The per-agent limit counts requests: a JSON-RPC batch would be a hundred calls for one (the MCP spec dropped
    // batches too). One message per request.
    if (Array.isArray(body)) {
      res.writeHead(400, { "content-type": "application/json", "cache-control": "no-store" });
      return void res.end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32600, message: "Batches are not accepted. Send one JSON-RPC message per request." } }));
    }
    const content = await contentOrUnavailable(ctx, res, site);
    if (!content) return;
    const server = buildSiteMcpServer(site, ctx, content, { req, visitorKey: key });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  },
};
