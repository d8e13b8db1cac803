import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NotionAPI } from "notion-client";
import { checkNotionPageForSiteType } from "@/core/notion/check-notion-page-for-site-type";
import { fetchSiteContent } from "@/notion/fetch-site-content";
import { createNotionGateway } from "@/notion/notion-gateway";
import { createNotionStub, type NotionStub } from "../../../tools/notion-stub/server";
import { generateWorkspace, WORKSPACE_DIR } from "../../../tools/notion-stub/generate-workspace";
import { unbox, type NotionRecord } from "../../../tools/notion-stub/store";

type Index = Record<string, string> & { docsv2Versions: Record<string, string> };
const index = JSON.parse(fs.readFileSync(path.join(WORKSPACE_DIR, "index.json"), "utf8")) as Index;
const idOf = (url: string) => {
  const hex = /([0-9a-f]{32})$/.exec(url)![1]!;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

let stub: NotionStub;
beforeAll(async () => {
  stub = await createNotionStub({ dataDir: WORKSPACE_DIR });
});
afterAll(() => stub?.close());

const blocks = () => [...stub.store().records.block.values()];
const rowsOf = (key: string) => {
  const page = stub.store().records.block.get(idOf(index[key]!))!;
  return blocks().filter((b) => b.parent_table === "collection" && b.parent_id === page.collection_id);
};
const gateway = () => createNotionGateway({ apiBaseUrl: stub.apiBaseUrl, timeoutMs: 5000 });

describe("the demo workspace", () => {
  it("is exactly what the generator writes from the source", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "workspace-"));
    const written = await generateWorkspace(dir);
    const committed = fs.readdirSync(WORKSPACE_DIR, { recursive: true }).map(String).filter((f) => fs.statSync(path.join(WORKSPACE_DIR, f)).isFile());
    expect(written.slice().sort()).toEqual(committed.slice().sort());
    for (const file of written) expect(fs.readFileSync(path.join(dir, file)).equals(fs.readFileSync(path.join(WORKSPACE_DIR, file))), file).toBe(true);
  });

  it("has every index.json key, as Notion URLs", () => {
    const keys = ["blog", "changelog", "roadmap", "docs", "docsv2", "help_desk", "simple", "private", "notDatabase", "listDatabase", "boardDatabase", "tableDatabase", "missingProperties"];
    for (const key of keys) expect(index[key], key).toMatch(/^https:\/\/www\.notion\.so\/[A-Za-z0-9-]+-[0-9a-f]{32}$/);
    expect(Object.keys(index.docsv2Versions)).toEqual(["v2", "v1"]);
  });

  it("every page loads through notion-client from the stand-in", async () => {
    const client = new NotionAPI({ apiBaseUrl: stub.apiBaseUrl, ofetchOptions: { retry: 0, timeout: 10_000 } });
    const pages = blocks().filter((b) => b.type === "page" || b.type === "collection_view_page");
    expect(pages.length).toBeGreaterThan(90);
    for (const page of pages) {
      const recordMap = await client.getPage(page.id, { chunkLimit: 40 });
      expect(unbox(recordMap.block[page.id])?.id, String(page.id)).toBe(page.id);
    }
  }, 120_000);

  it("has a rich blog: ≥ 12 posts, one hidden, one in the future, every block type", () => {
    const posts = rowsOf("blog");
    expect(posts.length).toBeGreaterThanOrEqual(12);
    const collection = stub.store().records.collection.get(String(posts[0]!.parent_id))!;
    const schema = collection.schema as Record<string, { name: string; type: string }>;
    const keyOf = (name: string) => Object.entries(schema).find(([, p]) => p.name === name)![0];
    expect(Object.values(schema).map((p) => p.name.toLowerCase()).sort()).toEqual(["authors", "date", "description", "hidden", "name", "tags"]);
    const prop = (post: NotionRecord, name: string) => JSON.stringify((post.properties as Record<string, unknown>)[keyOf(name)]);
    expect(posts.filter((p) => prop(p, "Hidden") === '[["Yes"]]')).toHaveLength(1);
    expect(posts.filter((p) => /"start_date":"2027/.test(prop(p, "Date")))).toHaveLength(1);

    const inBlog = new Set<string>();
    const visit = (id: string) => {
      const block = stub.store().records.block.get(id)!;
      inBlog.add(String(block.type));
      for (const child of (block.content as string[] | undefined) ?? []) visit(child);
    };
    for (const post of posts) for (const child of (post.content as string[]) ?? []) visit(child);
    for (const type of ["header", "sub_header", "sub_sub_header", "bulleted_list", "numbered_list", "to_do", "code", "image", "callout", "toggle", "quote", "table", "table_row", "column_list", "column", "equation", "bookmark", "video", "embed", "divider", "text"]) {
      expect(inBlog, type).toContain(type);
    }
    const languages = new Set(blocks().filter((b) => b.type === "code").map((b) => JSON.stringify((b.properties as { language: unknown }).language)));
    expect(languages.size).toBeGreaterThanOrEqual(5);
    const links = JSON.stringify(posts.map((p) => p.content).flat().map((id) => stub.store().records.block.get(String(id))?.properties));
    expect(links).toContain('["p",'); // links between pages
  });

  it("has a changelog, a roadmap board and page trees of the required shapes", async () => {
    expect(rowsOf("changelog").length).toBeGreaterThanOrEqual(8);
    const cards = rowsOf("roadmap");
    expect(cards.length).toBeGreaterThanOrEqual(10);
    for (const card of cards) expect((card.content as string[]).length, String(card.id)).toBeGreaterThan(0);
    const roadmap = stub.store().records.block.get(idOf(index.roadmap!))!;
    const view = stub.store().records.collection_view.get((roadmap.view_ids as string[])[0]!)!;
    expect(view.type).toBe("board");
    expect((view.format as { board_columns: unknown[] }).board_columns.length).toBeGreaterThanOrEqual(3);

    const tree = async (key: string, siteType: "docs" | "help_desk" | "simple" | "docsv2") => {
      const result = await fetchSiteContent(gateway(), { siteType, rootPageIds: [idOf(index[key]!)], previous: new Map() });
      const depth = (id: string): number => {
        const parent = result.pages.get(id)!.parentPageId;
        return parent ? 1 + depth(parent) : 0;
      };
      return { pages: result.pages, maxDepth: Math.max(...[...result.pages.keys()].map(depth)), atDepth: (d: number) => [...result.pages.keys()].filter((id) => depth(id) === d) };
    };
    expect((await tree("docs", "docs")).maxDepth).toBeGreaterThanOrEqual(3);
    const help = await tree("help_desk", "help_desk");
    expect(help.atDepth(1).length).toBeGreaterThanOrEqual(4);
    expect(help.atDepth(2).length).toBeGreaterThanOrEqual(12);
    expect((await tree("simple", "simple")).atDepth(1).length).toBeGreaterThanOrEqual(3);
    const docsv2 = await tree("docsv2", "docsv2");
    for (const url of Object.values(index.docsv2Versions)) {
      expect(docsv2.atDepth(1)).toContain(idOf(url));
      expect([...docsv2.pages.values()].some((p) => p.parentPageId === idOf(url))).toBe(true);
    }
  });

  it("serves every image the workspace names, signed and as PNG", async () => {
    const sources = new Map<string, string>();
    for (const block of blocks()) {
      const format = (block.format ?? {}) as { page_cover?: string; display_source?: string };
      for (const url of [format.page_cover, block.type === "image" ? format.display_source : undefined]) if (url?.startsWith("attachment:")) sources.set(url, block.id);
    }
    expect(sources.size).toBeGreaterThanOrEqual(8);
    const client = new NotionAPI({ apiBaseUrl: stub.apiBaseUrl, ofetchOptions: { retry: 0 } });
    const { signedUrls } = await client.getSignedFileUrls([...sources].map(([url, id]) => ({ url, permissionRecord: { table: "block", id } })));
    for (const signed of signedUrls) {
      const res = await fetch(signed);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(Buffer.from(await res.arrayBuffer()).subarray(1, 4).toString()).toBe("PNG");
    }
  });

  it("gives each failing case its SPEC §5 message", async () => {
    const check = async (siteType: Parameters<typeof checkNotionPageForSiteType>[1], key: string) => {
      const result = await checkNotionPageForSiteType(gateway(), siteType, index[key]!);
      return result.ok ? "ok" : result.message;
    };
    expect(await check("blog", "blog")).toBe("ok");
    expect(await check("changelog", "changelog")).toBe("ok");
    expect(await check("roadmap", "roadmap")).toBe("ok");
    for (const [type, key] of [["docs", "docs"], ["docsv2", "docsv2"], ["help_desk", "help_desk"], ["simple", "simple"]] as const) expect(await check(type, key)).toBe("ok");
    expect(await check("docs", "private")).toBe("The Notion page is not public, you need to share it to web first");
    expect(await check("blog", "notDatabase")).toBe("Notion page must be a database, please duplicate the Notion template first");
    expect(await check("blog", "listDatabase")).toBe("Notion page must be a table database, instead it is a list. Please duplicate the Notion template first");
    expect(await check("blog", "boardDatabase")).toBe("Notion page must be a table database, instead it is a board. Please duplicate the Notion template first");
    expect(await check("roadmap", "tableDatabase")).toBe("Notion page must be a board database, instead it is a table. Please duplicate the Notion template first");
    expect(await check("blog", "missingProperties")).toBe(
      "Missing required properties in Notion page, please duplicate the Notion template. Missing date, description, tags, authors, hidden",
    );
  });
});
