import path from "node:path";
import { parsePageId } from "notion-utils";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createNotionApiStub, type NotionApiStub } from "../../../tools/notion-api-stub/server";
import { notionApiStubControl } from "../../../tools/notion-api-stub/control";
import { createNotionStub, type NotionStub } from "../../../tools/notion-stub/server";
import { fetchWholePage } from "@/notion/fetch-page";
import { NotionGateway } from "@/notion/notion-gateway";
import { createOfficialClient } from "@/notion/official/client";
import { databaseOfDataSource } from "@/notion/official/database-of-data-source";
import { fetchOfficialPage } from "@/notion/official/fetch-page";
import { inspectOfficialPage } from "@/notion/official/inspect-page";
import { listSharedPages } from "@/notion/official/shared-pages";
import { blockOf, viewOf } from "@/notion/record-map";
import { inlineDatabaseWorkspace } from "../../helpers/inline-database-workspace";

/**
 * The connected path on the shapes real workspaces have, through the real SDK against the official-API stand-in:
 * blocks served exactly as recorded (or broken on purpose), inline databases as a site's root, data source
 * addresses, and the views Notion's views API gives.
 */

const WORKSPACE = path.resolve(import.meta.dirname, "../../../tools/notion-stub/workspace");
const DOCS_ROOT = "3f7f4377-0d89-4264-b389-0517768da98c";
const BLOG_DATABASE = "d70f72ef-bcc2-419b-b64c-fbaa4409e1f3";
let stub: NotionApiStub;
let inlineStub: NotionApiStub;
let publicStub: NotionStub;
let control: ReturnType<typeof notionApiStubControl>;

// Content, not pace: sent at once, as under the cluster's budget.
const client = (s: NotionApiStub) => createOfficialClient({ token: s.internalSecret, baseUrl: s.baseUrl, budget: (send) => send() });
const recordBlock = (id: string, type: string, payload: unknown) => ({
  object: "block",
  id,
  parent: { type: "page_id", page_id: DOCS_ROOT },
  created_time: "2026-07-04T09:12:00.000Z",
  last_edited_time: "2026-07-04T09:12:00.000Z",
  has_children: false,
  archived: false,
  type,
  [type]: payload,
});

beforeAll(async () => {
  stub = await createNotionApiStub({ dataDir: WORKSPACE });
  inlineStub = await createNotionApiStub({ dataDir: inlineDatabaseWorkspace("blog.json", BLOG_DATABASE) });
  publicStub = await createNotionStub({ dataDir: WORKSPACE });
  control = notionApiStubControl(stub.url);
});
afterAll(async () => {
  await stub.close();
  await inlineStub.close();
  await publicStub.close();
});
beforeEach(() => control.reset());

describe("one unexpected block never aborts a page", () => {
  it("a code block recorded without caption, a broken block and a type from the future: the page reads, each in its place", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    // The code block as Notion's block reference gives it (no caption, no annotations); the others broken on purpose.
    await control.putBlock(DOCS_ROOT, recordBlock("0c0de000-0000-4000-8000-000000000001", "code", { rich_text: [{ type: "text", text: { content: "npm i lumen" } }], language: "bash" }), 0);
    await control.putBlock(DOCS_ROOT, recordBlock("0c0de000-0000-4000-8000-000000000002", "callout", null), 1);
    await control.putBlock(DOCS_ROOT, recordBlock("0c0de000-0000-4000-8000-000000000003", "hologram", { rich_text: [] }), 2);
    const before = await fetchOfficialPage(client(stub), DOCS_ROOT).catch((err: unknown) => err);

    expect(before).not.toBeInstanceOf(Error);
    const recordMap = before as Awaited<ReturnType<typeof fetchOfficialPage>>;
    expect(blockOf(recordMap, "0c0de000-0000-4000-8000-000000000001")).toMatchObject({ type: "code", properties: { title: [["npm i lumen"]], language: [["Bash"]] } });
    expect(blockOf(recordMap, "0c0de000-0000-4000-8000-000000000002")).toMatchObject({ type: "callout" });
    const content = blockOf(recordMap, DOCS_ROOT)?.content ?? [];
    expect(content.slice(0, 2)).toEqual(["0c0de000-0000-4000-8000-000000000001", "0c0de000-0000-4000-8000-000000000002"]);
    // The rest of the page as it was.
    await control.reset();
    const plain = await fetchOfficialPage(client(stub), DOCS_ROOT);
    errors.mockRestore();
    expect(content.length).toBeGreaterThan(3);
    expect(content.filter((id) => !id.startsWith("0c0de000"))).toEqual((blockOf(plain, DOCS_ROOT)?.content ?? []).filter((id) => !id.startsWith("0c0de000")));
  });
});

describe("databases, as owners share and link them", () => {
  it("an inline database's own link is a database: the page check sees its view and properties, and its rows are read", async () => {
    const link = `https://www.notion.so/acme/${BLOG_DATABASE.replace(/-/g, "")}?v=0123456789abcdef0123456789abcdef&pvs=4`;
    const id = parsePageId(link, { uuid: true })!;
    expect((await inlineStub.workspace().databases.get(id))?.is_inline).toBe(true);
    const inspection = await inspectOfficialPage(client(inlineStub), id);
    expect(inspection).toMatchObject({ state: "valid", isCollection: true, collectionType: "table" });
    expect(inspection.properties.map((p) => p.name)).toEqual(expect.arrayContaining(["Name", "Date"]));
    const recordMap = await fetchOfficialPage(client(inlineStub), id);
    expect(Object.values(recordMap.block).filter((b) => (b.value as { parent_table?: string }).parent_table === "collection").length).toBe(14);
  });

  it("search lists each database once, by an address naming the database (Notion gives a data source its database's address)", async () => {
    const shared = await listSharedPages(client(stub));
    const databases = shared.filter((p) => p.kind === "database");
    expect(databases.length).toBeGreaterThan(5);
    for (const database of databases) {
      expect(stub.workspace().databases.has(database.id), database.title).toBe(true);
      expect(parsePageId(database.url, { uuid: true }), database.title).toBe(database.id);
    }
    expect(new Set(databases.map((d) => d.id)).size).toBe(databases.length);
    for (const source of stub.workspace().dataSources.values()) {
      const database = stub.workspace().databases.get(String((source.parent as { database_id: string }).database_id))!;
      expect(source.url).toBe(database.url);
    }
  });

  it("a data source's id is read as its database's; a page's id is no data source", async () => {
    const source = [...stub.workspace().dataSources.values()].find((s) => (s.parent as { database_id: string }).database_id === BLOG_DATABASE)!;
    expect(source.id).not.toBe(BLOG_DATABASE);
    expect(await databaseOfDataSource(client(stub), String(source.id))).toBe(BLOG_DATABASE);
    expect(await databaseOfDataSource(client(stub), DOCS_ROOT)).toBeNull();
  });
});

describe("the owner's views", () => {
  it("showcase: every view's type, name, visible properties, sorts and date property as on the public path", async () => {
    const pageId = stub.workspace().roots.showcase!;
    const viaOfficial = await fetchOfficialPage(client(stub), pageId);
    const viaPublic = await fetchWholePage(new NotionGateway({ apiBaseUrl: publicStub.apiBaseUrl }), pageId);
    const views = (recordMap: typeof viaOfficial) =>
      Object.keys(recordMap.collection_view ?? {})
        .sort()
        .map((id) => {
          const view = viewOf(recordMap, id)!;
          const format = view.format as Record<string, unknown>;
          const query = (view as { query2?: Record<string, unknown> }).query2 ?? {};
          const visible = ((format[`${view.type}_properties`] as { property: string; visible: boolean }[] | undefined) ?? []).filter((p) => p.visible).map((p) => p.property);
          return { id, type: view.type, name: view.name, visible, sort: query.sort ?? [], by: query.calendar_by ?? query.timeline_by ?? null };
        });
    const expected = views(viaPublic);
    expect(expected.filter((v) => v.by).length, "the demo has a calendar and a timeline").toBe(2);
    expect(views(viaOfficial)).toEqual(expected);
  });
});
