import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOTION_PAGE_MESSAGES } from "@/lib/notion-page-rules";
import { createNotionApiStub, type NotionApiStub } from "../../../tools/notion-api-stub/server";
import { notionApiStubControl } from "../../../tools/notion-api-stub/control";
import { rawRequest } from "../../helpers/raw-request";
import { rpc, signedIn, waitForFirstSync, type CookieJar } from "../../helpers/rpc-client";
import { RecordMapBuilder, notionUrl, type BodyBlock } from "../../helpers/notion-records";
import { startSitesApp, type SitesApp } from "../../helpers/sites";

/**
 * A connected site of a real size (30 pages of 33 blocks, read through the official-API stand-in at a budget of 5
 * requests a second, so its first sync takes half a minute): it is created at once, syncs in the background with its
 * progress in the dashboard's state, and its address says "being published" meanwhile. The page check reads only
 * what the rules judge. Reconnecting the same integration reuses its connection.
 */

const ROWS = 30;
const BLOCKS_PER_ROW = 33;
const ws = new RecordMapBuilder();
const body = (i: number): BodyBlock[] =>
  Array.from({ length: BLOCKS_PER_ROW }, (_, j) => (j % 11 === 0 ? { type: "header", text: `Section ${j} of guide ${i}` } : { type: "text", text: `Paragraph ${j} of guide ${i}.` }));
const handbook = ws.database("Handbook", {
  viewType: "table",
  schema: { Name: "title", Summary: "text" },
  rows: Array.from({ length: ROWS }, (_, i) => ({ title: `Guide ${i + 1}`, props: { Summary: [[`About guide ${i + 1}`]] }, body: body(i + 1) })),
});
const notesId = ws.page("Field notes", [{ type: "text", text: "Notes kept in Notion." }, { type: "page", title: "A sub-note", body: [{ type: "text", text: "Deeper." }] }]);
const HANDBOOK_URL = notionUrl("Handbook", handbook.pageId);
const NOTES_URL = notionUrl("Field notes", notesId);

let api: NotionApiStub;
let control: ReturnType<typeof notionApiStubControl>;
let s: SitesApp;
let url: string;
let a: CookieJar;
let b: CookieJar;
let token: string;
let connectionId: string;

type Reply = Awaited<ReturnType<typeof rpc>>;
const site = (jar: CookieJar, method: string, params: unknown) => rpc(url, jar, "site", method, params);
const result = <T>(reply: Reply): T => {
  if (reply.body.error) throw new Error(`${reply.body.error.message} (${reply.body.error.data?.code})`);
  return reply.body.result as T;
};
type FirstSync = { state: string; pagesDone: number; pagesFound: number; error: string | null } | null;
const firstSyncOf = async (jar: CookieJar, siteId: string) => result<{ firstSync: FirstSync }>(await site(jar, "getSiteSyncState", { siteId })).firstSync;

/** What the stand-in was asked while `work` ran, by endpoint and by object (its counts are never reset here: a reset would forget the tokens). */
async function callsDuring(work: () => Promise<unknown>): Promise<{ byEndpoint: Record<string, number>; byObject: Record<string, number> }> {
  const before = await control.calls();
  await work();
  const after = await control.calls();
  const diff = (a: Record<string, number>, b: Record<string, number>) => Object.fromEntries(Object.entries(a).map(([k, v]) => [k, v - (b[k] ?? 0)]).filter(([, v]) => (v as number) > 0));
  return { byEndpoint: diff(after.byEndpoint, before.byEndpoint), byObject: diff(after.byObject, before.byObject) };
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  expect(ok(value), JSON.stringify(value)).toBe(true);
  return value;
}

beforeAll(async () => {
  const dir = ws.write();
  api = await createNotionApiStub({ dataDir: dir });
  control = notionApiStubControl(api.url);
  s = await startSitesApp([], {
    workspaceDir: dir,
    env: { NOTION_OFFICIAL_API_BASE: api.url, NOTION_FILE_HOSTS: api.url, NOTION_REQUESTS_PER_SECOND: "3", REVALIDATE_SECONDS: "3600" },
  });
  url = s.app.url;
  a = await signedIn(url, "first-sync-a@example.com");
  b = await signedIn(url, "first-sync-b@example.com");
  token = await control.createToken([handbook.pageId, notesId]);
  connectionId = result<{ connectionId: string }>(await site(a, "addNotionIntegrationSecret", { secret: token })).connectionId;
}, 240_000);
afterAll(async () => {
  await s?.stop();
  await api?.close();
});

describe("the page check through a connection", () => {
  it("answers for a connected page as for a public one, with the rules' verdict for a site type", async () => {
    let docs: { state: string; isCollection: boolean; collectionType: string; properties: { name: string }[]; problem: string | null } | undefined;
    const calls = await callsDuring(async () => {
      docs = result(await site(a, "safeGetNotionPageState", { notionPageUrl: HANDBOOK_URL, siteType: "docs", connectionId }));
    });
    expect(docs).toMatchObject({ state: "valid", isCollection: true, collectionType: "table", problem: null });
    expect(docs!.properties.map((p) => p.name).sort()).toEqual(["Name", "Summary"]);
    // Only the database, its data source and its views: no row and no block of the 1,000 was read.
    expect(calls.byEndpoint["dataSources.query"] ?? 0).toBe(0);
    expect(calls.byEndpoint["blocks.children.list"] ?? 0).toBe(0);
    expect(calls.byEndpoint["pages.retrieve"] ?? 0).toBe(0);

    const blog = result<{ problem: string }>(await site(a, "safeGetNotionPageState", { notionPageUrl: HANDBOOK_URL, siteType: "blog", connectionId }));
    expect(blog.problem).toBe(NOTION_PAGE_MESSAGES.missingProperties(["date", "tags", "authors", "hidden"]));
    const plain = result<{ state: string; isCollection: boolean; problem: string }>(await site(a, "safeGetNotionPageState", { notionPageUrl: NOTES_URL, siteType: "blog", connectionId }));
    expect(plain).toMatchObject({ state: "valid", isCollection: false, problem: NOTION_PAGE_MESSAGES.notDatabase });
    await control.unshare(token, notesId);
    try {
      const unshared = result<{ state: string; problem: string }>(await site(a, "safeGetNotionPageState", { notionPageUrl: NOTES_URL, siteType: "simple", connectionId }));
      expect(unshared).toMatchObject({ state: "private", problem: NOTION_PAGE_MESSAGES.notShared });
    } finally {
      await control.share(token, notesId);
    }
    // Another owner can't read a page through A's connection, nor learn whether the page exists.
    expect((await site(b, "safeGetNotionPageState", { notionPageUrl: HANDBOOK_URL, connectionId })).body.error?.data?.code).toBe("NOT_FOUND");
  });

  it("refuses a page at creation without reading its rows or blocks", async () => {
    let refused: Reply | undefined;
    const calls = await callsDuring(async () => {
      refused = await site(a, "createNewSite", { siteType: "blog", notionPageUrl: HANDBOOK_URL, subdomain: "handbook-blog", connectionId });
    });
    expect(refused!.body.error?.message).toBe(NOTION_PAGE_MESSAGES.missingProperties(["date", "tags", "authors", "hidden"]));
    expect(calls.byEndpoint["dataSources.query"] ?? 0).toBe(0);
    expect(calls.byEndpoint["blocks.children.list"] ?? 0).toBe(0);
  });
});

describe("a connected site's first sync", () => {
  let siteId: string;
  let host: string;
  let rowCallsBefore: Record<string, number> = {};

  it("is created at once; its sync runs on in the background, its progress in the site's state", async () => {
    const before = await control.calls();
    rowCallsBefore = before.byObject;
    const created = result<{ siteId: string; url: string }>(await site(a, "createNewSite", { siteType: "docs", notionPageUrl: HANDBOOK_URL, subdomain: "handbook", connectionId }));
    siteId = created.siteId;
    host = new URL(created.url).host;
    // Answered before the sync got far: ~160 requests at 3 a second take most of a minute.
    const atOnce = await firstSyncOf(a, siteId);
    expect(atOnce).not.toBeNull();
    expect(["waiting", "syncing"]).toContain(atOnce!.state);
    expect(atOnce!.pagesDone).toBeLessThan(ROWS);
    // Mid-way: the rows were found, some are read.
    const midway = await until(() => firstSyncOf(a, siteId), (f) => f !== null && f.state === "syncing" && f.pagesFound === ROWS + 1 && f.pagesDone > 1, 30_000);
    expect(midway!.pagesDone).toBeLessThan(midway!.pagesFound);
    expect(result<{ firstSync: FirstSync }>(await site(a, "getSiteSyncState", { siteId })).firstSync).not.toBeNull();
    expect((await site(b, "getSiteSyncState", { siteId })).body.error?.data?.code).toBe("NOT_FOUND");
  }, 60_000);

  it("shows a 'being published' page at the site's address meanwhile, never cached and naming nothing of the site", async () => {
    const page = await rawRequest(`${url}/`, { host });
    expect(page.status).toBe(503);
    expect(page.headers["retry-after"]).toBe("30");
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.body).toContain("Being published");
    expect(page.body).not.toMatch(/Guide \d|Handbook/);
    expect((await rawRequest(`${url}/sitemap.xml`, { host })).status).toBe(503);
  }, 30_000);

  it("publishes every page when it ends, having listed each page's blocks once", async () => {
    await waitForFirstSync(url, a, siteId, 120_000);
    const home = await rawRequest(`${url}/`, { host });
    expect(home.status).toBe(200);
    expect(home.body).toContain("Guide 1");
    const sitemap = await rawRequest(`${url}/sitemap.xml`, { host });
    expect(sitemap.body.match(/<loc>/g)!.length).toBeGreaterThanOrEqual(ROWS);
    const calls = await control.calls();
    // Each row: its block, its page, its children listed once (33 blocks: one page of children).
    for (const rowId of handbook.rowIds) expect((calls.byObject[rowId] ?? 0) - (rowCallsBefore[rowId] ?? 0), rowId).toBe(3);
    const overview = result<{ firstSync: FirstSync; lastSyncedAt: string | null }>(await site(a, "getSiteSyncState", { siteId }));
    expect(overview.firstSync).toBeNull();
    expect(overview.lastSyncedAt).not.toBeNull();
  }, 150_000);

  it("shows a failed first sync with its reason; Retry publishes the site, and nothing else was lost", async () => {
    // Notion fails the page's own read once: the first sync fails.
    await control.fault({ status: 500, times: 1, endpoint: "pages.retrieve" });
    const created = result<{ siteId: string; url: string }>(await site(a, "createNewSite", { siteType: "simple", notionPageUrl: NOTES_URL, subdomain: "notes", connectionId }));
    const failed = await until(() => firstSyncOf(a, created.siteId), (f) => f?.state === "failed", 30_000);
    expect(failed!.error).toBe("Notion did not answer, please try again");
    const notesHost = new URL(created.url).host;
    expect((await rawRequest(`${url}/`, { host: notesHost })).status).toBe(503);
    expect((await site(b, "startSiteSync", { siteId: created.siteId })).body.error?.data?.code).toBe("NOT_FOUND");
    expect(result(await site(a, "startSiteSync", { siteId: created.siteId }))).toEqual({ siteId: created.siteId, status: "started" });
    await waitForFirstSync(url, a, created.siteId, 30_000);
    const home = await rawRequest(`${url}/`, { host: notesHost });
    expect(home.status).toBe(200);
    expect(home.body).toContain("Notes kept in Notion.");
    // The handbook kept its content through all this.
    expect((await rawRequest(`${url}/`, { host })).status).toBe(200);
  }, 60_000);
});

describe("connections listed and reconnected", () => {
  it("lists each connection with the sites that use it, and reconnecting the same integration reuses it", async () => {
    const listed = result<{ connectionId: string; connected: boolean; sites: { name: string }[] }[]>(await site(a, "listNotionConnections", {}));
    expect(listed).toEqual([expect.objectContaining({ connectionId, connected: true, sites: [{ siteId: expect.any(String), name: "handbook" }, { siteId: expect.any(String), name: "notes" }] })]);
    // The same secret again, then a new secret of the same integration: the same connection, never a second one.
    expect(result<{ connectionId: string }>(await site(a, "addNotionIntegrationSecret", { secret: token })).connectionId).toBe(connectionId);
    const rotated = await control.rotate(token);
    expect(result<{ connectionId: string }>(await site(a, "addNotionIntegrationSecret", { secret: rotated })).connectionId).toBe(connectionId);
    // Disconnected, then connected again: back on the same connection, with its sites.
    expect(result(await site(a, "deleteNotionConnection", { connectionId }))).toEqual({ connectionId, connected: false });
    expect(result<{ connected: boolean }[]>(await site(a, "listNotionConnections", {}))).toEqual([expect.objectContaining({ connectionId, connected: false })]);
    expect(result<{ connectionId: string; connected: boolean }>(await site(a, "addNotionIntegrationSecret", { secret: rotated }))).toMatchObject({ connectionId, connected: true });
    const again = result<{ connectionId: string; connected: boolean; sites: unknown[] }[]>(await site(a, "listNotionConnections", {}));
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ connectionId, connected: true });
    expect(again[0]!.sites).toHaveLength(2);
    // B adding the same integration gets a connection of B's own.
    const bConnection = result<{ connectionId: string }>(await site(b, "addNotionIntegrationSecret", { secret: rotated })).connectionId;
    expect(bConnection).not.toBe(connectionId);
    expect(result<{ sites: unknown[] }[]>(await site(b, "listNotionConnections", {}))).toEqual([expect.objectContaining({ connectionId: bConnection, sites: [] })]);
  }, 120_000);
});
