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
    exactEditTimes: true,
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
    // One request for every known page's time, the root's included: the unchanged root is reused, not read again.
    expect(askedTimes.map((ids) => [...ids].sort())).toEqual([["a", "a1", "b", "root"]]);
    expect(fetched.sort()).toEqual(["b"]);
  });

  it("polling reads the root again when its own edit time moved (its content or its list of sub-pages changed)", async () => {
    const t = tree();
    const first = await fetchSiteContent(sourceOf(t).source, { siteType: "docs", rootPageIds: ["root"], previous: new Map() });
    t.c = { children: [], edited: 7, text: "C" };
    t.root = { ...t.root!, children: ["a", "b", "c"], edited: 7 };
    const { source, fetched } = sourceOf(t);
    const second = await fetchSiteContent(source, { siteType: "docs", rootPageIds: ["root"], previous: first.pages });
    expect(fetched.sort()).toEqual(["c", "root"]);
    expect([...second.pages.keys()].sort()).toEqual(["a", "a1", "b", "c", "root"]);
  });

  it("always reads the root when the source's edit times are not exact (the official API's are to the minute)", async () => {
    const t = tree();
    const first = await fetchSiteContent(sourceOf(t).source, { siteType: "docs", rootPageIds: ["root"], previous: new Map() });
    const { source, fetched, askedTimes } = sourceOf(t);
    await fetchSiteContent({ ...source, exactEditTimes: false }, { siteType: "docs", rootPageIds: ["root"], previous: first.pages });
    expect(fetched).toEqual(["root"]);
    expect(askedTimes.map((ids) => [...ids].sort())).toEqual([["a", "a1", "b"]]);
  });
});

describe("docs versions (issue 24)", () => {
  it("leaves out a version whose page can't be read, keeps syncing the rest, and says which root it was", async () => {
    const t: Tree = {
      root: { children: ["a"], edited: 1, text: "v2" },
      a: { children: [], edited: 1, text: "A" },
      v1: { children: ["b"], edited: 1, text: "v1" },
      b: { children: [], edited: 1, text: "B" },
    };
    const first = await fetchSiteContent(sourceOf(t).source, { siteType: "docsv2", rootPageIds: ["root", "v1"], previous: new Map() });
    expect(first.unreadableRoots).toEqual([]);
    delete t.v1; // unshared in Notion
    t.a = { ...t.a!, edited: 2, text: "A edited" };
    const second = await fetchSiteContent(sourceOf(t).source, { siteType: "docsv2", rootPageIds: ["root", "v1", "gone-too"], previous: first.pages });
    expect(second.unreadableRoots).toEqual(["v1", "gone-too"]);
    expect([...second.pages.keys()].sort()).toEqual(["a", "root"]);
    expect(textOf(second.pages.get("a"))).toContain("A edited");
    // The site's own page still fails the whole refresh.
    await expect(fetchSiteContent(sourceOf(t).source, { siteType: "docsv2", rootPageIds: ["v1", "root"], previous: new Map() })).rejects.toThrow("gone");
  });
});

describe("targeted refresh of a database site's rows (webhooks)", () => {
  type Rows = Record<string, { title: string; edited: number }>;
  const COLLECTION = "coll";
  const VIEW = "view";

  /** The database root as the official path reads it: its rows in the view's query results. */
  function rootMapOf(rows: Rows, query2: Record<string, unknown> = {}): ExtendedRecordMap {
    const block: Record<string, unknown> = {
      db: { role: "reader", value: { id: "db", type: "collection_view_page", collection_id: COLLECTION, view_ids: [VIEW], parent_id: "space", last_edited_time: 1 } },
    };
    for (const [id, row] of Object.entries(rows)) {
      block[id] = { role: "reader", value: { id, type: "page", parent_id: COLLECTION, parent_table: "collection", last_edited_time: row.edited, properties: { title: [[row.title]] }, content: [] } };
    }
    return {
      block,
      collection: { [COLLECTION]: { role: "reader", value: { id: COLLECTION, schema: { title: { name: "Name", type: "title" } } } } },
      collection_view: { [VIEW]: { role: "reader", value: { id: VIEW, type: "table", query2 } } },
      notion_user: {},
      collection_query: { [COLLECTION]: { [VIEW]: { collection_group_results: { type: "results", blockIds: Object.keys(rows) } } } },
      signed_urls: {},
    } as unknown as ExtendedRecordMap;
  }

  function databaseSource(rows: Rows, query2?: Record<string, unknown>) {
    const fetched: string[] = [];
    const source: PageSource = {
      async fetchPage(id) {
        fetched.push(id);
        if (id === "db") return rootMapOf(rows, query2);
        const row = rows[id];
        if (!row) throw Object.assign(new Error("gone"), { gone: true });
        const block = {
          [id]: { role: "reader", value: { id, type: "page", parent_id: COLLECTION, parent_table: "collection", last_edited_time: row.edited, properties: { title: [[row.title]] }, content: [`${id}-body`] } },
          [`${id}-body`]: { role: "reader", value: { id: `${id}-body`, type: "text", parent_id: id, properties: { title: [[`${row.title} body`]] } } },
        };
        return { block, collection: {}, collection_view: {}, notion_user: {}, collection_query: {}, signed_urls: {} } as unknown as ExtendedRecordMap;
      },
      async editTimes() {
        throw new Error("a database site reads its rows' times from the query");
      },
      exactEditTimes: true,
      isGone: (err) => Boolean((err as { gone?: boolean }).gone),
    };
    return { source, fetched };
  }

  const rows = (): Rows => ({ r1: { title: "One", edited: 1 }, r2: { title: "Two", edited: 1 }, r3: { title: "Three", edited: 1 } });
  const titleIn = (map: ExtendedRecordMap, id: string) => JSON.stringify(map.block[id]);
  const resultIds = (map: ExtendedRecordMap) => (map.collection_query[COLLECTION]![VIEW] as { collection_group_results: { blockIds: string[] } }).collection_group_results.blockIds;

  it("reads just the edited row and patches it into the root's query results, without querying again", async () => {
    const r = rows();
    const first = await fetchSiteContent(databaseSource(r).source, { siteType: "blog", rootPageIds: ["db"], previous: new Map() });
    r.r2 = { title: "Two, renamed", edited: 2 };
    const { source, fetched } = databaseSource(r);
    const second = await fetchSiteContent(source, { siteType: "blog", rootPageIds: ["db"], previous: first.pages, changedPageIds: new Set(["r2", "db", COLLECTION]), rowEditsOnly: true });
    expect(fetched).toEqual(["r2"]);
    const root = second.pages.get("db")!;
    expect(titleIn(root.recordMap, "r2")).toContain("Two, renamed");
    // The query's copy keeps no body; the row's own page has it.
    expect((root.recordMap.block.r2!.value as { content?: string[] }).content).toEqual([]);
    expect(titleIn(second.pages.get("r2")!.recordMap, "r2-body")).toContain("Two, renamed body");
    expect(resultIds(root.recordMap)).toEqual(["r1", "r2", "r3"]);
    expect(root.contentHash).not.toBe(first.pages.get("db")!.contentHash);
    expect(second.pages.get("r1")).toBe(first.pages.get("r1"));
    expect(second.fetched).toEqual(["r2"]);
  });

  it("drops a row Notion no longer lets us read from the results", async () => {
    const r = rows();
    const first = await fetchSiteContent(databaseSource(r).source, { siteType: "blog", rootPageIds: ["db"], previous: new Map() });
    delete r.r3;
    const { source, fetched } = databaseSource(r);
    const second = await fetchSiteContent(source, { siteType: "blog", rootPageIds: ["db"], previous: first.pages, changedPageIds: new Set(["r3"]), rowEditsOnly: true });
    expect(fetched).toEqual(["r3"]);
    expect(second.pages.has("r3")).toBe(false);
    expect(second.removed).toEqual(["r3"]);
    expect(resultIds(second.pages.get("db")!.recordMap)).toEqual(["r1", "r2"]);
    expect(second.pages.get("db")!.recordMap.block.r3).toBeUndefined();
  });

  it("queries the database again when a patch could be wrong", async () => {
    const cases: { why: string; query2?: Record<string, unknown>; siteType: "blog" | "roadmap"; changed: string[]; rowEditsOnly: boolean }[] = [
      { why: "not an edit in place", siteType: "blog", changed: ["r1"], rowEditsOnly: false },
      { why: "a page that is not a known row", siteType: "blog", changed: ["r9"], rowEditsOnly: true },
      { why: "a filtered view", query2: { filter: { property: "Published", checkbox: { equals: true } } }, siteType: "blog", changed: ["r1"], rowEditsOnly: true },
      { why: "a sorted view on a site that keeps Notion's order", query2: { sort: [{ property: "title", direction: "ascending" }] }, siteType: "roadmap", changed: ["r1"], rowEditsOnly: true },
    ];
    for (const c of cases) {
      const r = rows();
      const first = await fetchSiteContent(databaseSource(r, c.query2).source, { siteType: c.siteType, rootPageIds: ["db"], previous: new Map() });
      const { source, fetched } = databaseSource(r, c.query2);
      await fetchSiteContent(source, { siteType: c.siteType, rootPageIds: ["db"], previous: first.pages, changedPageIds: new Set(c.changed), rowEditsOnly: c.rowEditsOnly });
      expect(fetched[0], c.why).toBe("db");
    }
  });

  it("patches a dated site's sorted view (the site sorts its entries by date itself)", async () => {
    const query2 = { sort: [{ property: "title", direction: "ascending" }] };
    const r = rows();
    const first = await fetchSiteContent(databaseSource(r, query2).source, { siteType: "blog", rootPageIds: ["db"], previous: new Map() });
    const { source, fetched } = databaseSource(r, query2);
    await fetchSiteContent(source, { siteType: "blog", rootPageIds: ["db"], previous: first.pages, changedPageIds: new Set(["r1"]), rowEditsOnly: true });
    expect(fetched).toEqual(["r1"]);
  });
});
