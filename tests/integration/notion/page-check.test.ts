import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { checkNotionPageForSiteType } from "@/core/notion/check-notion-page-for-site-type";
import { getNotionData } from "@/core/notion/get-notion-data";
import { isNotionPagePublic } from "@/core/notion/is-notion-page-public";
import { safeInspectPublicPage } from "@/core/notion/safe-get-notion-page-state";
import { fetchWholePage } from "@/notion/fetch-page";
import { createNotionGateway, type NotionGateway } from "@/notion/notion-gateway";
import { blockOf } from "@/notion/record-map";
import { createNotionStub, type NotionStub } from "../../../tools/notion-stub/server";
import { stubControl } from "../../../tools/notion-stub/control";
import { BLOG_SCHEMA, RecordMapBuilder, blogRows, idFor, notionUrl } from "../../helpers/notion-records";

const FIXTURES = path.resolve(import.meta.dirname, "../../../../shared/notion-fixtures/NotionX__react-notion-x/packages");
const GET_PAGE_OUTPUTS = [
  ...fs.readdirSync(path.join(FIXTURES, "notion-compat")).map((f) => path.join(FIXTURES, "notion-compat", f)),
  path.join(FIXTURES, "notion-client/fixtures/collection-view-page.json"),
];

let stub: NotionStub;
let gateway: NotionGateway;
const url: Record<string, string> = {};

beforeAll(async () => {
  const ws = new RecordMapBuilder();
  const blog = ws.database("Blog", { viewType: "table", schema: BLOG_SCHEMA, rows: blogRows(3) });
  url.blog = notionUrl("Blog", blog.pageId);
  url.blogCaps = notionUrl(
    "Caps",
    ws.database("Caps", { viewType: "table", schema: { NAME: "title", Date: "date", DESCRIPTION: "text", Tags: "multi_select", Authors: "person", HIDDEN: "checkbox" }, rows: [] }).pageId,
  );
  url.changelog = notionUrl("Changelog", ws.database("Changelog", { viewType: "table", schema: { name: "title", date: "date", version: "text", tags: "multi_select", hidden: "checkbox" }, rows: [] }).pageId);
  url.roadmap = notionUrl("Roadmap", ws.database("Roadmap", { viewType: "board", schema: { name: "title", status: "status" }, statusOptions: ["Planned", "Done"], rows: [{ title: "Card" }] }).pageId);
  url.list = notionUrl("List", ws.database("List", { viewType: "list", schema: BLOG_SCHEMA, rows: [] }).pageId);
  url.table = notionUrl("Table", ws.database("Table", { viewType: "table", schema: { name: "title", status: "status" }, rows: [] }).pageId);
  url.missing = notionUrl("Missing", ws.database("Missing", { viewType: "table", schema: { Name: "title", Notes: "text" }, rows: [] }).pageId);
  url.plain = notionUrl("Plain", ws.page("Plain", [{ type: "text", text: "Hello" }, { type: "page", title: "Child" }]));
  url.private = notionUrl("Private", idFor("nobody has this page"));
  stub = await createNotionStub({ dataDir: ws.write() });
  gateway = createNotionGateway({ apiBaseUrl: stub.apiBaseUrl, timeoutMs: 2000, backoffMs: 10 });
});
afterAll(() => stub?.close());
afterEach(() => stubControl(stub.url).reset());

const check = async (siteType: Parameters<typeof checkNotionPageForSiteType>[1], key: string) => {
  const result = await checkNotionPageForSiteType(gateway, siteType, url[key] ?? key);
  return result.ok ? null : result.message;
};

describe("page check against the stand-in: every docs/product.md §5 message", () => {
  it("accepts the right page for each type", async () => {
    expect(await check("blog", "blog")).toBeNull();
    expect(await check("blog", "blogCaps")).toBeNull(); // property names compared case-insensitively
    expect(await check("changelog", "changelog")).toBeNull();
    expect(await check("roadmap", "roadmap")).toBeNull();
    for (const type of ["docs", "docsv2", "help_desk", "simple"] as const) {
      expect(await check(type, "plain")).toBeNull();
      expect(await check(type, "blog")).toBeNull();
    }
  });

  it("says which rule a page breaks", async () => {
    expect(await check("blog", "notion.so/Blog")).toBe("Needs to be an url");
    expect(await check("blog", "https://example.com/no-id-here")).toBe("Notion page url is invalid");
    expect(await check("docs", "private")).toBe("The Notion page is not public, you need to share it to web first");
    expect(await check("blog", "plain")).toBe("Notion page must be a database, please duplicate the Notion template first");
    expect(await check("roadmap", "plain")).toBe("Notion page must be a database, please duplicate the Notion template first");
    // A list view works as a blog when its properties fit (issue 21); a board does not.
    expect(await check("blog", "list")).toBeNull();
    expect(await check("changelog", "roadmap")).toBe("Notion page must be a table database, instead it is a board. Please duplicate the Notion template first");
    expect(await check("roadmap", "table")).toBe("Notion page must be a board database, instead it is a table. Please duplicate the Notion template first");
    expect(await check("blog", "missing")).toBe(
      "Missing required properties in Notion page, please duplicate the Notion template. Missing date, description, tags, authors, hidden",
    );
    expect(await check("changelog", "blog")).toBe("Missing required properties in Notion page, please duplicate the Notion template. Missing version");
  });

  it("treats Notion's 4xx answers as private, not as failures", async () => {
    for (const status of [400, 401, 403, 404]) {
      await stubControl(stub.url).fault({ mode: "status", status, times: 1 });
      expect((await safeInspectPublicPage(gateway, url.plain!)).state).toBe("private");
    }
    expect(await isNotionPagePublic(gateway, { notionPageUrl: url.plain! })).toEqual({ isPublic: true });
    expect(await isNotionPagePublic(gateway, { notionPageUrl: url.private! })).toEqual({ isPublic: false });
  });

  it("retries a passing failure and reports a lasting one with the generic message", async () => {
    await stubControl(stub.url).fault({ mode: "status", status: 502, times: 1 });
    expect((await safeInspectPublicPage(gateway, url.blog!)).state).toBe("valid");

    await stubControl(stub.url).fault({ mode: "status", status: 500, times: 10 });
    const errors: string[] = [];
    const original = console.error;
    console.error = (line: unknown) => void errors.push(String(line));
    try {
      await expect(check("blog", "blog")).rejects.toThrow("Something went wrong, please try again");
    } finally {
      console.error = original;
    }
    expect(errors.some((line) => line.includes('"operation":"safeGetNotionPageState"'))).toBe(true);
  });

  it("describes a page's contents (getNotionData)", async () => {
    const blog = await getNotionData(gateway, { notionPageUrl: url.blog! });
    expect(blog).toMatchObject({ state: "valid", isCollection: true, collectionType: "table", title: "Blog" });
    expect(blog.pages.map((p) => p.title)).toEqual(["Post 1", "Post 2", "Post 3"]);
    const plain = await getNotionData(gateway, { notionPageUrl: url.plain! });
    expect(plain).toMatchObject({ state: "valid", isCollection: false, title: "Plain", pages: [{ title: "Child" }] });
    expect((await getNotionData(gateway, { notionPageUrl: url.private! })).state).toBe("private");
  });
});

describe("every recorded getPage() output in shared/notion-fixtures loads through our reader", () => {
  it.each(GET_PAGE_OUTPUTS.map((f) => [path.basename(f), f]))("%s", async (_name, file) => {
    const recorded = JSON.parse(fs.readFileSync(file, "utf8")) as { recordMap?: { block: object }; block?: object };
    const rootId = Object.keys((recorded.recordMap ?? recorded).block!)[0]!;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fixture-"));
    fs.writeFileSync(path.join(dir, "page.json"), JSON.stringify(recorded));
    const fixtureStub = await createNotionStub({ dataDir: dir });
    try {
      const fixtureGateway = createNotionGateway({ apiBaseUrl: fixtureStub.apiBaseUrl, timeoutMs: 5000 });
      const recordMap = await fetchWholePage(fixtureGateway, rootId);
      expect(blockOf(recordMap, rootId)?.id).toBe(rootId);
      const inspection = await safeInspectPublicPage(fixtureGateway, `https://www.notion.so/${rootId.replace(/-/g, "")}`);
      expect(inspection.state).toBe("valid");
    } finally {
      await fixtureStub.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
