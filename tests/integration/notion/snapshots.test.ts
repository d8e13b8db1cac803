import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { siteSyncs } from "@/db/schema";
import { contentSiteOf } from "@/core/sites/content-site-of";
import { syncSiteNow } from "@/core/sites/sync-site-now";
import { createNotionGateway } from "@/notion/notion-gateway";
import { pageTitle, blockOf } from "@/notion/record-map";
import { createContentService, type ContentService } from "@/notion/site-content";
import { createNotionStub, type NotionStub } from "../../../tools/notion-stub/server";
import { stubControl } from "../../../tools/notion-stub/control";
import { BLOG_SCHEMA, RecordMapBuilder, blogRows } from "../../helpers/notion-records";
import { insertSite, openTestDatabase } from "../../helpers/test-db";

let stub: NotionStub;
let database: Database;
const retries: { delayMs: number; reason: string }[] = [];
let blog: { pageId: string; rowIds: string[] };
let news: { pageId: string; collectionId: string; viewId: string; rowIds: string[] };
let docs: { root: string; grandchild: string };

function service(opts: { revalidateMs?: number; cacheBytes?: number } = {}): ContentService {
  const gateway = createNotionGateway({
    apiBaseUrl: stub.apiBaseUrl,
    timeoutMs: 400,
    backoffMs: 5,
    maxRetryAfterMs: 1500,
    onRetry: (r) => void retries.push(r),
  });
  return createContentService({ db: database.db, gateway, revalidateMs: opts.revalidateMs ?? 60_000, log: () => {}, cacheBytes: opts.cacheBytes });
}
const control = () => stubControl(stub.url);

beforeAll(async () => {
  const ws = new RecordMapBuilder();
  blog = ws.database("Blog", { viewType: "table", schema: BLOG_SCHEMA, rows: blogRows(100) });
  news = ws.database("News", { viewType: "table", schema: BLOG_SCHEMA, rows: blogRows(3) });
  const root = ws.page("Docs", [
    { type: "text", text: "Welcome to the docs" },
    { type: "page", title: "Guides", body: [{ type: "page", title: "Install", body: [{ type: "page", title: "On Linux", body: [{ type: "text", text: "apt install" }] }] }] },
    { type: "page", title: "Reference", body: [{ type: "text", text: "API" }] },
  ]);
  stub = await createNotionStub({ dataDir: ws.write() });
  database = await openTestDatabase();
  // Find the grandchild ("On Linux") through the stand-in's own records.
  const linux = [...stub.store().records.block.values()].find((b) => pageTitle(b as never) === "On Linux")!;
  docs = { root, grandchild: linux.id };
}, 60_000);
afterAll(async () => {
  await stub?.close();
  await database?.close();
});
afterEach(async () => {
  await control().reset();
  retries.length = 0;
});

const titleIn = (snapshot: Awaited<ReturnType<ContentService["getSnapshot"]>>, pageId: string) =>
  pageTitle(blockOf(snapshot!.pages.get(pageId)!.recordMap, pageId));

describe("blog snapshots refresh incrementally", () => {
  let content: ContentService;
  let siteId: string;

  beforeAll(async () => {
    content = service();
    siteId = (await insertSite(database, "blog", blog.pageId)).site.id;
  });
  const site = () => ({ id: siteId, siteType: "blog" as const, notionPageId: blog.pageId, settings: { versions: [] } });

  it("a cold sync fetches the database and every post, at most 3 requests at a time", async () => {
    await control().fault({ mode: "latency", latencyMs: 20, times: 1000 });
    const result = await content.refresh(site());
    expect(result).toMatchObject({ status: "updated", fetched: 101, reused: 0 });
    const calls = await control().calls();
    expect(calls.byEndpoint.queryCollection).toBe(1);
    expect(calls.byEndpoint.loadPageChunk).toBe(101);
    expect(calls.maxInFlight).toBe(3);
    const snapshot = await content.getSnapshot(siteId);
    expect(snapshot?.pages.size).toBe(101);
    expect(titleIn(snapshot, blog.rowIds[41]!)).toBe("Post 42");
  });

  it("a refresh of the unchanged blog refetches no post", async () => {
    const before = await content.getSnapshot(siteId);
    const result = await content.refresh(site());
    expect(result).toMatchObject({ status: "unchanged", fetched: 1, reused: 100, removed: 0 });
    // The database page, its collection and view are as last read (one ask for their versions): only its rows are queried.
    const calls = await control().calls();
    expect(calls.byEndpoint).toEqual({ syncRecordValuesMain: 1, queryCollection: 1 });
    expect((await content.getSnapshot(siteId))?.version).toBe(before?.version);
  });

  it("an edited post is the only post refetched", async () => {
    const edited = blog.rowIds[4]!;
    await control().touch(edited, "Post 5, revised");
    const before = (await content.getSnapshot(siteId))!.version;
    const result = await content.refresh(site());
    expect(result).toMatchObject({ status: "updated", fetched: 2, reused: 99 });
    const calls = await control().calls();
    expect(calls.byEndpoint).toEqual({ syncRecordValuesMain: 1, queryCollection: 1, loadPageChunk: 1 });
    expect(calls.byPage[edited]).toBe(1); // its edit time comes with the query
    expect(calls.byPage[blog.rowIds[5]!]).toBeUndefined();
    const after = await content.getSnapshot(siteId);
    expect(after?.version).toBe(before + 1);
    expect(titleIn(after, edited)).toBe("Post 5, revised");
  });

  it.each([
    ["HTTP 500", { mode: "status", status: 500, times: 50 }],
    ["HTTP 530", { mode: "status", status: 530, times: 50 }],
    ["429 with a long Retry-After", { mode: "status", status: 429, retryAfter: 120, times: 50 }],
    ["a timeout", { mode: "timeout", times: 50 }],
    ["a refused connection", { mode: "refuse", times: 50 }],
    ["truncated JSON", { mode: "truncate", times: 50 }],
    ["404 on the root (unshared)", { mode: "status", status: 404, times: 50 }],
  ] as const)("%s leaves the last good snapshot serving", async (_name, fault) => {
    const edited = blog.rowIds[9]!;
    await control().touch(edited, `Post 10 edited during ${_name}`);
    const before = (await content.getSnapshot(siteId))!;
    const version = before.version;
    await control().fault(fault);
    const result = await content.refresh(site());
    expect(result.status).toBe("failed");
    const after = await content.getSnapshot(siteId);
    expect(after?.version).toBe(version);
    expect(after?.pages.size).toBe(101);
    expect(titleIn(after, edited)).not.toContain("edited during");
    expect(after?.lastError).toBeTruthy();
  });

  it("a post failing after the database answered changes nothing either", async () => {
    for (const id of blog.rowIds.slice(20, 30)) await control().touch(id, "changed");
    const version = (await content.getSnapshot(siteId))!.version;
    // Three attempts (the gateway's retries) all fail for that one post.
    await control().fault({ mode: "truncate", times: 3, endpoint: "loadPageChunk", pageId: blog.rowIds[27]! });
    const failed = await content.refresh(site());
    expect(failed.status).toBe("failed");
    const calls = await control().calls();
    expect(calls.byEndpoint.queryCollection).toBe(1);
    expect(calls.byPage[blog.rowIds[21]!]).toBe(1); // other changed posts were fetched, then thrown away
    const kept = await content.getSnapshot(siteId);
    expect(kept!.version).toBe(version);
    expect(titleIn(kept, blog.rowIds[21]!)).not.toBe("changed");
    // The fault is used up: the next refresh applies all ten edits (a reset would undo the touches).
    expect(await content.refresh(site())).toMatchObject({ status: "updated" });
    const applied = await content.getSnapshot(siteId);
    expect(applied!.version).toBe(version + 1);
    for (const id of blog.rowIds.slice(20, 30)) expect(titleIn(applied, id)).toBe("changed");
  });

  it("waits out a short Retry-After and succeeds", async () => {
    await control().touch(blog.rowIds[0]!, "Post 1 after 429");
    await control().fault({ mode: "status", status: 429, retryAfter: 1, times: 1 });
    const result = await content.refresh(site());
    expect(result.status).toBe("updated");
    expect(retries).toContainEqual(expect.objectContaining({ delayMs: 1000, reason: "rate_limited" }));
    expect(titleIn(await content.getSnapshot(siteId), blog.rowIds[0]!)).toBe("Post 1 after 429");
  });

  it("shares one refresh between concurrent callers in a process", async () => {
    await control().touch(blog.rowIds[1]!, "shared");
    const [a, b] = await Promise.all([content.refresh(site()), content.refresh(site())]);
    expect(a).toBe(b);
    const calls = await control().calls();
    expect(calls.byPage[blog.pageId]).toBe(1);
    expect(calls.byPage[blog.rowIds[1]!]).toBe(1);
  });

  it("skips a site another process is refreshing (the lease), and takes an expired lease", async () => {
    await database.db
      .update(siteSyncs)
      .set({ leaseOwner: "another-process", leaseUntil: sql`now() + interval '1 minute'` })
      .where(eq(siteSyncs.siteId, siteId));
    expect(await content.refresh(site())).toEqual({ status: "leased" });
    expect((await control().calls()).total).toBe(0);
    await database.db
      .update(siteSyncs)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(siteSyncs.siteId, siteId));
    expect((await content.refresh(site())).status).toMatch(/updated|unchanged/);
  });

  it("readers never wait for Notion once a snapshot exists (stale-while-revalidate)", async () => {
    const eager = service({ revalidateMs: 0 });
    await control().touch(blog.rowIds[2]!, "Post 3, fresh");
    const version = (await eager.getSnapshot(siteId))!.version;
    await control().fault({ mode: "latency", latencyMs: 300, times: 5 });
    const served = await eager.getContent(site());
    // Served the stored snapshot while the refresh is still waiting on Notion.
    expect(served?.version).toBe(version);
    expect(titleIn(served, blog.rowIds[2]!)).not.toBe("Post 3, fresh");
    await eager.idle();
    const fresh = await eager.getContent(site());
    expect(fresh?.version).toBe(version + 1);
    expect(titleIn(fresh, blog.rowIds[2]!)).toBe("Post 3, fresh");
  });

  it("sync now refreshes the owner's site and refuses anyone else", async () => {
    const { user, site: other } = await insertSite(database, "docs", docs.root);
    const deps = { db: database.db, content };
    await expect(syncSiteNow(deps, user.id, { siteId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await syncSiteNow(deps, user.id, { siteId: other.id })).toMatchObject({ status: "updated", fetchedPages: 5 });
    await control().fault({ mode: "status", status: 500, times: 50 });
    await expect(syncSiteNow(deps, user.id, { siteId: other.id })).rejects.toMatchObject({ code: "UPSTREAM", message: "Notion did not answer, please try again" });
  });
});

describe("a database site polled", () => {
  let content: ContentService;
  let ref: ReturnType<typeof contentSiteOf>;
  const stored = (table: "collection" | "collection_view", id: string) => structuredClone(stub.store().records[table].get(id)) as unknown as Record<string, unknown> & { version: number };

  beforeAll(async () => {
    content = service();
    ref = contentSiteOf((await insertSite(database, "blog", news.pageId)).site);
    expect(await content.refresh(ref)).toMatchObject({ status: "updated", fetched: 4 });
  });

  it("shows a post added in Notion without reading the database page again", async () => {
    const [first] = news.rowIds;
    const row = structuredClone(stub.store().records.block.get(first!)) as Record<string, unknown>;
    const added = "0f0f0f0f-0000-4000-8000-000000000004";
    await control().reset(); // counts from zero (a reset reloads the workspace: records are added after it)
    await control().addRecords([{ block: { [added]: { role: "reader", value: { ...row, id: added, version: 1, content: [], properties: { ...(row.properties as object), title: [["Post 4, new"]] } } } } }]);
    expect(await content.refresh(ref)).toMatchObject({ status: "updated", fetched: 2, reused: 3 });
    const calls = await control().calls();
    expect(calls.byEndpoint).toEqual({ syncRecordValuesMain: 1, queryCollection: 1, loadPageChunk: 1 });
    expect(calls.byPage[added]).toBe(1);
    expect(titleIn(await content.getSnapshot(ref.id), added)).toBe("Post 4, new");
  });

  it.each([
    ["its view", "collection_view" as const, () => news.viewId, (view: Record<string, unknown>) => ({ ...view, name: "Latest first" })],
    ["its collection", "collection" as const, () => news.collectionId, (collection: Record<string, unknown>) => ({ ...collection, name: [["News and notes"]] })],
  ])("reads the database page whole again when %s changed in Notion", async (_name, table, idOf, change) => {
    const record = stored(table, idOf());
    await control().reset();
    await control().addRecords([{ [table]: { [idOf()]: { role: "reader", value: { ...change(record), version: record.version + 1 } } } }]);
    await content.refresh(ref);
    const calls = await control().calls();
    expect(calls.byEndpoint.loadPageChunk).toBe(1);
    expect(calls.byPage[news.pageId]).toBe(2); // the versions asked, then the page read
    // Read again, the page is reused on the next poll (counted apart: a reset would undo the change).
    const before = calls.byEndpoint;
    expect(await content.refresh(ref)).toMatchObject({ status: "unchanged" });
    const after = (await control().calls()).byEndpoint;
    expect({ sync: after.syncRecordValuesMain! - before.syncRecordValuesMain!, query: after.queryCollection! - before.queryCollection!, chunk: after.loadPageChunk! - before.loadPageChunk! }).toEqual({ sync: 1, query: 1, chunk: 0 });
  });
});

describe("page trees refresh incrementally", () => {
  it("finds edits deep in the tree without refetching the rest", async () => {
    const content = service();
    const { site } = await insertSite(database, "docs", docs.root);
    const ref = contentSiteOf(site);
    expect(await content.refresh(ref)).toMatchObject({ status: "updated", fetched: 5 });
    await control().reset();

    // One request asks every page's edit time, the root's too: nothing changed, nothing is read.
    expect(await content.refresh(ref)).toMatchObject({ status: "unchanged", fetched: 0, reused: 5 });
    expect((await control().calls()).byEndpoint).toEqual({ syncRecordValuesMain: 1 });
    await control().reset();

    await control().touch(docs.grandchild, "On Linux (Debian)");
    expect(await content.refresh(ref)).toMatchObject({ status: "updated", fetched: 1, reused: 4 });
    const calls = await control().calls();
    expect(calls.byEndpoint.loadPageChunk).toBe(1);
    expect(calls.byPage[docs.grandchild]).toBe(2); // the times batch and the refetch
    expect(titleIn(await content.getSnapshot(site.id), docs.grandchild)).toBe("On Linux (Debian)");
  });

  it("page trees polled at the same moment share one request for their edit times", async () => {
    const content = service();
    const sitesAtOnce = [contentSiteOf((await insertSite(database, "docs", docs.root)).site), contentSiteOf((await insertSite(database, "simple", docs.root)).site)];
    for (const ref of sitesAtOnce) await content.refresh(ref);
    await control().reset();
    const results = await Promise.all(sitesAtOnce.map((ref) => content.refresh(ref)));
    expect(results.map((r) => r.status)).toEqual(["unchanged", "unchanged"]);
    expect((await control().calls()).byEndpoint).toEqual({ syncRecordValuesMain: 1 });
  });

  it("asks for edit times arriving while one is under way wait, and go together in the next", async () => {
    const content = service();
    const refs = [];
    for (const type of ["docs", "simple", "help_desk"] as const) refs.push(contentSiteOf((await insertSite(database, type, docs.root)).site));
    for (const ref of refs) await content.refresh(ref);
    await control().reset();
    await control().fault({ mode: "latency", latencyMs: 300, times: 10, endpoint: "syncRecordValuesMain" });
    // 60 ms apart: each would go in a request of its own if asks only waited for one another 20 ms.
    const polls = [content.refresh(refs[0]!)];
    for (const ref of refs.slice(1)) {
      await new Promise((resolve) => setTimeout(resolve, 60));
      polls.push(content.refresh(ref));
    }
    expect((await Promise.all(polls)).map((r) => r.status)).toEqual(["unchanged", "unchanged", "unchanged"]);
    expect((await control().calls()).byEndpoint).toEqual({ syncRecordValuesMain: 2 });
  });

  it("a first visit with Notion down gets no snapshot and records why", async () => {
    const content = service();
    const { site } = await insertSite(database, "simple", docs.root);
    await control().fault({ mode: "status", status: 503, times: 50 });
    expect(await content.getContent(contentSiteOf(site))).toBeNull();
    const [state] = await database.db.select().from(siteSyncs).where(eq(siteSyncs.siteId, site.id));
    expect(state?.lastError).toBe("Notion did not answer, please try again");
    expect(state?.version).toBe(0);
  });

  it("two sites refreshing at once stay within 3 Notion requests in flight", async () => {
    const content = service();
    const a = await insertSite(database, "blog", blog.pageId);
    const b = await insertSite(database, "docs", docs.root);
    await control().fault({ mode: "latency", latencyMs: 15, times: 1000 });
    const results = await Promise.all([content.refresh(contentSiteOf(a.site)), content.refresh(contentSiteOf(b.site))]);
    expect(results.map((r) => r.status)).toEqual(["updated", "updated"]);
    expect((await control().calls()).maxInFlight).toBe(3);
  });
});

describe("the snapshot cache", () => {
  it("is bounded: past its size the least recently read site leaves memory and is read again from the database", async () => {
    const filler = service();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = (await insertSite(database, "blog", blog.pageId)).site.id;
      await filler.refresh({ id, siteType: "blog", notionPageId: blog.pageId, settings: { versions: [] } });
      ids.push(id);
    }
    const unbounded = service();
    for (const id of ids) await unbounded.getSnapshot(id);
    const oneSite = unbounded.memory().bytes / 3;
    expect(unbounded.memory().sites).toBe(3);

    // Room for two sites' snapshots.
    const bounded = service({ cacheBytes: Math.ceil(oneSite * 2.5) });
    const first = await bounded.getSnapshot(ids[0]!);
    await bounded.getSnapshot(ids[1]!);
    await bounded.getSnapshot(ids[2]!);
    expect(bounded.memory().sites).toBe(2);
    expect(bounded.memory().bytes).toBeLessThanOrEqual(Math.ceil(oneSite * 2.5));
    // The evicted site still answers, from the database (a new object, same content).
    const again = await bounded.getSnapshot(ids[0]!);
    expect(again).not.toBe(first);
    expect(again?.pages.size).toBe(first?.pages.size);
  });
});
