import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ExtendedRecordMap } from "notion-types";
import { contentHashOf, type SnapshotPage } from "@/notion/fetch-site-content";
import type { SiteSnapshot } from "@/notion/site-content";
import { parseSiteSettings } from "@/core/sites/site-settings";
import { renderRoute } from "@/site-server/render/render-route";
import { siteModelOf, type DatabaseSiteModel } from "@/site-model/site-model";
import { translatorFor } from "@/lib/i18n/translator";

const WORKSPACE = path.resolve(import.meta.dirname, "../../../tools/notion-stub/workspace");
const index = JSON.parse(fs.readFileSync(path.join(WORKSPACE, "index.json"), "utf8")) as Record<string, string>;
const hex = /([0-9a-f]{32})$/.exec(index.blog!)![1]!;
const rootId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/** The demo blog as a refresh stores it: the database page with its query results. */
function blogSnapshot(): SiteSnapshot {
  const recordMap = JSON.parse(fs.readFileSync(path.join(WORKSPACE, "blog.json"), "utf8")) as ExtendedRecordMap;
  const rows = Object.entries(recordMap.block)
    .filter(([, box]) => (box as { value: { value: { parent_table?: string } } }).value.value.parent_table === "collection")
    .map(([id]) => id);
  const root = (recordMap.block[rootId] as unknown as { value: { value: { collection_id: string; view_ids: string[] } } }).value.value;
  recordMap.collection_query = { [root.collection_id]: { [root.view_ids[0]!]: { collection_group_results: { type: "results", blockIds: rows } } } } as never;
  const page: SnapshotPage = { pageId: rootId, parentPageId: null, recordMap, lastEditedTime: 0, contentHash: contentHashOf(recordMap) };
  return { siteId: "s", version: 1, syncedAt: null, lastAttemptAt: null, lastError: null, lastEditedAt: 0, pages: new Map([[rootId, page]]) };
}

describe("blog index covers (review P12)", () => {
  it("loads the first card's cover at once and lazy-loads the rest", () => {
    const model = siteModelOf({ siteType: "blog", notionPageId: rootId, settings: { versions: [] } }, blogSnapshot(), new Date("2026-11-20T12:00:00Z")) as DatabaseSiteModel;
    const html = renderRoute(
      { siteId: "s", settings: parseSiteSettings({}), i18n: translatorFor("en"), model, origin: "https://blog.example", basePath: "", cssHref: "/_/site.css", appUrl: "https://app.example", now: new Date() },
      { kind: "index", page: 1 },
    );
    const covers = [...html.matchAll(/<img class="card-cover"[^>]*>/g)].map((m) => m[0]);
    expect(covers.length).toBeGreaterThan(1);
    const firstCard = html.match(/<article class="card">([\s\S]*?)<\/article>/)![1]!;
    // The demo's newest post has a cover; it is the one above the fold.
    expect(firstCard).toContain('class="card-cover"');
    expect(covers[0]).toContain('loading="eager"');
    expect(covers[0]).toContain('fetchPriority="high"');
    for (const later of covers.slice(1)) expect(later).toContain('loading="lazy"');
  });
});
