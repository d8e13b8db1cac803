import { parseSiteSettings } from "@/core/sites/site-settings";
import { contentHashOf } from "@/notion/fetch-site-content";
import { siteModelOf } from "@/site-model/site-model";
import { renderRoute } from "@/site-server/render/render-route";
import type { RenderContext } from "@/site-server/render/context";
import { stubControl } from "../tools/notion-stub/control";
import { BLOG_SCHEMA, RecordMapBuilder, blogRows, type BodyBlock } from "../tests/helpers/notion-records";
import { rawRequest } from "../tests/helpers/raw-request";
import { startSitesApp, workspaceIndex } from "../tests/helpers/sites";
import { benchCachedPageAsRun } from "./cached-page";
import type { BenchRow } from "./sync";
import { translatorFor } from "@/lib/i18n/translator";

/**
 * Published-site budgets: requests per second of a cached page against a minimal Node server sending the
 * same bytes (./cached-page.ts: `npm start`, an API-made site, the load generator in its own process), JavaScript
 * shipped on content pages, server render time of a 300-block page on a cache miss, and edit-to-visible time under a
 * steady request rate.
 */
export async function benchSites(): Promise<BenchRow[]> {
  // 1. The cached page as users run it, against a minimal server sending the same bytes.
  const rows: BenchRow[] = await benchCachedPageAsRun();
  const s = await startSitesApp([{ siteType: "blog", page: workspaceIndex.blog! }, { siteType: "changelog", page: workspaceIndex.changelog! }], { env: { REVALIDATE_SECONDS: "1" } });
  const [blog, changelog] = s.hosts as [string, string];
  try {
    const post = "/how-we-made-dashboards-10-faster";
    const page = await rawRequest(`${s.app.url}${post}`, { host: blog });
    if (page.status !== 200) throw new Error(`post answered ${page.status}`);

    // 2. JavaScript on content pages: inline scripts plus the uncompressed size of every script they load.
    let scriptBytes = 0;
    for (const [host, p] of [[blog, "/"], [blog, post], [changelog, "/"]] as const) {
      let pageBytes = 0;
      const html = (await rawRequest(`${s.app.url}${p}`, { host })).body;
      for (const m of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
        // Data blocks (JSON-LD, the scripts' words) never run.
        if (/type="application\/(ld\+)?json"/.test(m[1]!)) continue;
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

export function renderBench(): BenchRow {
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
  const ctx: RenderContext = { siteId: "b", settings: parseSiteSettings({}), i18n: translatorFor("en"), model, origin: "https://b.example", basePath: "", cssHref: "/_/site.css", appUrl: "https://app.example", now: new Date() };
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
