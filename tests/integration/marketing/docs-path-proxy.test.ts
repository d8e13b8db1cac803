import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { freePort } from "../../helpers/app-server";
import { textOf } from "../../helpers/mcp-client";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";
import { proxyExamples, type ProxyExamples } from "@/lib/docs-path-proxy";

/**
 * /docs/features/hosting-under-a-docs-path, checked against the real published-site server (CONTRACTS §4): a docs
 * site whose publicUrl is http://127.0.0.1:<port>/docs sits behind (1) a Node reverse proxy doing exactly what the
 * nginx and Caddy examples do — `/docs` → `/docs/`, `/docs/*` forwarded unchanged with the site's host as Host —
 * and (2) the Cloudflare Worker example's own code, run in Node. Through each, pages, assets, links, search, the
 * sitemap, canonical URLs and the site's MCP server and `.md?ask=` (issue 27) must all work under /docs.
 */

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "host", "upgrade", "proxy-connection"]);

/** Forwards one request to the app on loopback with `host` as Host, path unchanged (what nginx's proxy_pass does). */
function forward(appPort: number, host: string, method: string, pathAndQuery: string, headers: Record<string, string>, body: Buffer | null) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const clean = Object.fromEntries(Object.entries(headers).filter(([k]) => !HOP_BY_HOP.has(k.toLowerCase())));
    const req = http.request({ host: "127.0.0.1", port: appPort, method, path: pathAndQuery, headers: { ...clean, host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end(body ?? undefined);
  });
}

async function readBody(req: http.IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return chunks.length ? Buffer.concat(chunks) : null;
}

function listen(server: http.Server, port: number) {
  return new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
}

let s: SitesApp;
let proxyPort: number;
let workerPort: number;
let examples: ProxyExamples;
let siteHost: string;
const servers: http.Server[] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  proxyPort = await freePort();
  workerPort = await freePort();
  // One site, two public URLs would be two sites: the Worker check gets its own site on its own port.
  s = await startSitesApp([
    { siteType: "docs", page: workspaceIndex.docs!, settings: { name: "Lumen Docs", ai: { enabled: true }, publicUrl: `http://127.0.0.1:${proxyPort}/docs` } },
    { siteType: "docs", page: workspaceIndex.docs!, settings: { name: "Lumen Docs", ai: { enabled: true }, publicUrl: `http://127.0.0.1:${workerPort}/docs` } },
  ]);
  siteHost = s.hosts[0]!;
  examples = proxyExamples({ publicUrl: `http://127.0.0.1:${proxyPort}/docs`, siteAddress: `http://${siteHost}` });

  // (1) The nginx/Caddy behaviour.
  const proxy = http.createServer(async (req, res) => {
    const url = req.url ?? "/";
    const pathname = url.split("?")[0]!;
    if (pathname === "/docs") return void res.writeHead(301, { location: "/docs/" }).end();
    if (!pathname.startsWith("/docs/")) return void res.writeHead(404, { "content-type": "text/plain" }).end("the owner's own site");
    const upstream = await forward(s.app.port, siteHost, req.method ?? "GET", url, req.headers as Record<string, string>, await readBody(req));
    res.writeHead(upstream.status, upstream.headers).end(upstream.body);
  });
  await listen(proxy, proxyPort);
  servers.push(proxy);

  // (2) The Cloudflare Worker example, its own source, with the platform's fetch reaching the app on loopback.
  const workerHost = s.hosts[1]!;
  const workerSource = proxyExamples({ publicUrl: `http://127.0.0.1:${workerPort}/docs`, siteAddress: `http://${workerHost}` }).cloudflare;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "worker-")), "worker.mjs");
  fs.writeFileSync(file, workerSource);
  const worker = (await import(pathToFileURL(file).href)).default as { fetch(req: Request): Promise<Response> };
  // Like Cloudflare's fetch: Host comes from the URL; *.localhost resolves to loopback (Node's resolver doesn't).
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    const target = new URL(req.url);
    if (!target.hostname.endsWith(".localhost")) return realFetch(input, init);
    const body = req.method === "GET" || req.method === "HEAD" ? null : Buffer.from(await req.arrayBuffer());
    const up = await forward(Number(target.port), target.host, req.method, target.pathname + target.search, Object.fromEntries(req.headers), body);
    const headers = new Headers();
    for (const [k, v] of Object.entries(up.headers)) for (const one of [v].flat()) if (one !== undefined) headers.append(k, one);
    return new Response([204, 304].includes(up.status) ? null : new Uint8Array(up.body), { status: up.status, headers });
  };
  const workerServer = http.createServer(async (req, res) => {
    const body = await readBody(req);
    const request = new Request(`http://127.0.0.1:${workerPort}${req.url}`, {
      method: req.method,
      headers: Object.entries(req.headers).filter(([k]) => !HOP_BY_HOP.has(k)) as [string, string][],
      body: body ? new Uint8Array(body) : undefined,
    });
    const response = await worker.fetch(request);
    // Raw bytes pass through untouched, so the encoding header stays true.
    res.writeHead(response.status, Object.fromEntries(response.headers)).end(Buffer.from(await response.arrayBuffer()));
  });
  await listen(workerServer, workerPort);
  servers.push(workerServer);
}, 240_000);

afterAll(async () => {
  globalThis.fetch = realFetch;
  for (const server of servers) await new Promise((r) => server.close(r));
  await s?.stop();
});

describe("the examples say what the proxy does", () => {
  it("nginx forwards the path unchanged with the site's host, and sends /docs to /docs/", () => {
    expect(examples.nginx).toContain(`proxy_pass http://${siteHost};`);
    expect(examples.nginx).toContain(`proxy_set_header Host ${siteHost};`);
    expect(examples.nginx).toMatch(/location = \/docs \{\s*return 301 \/docs\/;/);
    expect(examples.nginx).toContain("location /docs/ {");
  });

  it("Caddy keeps the prefix (handle, not handle_path) and sends the upstream's host", () => {
    expect(examples.caddy).toContain("handle /docs/* {");
    expect(examples.caddy).not.toMatch(/^\s*handle_path\b/m);
    expect(examples.caddy).toContain(`reverse_proxy http://${siteHost} {`);
    expect(examples.caddy).toContain("header_up Host {upstream_hostport}");
  });

  it("Next.js rewrites keep the path under the same prefix", () => {
    expect(examples.nextjs).toContain(`{ source: "/docs/:path*", destination: "http://${siteHost}/docs/:path*" }`);
    expect(examples.nextjs).toContain(`{ source: "/docs", destination: "http://${siteHost}/docs/" }`);
  });

  it("refuses a public URL without a path", () => {
    expect(() => proxyExamples({ publicUrl: "https://example.com/", siteAddress: "https://acme.example.site" })).toThrow(/needs a path/);
  });
});

const hrefsAndSrcs = (html: string) => [...html.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));

describe.each([
  ["a reverse proxy as in the nginx and Caddy examples", () => proxyPort],
  ["the Cloudflare Worker example", () => workerPort],
])("a docs site under /docs behind %s", (_name, portOf) => {
  const base = () => `http://127.0.0.1:${portOf()}`;
  const get = (p: string, headers: Record<string, string> = {}) => realFetch(`${base()}${p}`, { redirect: "manual", headers });

  it("sends /docs to /docs/ and serves the home there with a canonical URL on the owner's domain", async () => {
    const bare = await get("/docs");
    expect(bare.status).toBe(301);
    expect(new URL(bare.headers.get("location")!, base()).href).toBe(`${base()}/docs/`);
    const home = await get("/docs/");
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain(`<link rel="canonical" href="${base()}/docs/"/>`);
    expect(html).toContain("Lumen Docs");
  });

  it("keeps every link and asset under /docs, and each one answers through the proxy", async () => {
    const html = await (await get("/docs/")).text();
    const local = [...new Set(hrefsAndSrcs(html).filter((h) => h.startsWith("/")))];
    expect(local.length).toBeGreaterThan(5);
    for (const h of local) expect(h, h).toMatch(/^\/docs\//);
    const assets = local.filter((h) => h.includes("/_/")).map((h) => h.split("?")[0]);
    expect(assets).toContain("/docs/_/site.css");
    expect(assets).toContain("/docs/_/site.js");
    for (const h of local.slice(0, 40)) {
      const res = await get(h);
      expect(res.status, h).toBe(200);
      await res.arrayBuffer();
    }
  });

  it("serves a deep page, search and the sitemap with /docs URLs", async () => {
    const page = await get("/docs/getting-started/installing-on-your-framework/nextjs");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`<link rel="canonical" href="${base()}/docs/getting-started/installing-on-your-framework/nextjs"/>`);
    const search = await get("/docs/_/search?q=install", { accept: "application/json" });
    expect(search.status).toBe(200);
    const { results } = (await search.json()) as { results: { url: string }[] };
    expect(results.length).toBeGreaterThan(0);
    for (const r of results) expect(r.url).toMatch(/^\/docs\//);
    const sitemap = await (await get("/docs/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>${base()}/docs/</loc>`);
    expect(sitemap).not.toContain(siteHost);
  });
});

describe.each([
  ["a reverse proxy as in the nginx and Caddy examples", () => proxyPort],
  ["the Cloudflare Worker example", () => workerPort],
])("AI agents of a docs site under /docs behind %s", (_name, portOf) => {
  const base = () => `http://127.0.0.1:${portOf()}`;

  it("the MCP server answers at /docs/_/mcp with URLs on the owner's domain", async () => {
    const client = new Client({ name: "pagewright-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base()}/docs/_/mcp`), { fetch: realFetch }));
    try {
      const { results } = JSON.parse(textOf(await client.callTool({ name: "search", arguments: { query: "custom events" } }))) as { results: { url: string; markdownUrl: string }[] };
      expect(results[0]).toMatchObject({ url: `${base()}/docs/sending-data/custom-events`, markdownUrl: `${base()}/docs/sending-data/custom-events.md` });
      const page = await client.callTool({ name: "get_page", arguments: { path: `${base()}/docs/getting-started/quick-start.md` } });
      expect(textOf(page)).toMatch(/^# Quick start\n/);
      const { tools } = await client.listTools();
      expect(tools[0]!.description).toContain(`(${base()}/docs/)`);
    } finally {
      await client.close();
    }
  });

  it("answers <page>.md?ask= under /docs with sources on the owner's domain", async () => {
    const asked = await realFetch(`${base()}/docs/index.md?ask=${encodeURIComponent("How do I send custom events?")}`);
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain(`## Sources\n\n1. [Custom events](${base()}/docs/sending-data/custom-events)`);
  });
});

describe("outside /docs", () => {
  it("the owner's own site answers, not the docs site", async () => {
    const res = await realFetch(`http://127.0.0.1:${proxyPort}/pricing`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe("the owner's own site");
  });
});
