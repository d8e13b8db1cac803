import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { rawRequest } from "./raw-request";

/**
 * The MCP SDK's own client against a site's `/_/mcp` over real HTTP. Site hosts (`x.localhost:port`) don't resolve
 * here, so its fetch goes through node:http to the server with the site's Host header; nothing else is changed.
 */
export async function connectMcp(appUrl: string, siteHost: string, headers: Record<string, string> = {}): Promise<Client> {
  const viaHost: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const sent: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => (sent[key] = value));
    const res = await rawRequest(`${appUrl}${url.pathname}${url.search}`, { host: url.host, method: init?.method ?? "GET", headers: sent, body: init?.body as string | undefined });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(res.headers)) if (value !== undefined) responseHeaders.set(key, Array.isArray(value) ? value.join(", ") : value);
    return new Response([204, 304].includes(res.status) || res.status === 202 ? null : res.body, { status: res.status, headers: responseHeaders });
  };
  const client = new Client({ name: "pagewright-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://${siteHost}/_/mcp`), { fetch: viaHost, requestInit: { headers } }));
  return client;
}

/** The text of a tool result. */
export const textOf = (result: unknown) =>
  ((result as { content: { type: string; text?: string }[] }).content ?? [])
    .filter((c) => c.type === "text")
    .map((c) => c.text)
    .join("");
