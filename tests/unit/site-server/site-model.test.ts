import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ExtendedRecordMap } from "notion-types";
import { contentHashOf, type SnapshotPage } from "@/notion/fetch-site-content";
import type { SiteSnapshot } from "@/notion/site-content";
import type { SiteType } from "@/lib/site-types";
import { assignSlugs, siteModelOf, type DatabaseSiteModel } from "@/site-model/site-model";

const buildSiteModel = (siteType: SiteType, notionPageId: string, snapshot: Pick<SiteSnapshot, "pages">, now?: Date) =>
  siteModelOf({ siteType, notionPageId, settings: { versions: [] } }, snapshot, now) as DatabaseSiteModel | null;
import { normalizePath } from "@/site-server/request";

const WORKSPACE = path.resolve(import.meta.dirname, "../../../tools/notion-stub/workspace");
const index = JSON.parse(fs.readFileSync(path.join(WORKSPACE, "index.json"), "utf8")) as Record<string, string>;
const idOf = (url: string) => {
  const h = /([0-9a-f]{32})$/.exec(url)![1]!;
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

/** A snapshot as a refresh would store it: the database page (rows from its query) plus no row bodies. */
function snapshotOf(file: string, rootId: string): SiteSnapshot {
  const recordMap = JSON.parse(fs.readFileSync(path.join(WORKSPACE, file), "utf8")) as ExtendedRecordMap;
  // The stand-in derives query results from rows; do the same here.
  const rows = Object.entries(recordMap.block)
    .map(([id, box]) => ({ id, value: (box as { value: { value: { parent_table?: string; parent_id?: string } } }).value.value }))
    .filter((b) => b.value.parent_table === "collection");
  const root = (recordMap.block[rootId] as unknown as { value: { value: { collection_id: string; view_ids: string[] } } }).value.value;
  recordMap.collection_query = { [root.collection_id]: { [root.view_ids[0]!]: { collection_group_results: { type: "results", blockIds: rows.map((r) => r.id) } } } } as never;
  const page: SnapshotPage = { pageId: rootId, parentPageId: null, recordMap, lastEditedTime: 0, contentHash: contentHashOf(recordMap) };
  return { siteId: "s", version: 1, syncedAt: null, lastAttemptAt: null, lastError: null, lastEditedAt: 0, pages: new Map([[rootId, page]]) };
}

describe("the page model", () => {
  const now = new Date("2026-11-20T12:00:00Z");

  it("publishes a blog's visible posts newest first, with unique slugs, tags and authors", () => {
    const root = idOf(index.blog!);
    const model = buildSiteModel("blog", root, snapshotOf("blog.json", root), now)!;
    expect(model.entries).toHaveLength(12);
    expect(model.entries.map((e) => e.date)).toEqual([...model.entries.map((e) => e.date)].sort().reverse());
    expect(model.entries.some((e) => e.title.startsWith("Draft"))).toBe(false);
    expect(model.routes.has("/introducing-lumen-20")).toBe(true);
    expect(model.routes.has("/tag/engineering")).toBe(true);
    expect(model.routes.has("/author/tomas-herrera")).toBe(true);
    expect(model.entries[0]!.authors.map((a) => a.name)).toEqual(["Maya Okafor", "Jonas Lindqvist"]);
    // On the future post's date it appears.
    const later = buildSiteModel("blog", root, snapshotOf("blog.json", root), new Date("2027-01-12T08:00:00Z"))!;
    expect(later.entries[0]!.title).toBe("Lumen in 2027: what we're planning");
  });

  it("orders roadmap columns as the board does, cards by status", () => {
    const root = idOf(index.roadmap!);
    const model = buildSiteModel("roadmap", root, snapshotOf("roadmap.json", root), now)!;
    expect(model.columns.map((c) => [c.status, c.entries.length])).toEqual([
      ["Planned", 4],
      ["In progress", 3],
      ["Shipped", 4],
    ]);
  });

  it("reads a changelog's versions and hides hidden entries", () => {
    const root = idOf(index.changelog!);
    const model = buildSiteModel("changelog", root, snapshotOf("changelog.json", root), now)!;
    expect(model.entries.map((e) => e.version)).toContain("2.0.0");
    expect(model.entries.some((e) => e.version === "1.7.0-internal")).toBe(false);
  });
});

describe("slugs", () => {
  const row = (pageId: string, title: string, date: string | null = null) => ({ pageId, title, date });

  it("follows docs/product.md §5, keeps the oldest page on the plain slug, and never takes a route of ours", () => {
    const slugs = assignSlugs([row("b", "Hello World", "2026-02-01"), row("a", "Hello World", "2026-01-01"), row("c", "v2.0 is out!"), row("d", "Tag"), row("e", "RSS.xml")]);
    expect(slugs.get("a")).toBe("hello-world");
    expect(slugs.get("b")).toBe("hello-world-2");
    expect(slugs.get("c")).toBe("v20-is-out");
    expect(slugs.get("d")).toBe("tag-page");
    expect(slugs.get("e")).toBe("rssxml");
  });

  it("gives non-ASCII titles usable slugs, and emoji-only titles an id", () => {
    const slugs = assignSlugs([row("1", "Café Crème"), row("2", "データ分析の基本"), row("3", "Привет мир"), row("abcdef12-3456-4789-8abc-def012345678", "🚀🚀")]);
    expect(slugs.get("1")).toBe("cafe-creme");
    expect(slugs.get("2")).toBe("データ分析の基本");
    expect(slugs.get("3")).toBe("привет-мир");
    expect(slugs.get("abcdef12-3456-4789-8abc-def012345678")).toBe("abcdef123456");
  });
});

describe("request paths", () => {
  it.each([
    ["/", "/"],
    ["/post/", "/post"],
    ["//a//b", "/a/b"],
    // Kept in the canonical encoded form the model's paths use (lib/url-path.ts), however the escapes were written.
    ["/%D0%BF%D1%80%D0%B8%D0%B2%D0%B5%D1%82-%D0%BC%D0%B8%D1%80", "/%D0%BF%D1%80%D0%B8%D0%B2%D0%B5%D1%82-%D0%BC%D0%B8%D1%80"],
    ["/%d0%bf%d1%80%d0%b8%d0%b2%d0%b5%d1%82-%d0%bc%d0%b8%d1%80", "/%D0%BF%D1%80%D0%B8%D0%B2%D0%B5%D1%82-%D0%BC%D0%B8%D1%80"],
    ["/привет-мир", "/%D0%BF%D1%80%D0%B8%D0%B2%D0%B5%D1%82-%D0%BC%D0%B8%D1%80"],
    ["/cafe%CC%81", "/caf%C3%A9"],
    ["/%E9%85%8D%E7%BD%AE%E4%B8%AD%E5%BF%83/", "/%E9%85%8D%E7%BD%AE%E4%B8%AD%E5%BF%83"],
    ["/a%2Fb", "/a/b"],
    ["/guides/setup.md/", "/guides/setup.md"],
  ])("%s → %s", (raw, expected) => expect(normalizePath(raw)).toBe(expected));

  it.each(["/%E0%A4%A", "/a/../b", "/%2e%2e/x", "/./x", "/a\u0000b", `/${"x".repeat(1100)}`, "/ab".repeat(400)])("refuses %s", (raw) => expect(normalizePath(raw)).toBeNull());
});
