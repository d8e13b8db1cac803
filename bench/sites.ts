import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { parseSiteSettings } from "@/core/sites/site-settings";
import { contentHashOf } from "@/notion/fetch-site-content";
import { siteModelOf } from "@/site-model/site-model";
import { renderRoute } from "@/site-server/render/render-route";
import type { RenderContext } from "@/site-server/render/context";
import { stubControl } from "../tools/notion-stub/control";
import { BLOG_SCHEMA, RecordMapBuilder, blogRows, type BodyBlock } from "../tests/helpers/notion-records";
import { rawRequest } from "../tests/helpers/raw-request";
import { startSitesApp, workspaceIndex } from "../tests/helpers/sites";
import type { BenchRow } from "./sync";

/**
 * Published-site budgets (issue 5): requests per second of a cached page against a minimal Node server sending the
 * same bytes (one autocannon run each, 10 connections, same machine), JavaScript shipped on content pages, server
 * render time of a 300-block page on a cache miss, and edit-to-visible time under a steady request rate.
 */
/** The baseline: Node's http module sending the same bytes, nothing else. */
const MINIMAL_SERVER = `
const http = require("node:http");
const body = require("node:fs").readFileSync(process.argv[1]);
const server = http.createServer((req, res) => {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
  res.end(body);
});
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
`;

export async function benchSites(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const s = await startSitesApp([{ siteType: "blog", page: workspaceIndex.blog! }, { siteType: "changelog", page: workspaceIndex.changelog! }], { env: { REVALIDATE_SECONDS: "1" } });
  const [blog, changelog] = s.hosts as [string, string];
  try {
    const post = "/how-we-made-dashboards-10-faster";
    const page = await rawRequest(`${s.app.url}${post}`, { host: blog });
    if (page.status !== 200) throw new Error(`post answered ${page.status}`);

    // 1. Cached page vs a minimal server with the same bytes, each in its own process (autocannon runs here).
    const bodyFile = path.join(os.tmpdir(), `bench-page-${process.pid}.html`);
    fs.writeFileSync(bodyFile, page.bytes);
    const minimal = spawn(process.execPath, ["-e", MINIMAL_SERVER, bodyFile], { stdio: ["ignore", "pipe", "inherit"] });
    const minimalPort = await new Promise<number>((resolve) => minimal.stdout!.once("data", (d: Buffer) => resolve(Number(String(d).trim()))));
    const minimalUrl = `http://127.0.0.1:${minimalPort}${post}`;
    const run = (url: string, host?: string) =>
      autocannon({ url, connections: 10, duration: 8, headers: host ? { host } : {} }) as Promise<autocannon.Result>;
    await run(`${s.app.url}${post}`, blog); // warm-up
    const ours = await run(`${s.app.url}${post}`, blog);
    const base = await run(minimalUrl);
    minimal.kill();
    fs.rmSync(bodyFile, { force: true });
    rows.push({ name: "cached post, req/s (10 connections)", value: Math.round(ours.requests.average), baseline: Math.round(base.requests.average), ratio: +(ours.requests.average / base.requests.average).toFixed(2), budget: "≥ 0.5" });
    rows.push({ name: "cached post, mean latency ms", value: ours.latency.average, baseline: base.latency.average, ratio: +(ours.latency.average / base.latency.average).toFixed(2), budget: "" });

    // 2. JavaScript on content pages: inline scripts plus the uncompressed size of every script they load.
    let scriptBytes = 0;
    for (const [host, p] of [[blog, "/"], [blog, post], [changelog, "/"]] as const) {
      let pageBytes = 0;
      const html = (await rawRequest(`${s.app.url}${p}`, { host })).body;
      for (const m of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
        if (m[1]!.includes("application/ld+json")) continue;
        const src = /src="([^"]+)"/.exec(m[1]!)?.[1];
        pageBytes += src ? Buffer.byteLength((await rawRequest(`${s.app.url}${src}`, { host })).body) : m[2]!.length;
      }
      scriptBytes = Math.max(scriptBytes, pageBytes);
    }
    rows.push({ name: "JavaScript on a content page (largest), bytes", value: scriptBytes, baseline: "", ratio: "", budget: "≤ 15 KB" });

    // 3. Edit-to-visible under a steady request rate (one request per 100 ms).
    const row = [...s.stub.store().records.block.values()].find((b) => JSON.stringify(b.properties ?? {}).includes("Our pricing, explained"))!;
    await rawRequest(`${s.app.url}/our-pricing-explained`, { host: blog });
    await new Promise((r) => setTimeout(r, 1100));
    const edited = Date.now();
    await stubControl(s.stub.url).touch(row.id, "Our pricing, explained again");
    let visibleAfter = -1;
    while (Date.now() - edited < 20_000) {
      // The index lists every title (the post's own path moves with its new slug).
      const res = await rawRequest(`${s.app.url}/`, { host: blog });
      if (res.body.includes("Our pricing, explained again")) {
        visibleAfter = Date.now() - edited;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    rows.push({ name: "edit → visible, ms (REVALIDATE_SECONDS=1, 10 req/s)", value: visibleAfter, baseline: "", ratio: "", budget: "stale page first, then the edit" });
  } finally {
    await s.stop();
  }

  // 4. Cache-miss render of a 300-block page, in process (no Notion fetch).
  rows.push(renderBench());
  return rows;
}

function renderBench(): BenchRow {
  const body: BodyBlock[] = [];
  for (let i = 0; i < 100; i++) {
    body.push({ type: "header", text: `Section ${i}` });
    body.push({ type: "text", text: `Paragraph ${i} with some words that make it look like prose, about dashboards and events and funnels.` });
    body.push({ type: "bulleted_list", text: `Point ${i}` });
  }
  const ws = new RecordMapBuilder();
  const db = ws.database("Render bench", { viewType: "table", schema: BLOG_SCHEMA, rows: [{ ...blogRows(1)[0]!, body }] });
  // The snapshot a refresh would store: the database page with its query results (rows and bodies in one map here).
  const recordMap = ws.recordMapOf(db.pageId, { [db.collectionId]: { [db.viewId]: { collection_group_results: { type: "results", blockIds: db.rowIds } } } }) as never;
  const pages = new Map([
    [db.pageId, { pageId: db.pageId, parentPageId: null, recordMap, lastEditedTime: 1, contentHash: contentHashOf(recordMap) }],
    [db.rowIds[0]!, { pageId: db.rowIds[0]!, parentPageId: db.pageId, recordMap, lastEditedTime: 1, contentHash: "x" }],
  ]);
  const model = siteModelOf({ siteType: "blog", notionPageId: db.pageId, settings: { versions: [] } }, { pages }) as Extract<ReturnType<typeof siteModelOf>, { kind: "database" }>;
  const route = model.routes.get(model.entries[0]!.path)!;
  const ctx: RenderContext = { siteId: "b", settings: parseSiteSettings({}), model, origin: "https://b.example", basePath: "", cssHref: "/_/site.css", appUrl: "https://app.example", now: new Date() };
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < 40; i++) {
    const started = performance.now();
    size = renderRoute(ctx, route).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { name: `cache-miss render, 300-block post (${Math.round(size / 1024)} KB HTML), p50 ms`, value: +times[20]!.toFixed(1), baseline: "", ratio: "", budget: "≤ 50 ms" };
}
