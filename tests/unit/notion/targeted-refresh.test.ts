import type { ExtendedRecordMap } from "notion-types";
import { describe, expect, it } from "vitest";
import { fetchSiteContent, type SnapshotPage } from "@/notion/fetch-site-content";
import type { PageSource } from "@/notion/page-source";

/**
 * A webhook-driven refresh (issue 22) reads only the pages Notion named, plus pages never seen before; everything
 * else is reused without asking for edit times. A small in-memory page tree stands in for Notion behind the
 * PageSource interface.
 */

type Tree = Record<string, { children: string[]; edited: number; text: string }>;

function recordMapOf(tree: Tree, id: string): ExtendedRecordMap {
  const page = tree[id]!;
  const block: Record<string, unknown> = {
    [id]: { role: "reader", value: { id, type: "page", parent_id: "space", content: page.children, last_edited_time: page.edited, properties: { title: [[page.text]] } } },
  };
  for (const child of page.children) block[child] = { role: "reader", value: { id: child, type: "page", parent_id: id, last_edited_time: tree[child]?.edited ?? 0 } };
  return { block, collection: {}, collection_view: {}, notion_user: {}, collection_query: {}, signed_urls: {} } as unknown as ExtendedRecordMap;
}

function sourceOf(tree: Tree) {
  const fetched: string[] = [];
  const askedTimes: string[][] = [];
  const source: PageSource = {
    async fetchPage(id) {
      if (!tree[id]) throw Object.assign(new Error("gone"), { gone: true });
      fetched.push(id);
      return recordMapOf(tree, id);
    },
    async editTimes(ids) {
      askedTimes.push(ids);
      return new Map(ids.filter((id) => tree[id]).map((id) => [id, tree[id]!.edited]));
    },
    isGone: (err) => Boolean((err as { gone?: boolean }).gone),
  };
  return { source, fetched, askedTimes };
}

const textOf = (page: SnapshotPage | undefined) => JSON.stringify(page?.recordMap.block[page.pageId]);

describe("targeted refresh (webhooks)", () => {
  const tree = (): Tree => ({
    root: { children: ["a", "b"], edited: 1, text: "Root" },
    a: { children: ["a1"], edited: 1, text: "A" },
    a1: { children: [], edited: 1, text: "A1" },
    b: { children: [], edited: 1, text: "B" },
  });

  it("refetches only the named page, and no edit times, reusing the rest", async () => {
    const t = tree();
    const first = await fetchSiteContent(sourceOf(t).source, { siteType: "docs", rootPageIds: ["root"], previous: new Map() });
    expect([...first.pages.keys()].sort()).toEqual(["a", "a1", "b", "root"]);

    t.a1 = { ...t.a1!, text: "A1 edited" }; // same edit time: only the webhook reveals it
    const { source, fetched, askedTimes } = sourceOf(t);
    const second = await fetchSiteContent(source, { siteType: "docs", rootPageIds: ["root"], previous: first.pages, changedPageIds: new Set(["a1"]) });
    expect(fetched).toEqual(["a1"]);
    expect(askedTimes).toEqual([]);
    expect(textOf(second.pages.get("a1"))).toContain("A1 edited");
    expect(second.pages.get("b")!.recordMap).toBe(first.pages.get("b")!.recordMap);
    expect(second.pages.get("a1")!.parentPageId).toBe("a");
  });

  it("reads a new sub-page of a named parent, and drops a named page that is gone", async () => {
    const t = tree();
    const first = await fetchSiteContent(sourceOf(t).source, { siteType: "docs", rootPageIds: ["root"], previous: new Map() });
    t.b = { ...t.b!, children: ["b1"], edited: 2 };
    t.b1 = { children: [], edited: 2, text: "B1" };
    delete t.a1;
    t.a = { ...t.a!, children: ["a1"] };
    const { source, fetched } = sourceOf(t);
    const second = await fetchSiteContent(source, { siteType: "docs", rootPageIds: ["root"], previous: first.pages, changedPageIds: new Set(["b", "a1"]) });
    expect(fetched.sort()).toEqual(["b", "b1"]);
    expect(second.pages.has("b1")).toBe(true);
    expect(second.pages.has("a1")).toBe(false);
    expect(second.removed).toEqual(["a1"]);
  });

  it("without names, asks for edit times as before (polling)", async () => {
    const t = tree();
    const first = await fetchSiteContent(sourceOf(t).source, { siteType: "docs", rootPageIds: ["root"], previous: new Map() });
    t.b = { ...t.b!, edited: 5, text: "B edited" };
    const { source, fetched, askedTimes } = sourceOf(t);
    await fetchSiteContent(source, { siteType: "docs", rootPageIds: ["root"], previous: first.pages });
    expect(askedTimes).toHaveLength(1);
    expect(fetched.sort()).toEqual(["b", "root"]);
  });
});
