import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NotionAPI } from "notion-client";
import { checkNotionPageForSiteType } from "@/core/notion/check-notion-page-for-site-type";
import { fetchSiteContent } from "@/notion/fetch-site-content";
import { publicPageSource } from "@/notion/page-source";
import { createNotionGateway } from "@/notion/notion-gateway";
import { createNotionStub, type NotionStub } from "../../../tools/notion-stub/server";
import { generateWorkspace, WORKSPACE_DIR } from "../../../tools/notion-stub/generate-workspace";
import { unbox, type NotionRecord } from "../../../tools/notion-stub/store";
import { IMAGES } from "../../../tools/notion-stub/workspace-source/images";
import { deflate } from "../../../tools/notion-stub/workspace-source/png";

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
  it("is exactly what the generator writes from the source", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "workspace-"));
    const written = generateWorkspace(dir);
    const committed = fs.readdirSync(WORKSPACE_DIR, { recursive: true }).map(String).filter((f) => fs.statSync(path.join(WORKSPACE_DIR, f)).isFile());
    expect(written.slice().sort()).toEqual(committed.slice().sort());
    for (const file of written) expect(fs.readFileSync(path.join(dir, file)).equals(fs.readFileSync(path.join(WORKSPACE_DIR, file))), file).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("holds records shaped like Notion's: every block complete, its children pointing back at it", () => {
    const store = stub.store();
    const files = fs.readdirSync(WORKSPACE_DIR).filter((f) => f.endsWith(".json") && f !== "index.json");
    for (const file of files) {
      const map = JSON.parse(fs.readFileSync(path.join(WORKSPACE_DIR, file), "utf8")) as Record<string, Record<string, { spaceId: string; value: { value: NotionRecord; role: string } }>>;
      // custom_emoji only in files whose icons use the workspace's custom emoji.
      expect(Object.keys(map).filter((k) => k !== "custom_emoji").sort(), file).toEqual(["block", "collection", "collection_query", "collection_view", "notion_user", "signed_urls", "space"]);
      for (const box of Object.values(map.custom_emoji ?? {})) expect(box.value.value, file).toMatchObject({ name: expect.any(String), url: expect.stringMatching(/^attachment:/) });
      const root = Object.values(map.block!)[0]!.value.value;
      expect(root.parent_table, file).toBe("space");
      expect(root.permissions, file).toEqual([expect.objectContaining({ type: "public_permission", role: "reader" })]);
      expect(index[file.replace(/\.json$/, "")], file).toContain(root.id.replace(/-/g, ""));
      for (const box of Object.values(map.block!)) expect(box.value.role).toBe("reader");
    }
    for (const block of blocks()) {
      for (const field of ["id", "version", "type", "parent_id", "parent_table", "space_id", "created_time", "last_edited_time", "created_by_table", "created_by_id"]) {
        expect(block[field], `${block.id}.${field}`).toBeDefined();
      }
      expect(block.alive).toBe(true);
      expect(typeof block.last_edited_time === "number" && block.last_edited_time > 1.7e12).toBe(true);
      if (block.type === "page") {
        expect(Array.isArray((block.properties as { title?: unknown }).title), block.id).toBe(true);
        expect(Array.isArray(block.content), block.id).toBe(true);
      }
      for (const child of (block.content as string[] | undefined) ?? []) {
        const kid = store.records.block.get(child);
        expect(kid, `${block.id} → ${child}`).toBeDefined();
        expect(kid!.parent_id).toBe(block.id);
        expect(kid!.parent_table).toBe("block");
      }
      if (block.parent_table === "collection") expect(store.records.collection.has(String(block.parent_id))).toBe(true);
    }
    for (const view of store.records.collection_view.values()) {
      const format = view.format as Record<string, unknown> & { collection_pointer: { id: string } };
      expect(format[`${String(view.type)}_properties`], view.id).toBeDefined();
      expect(store.records.collection.has(format.collection_pointer.id)).toBe(true);
    }
  });

  it("has every index.json key, as Notion URLs; the private page is in no file and reads as role none", async () => {
    const keys = ["blog", "changelog", "roadmap", "docs", "docsv2", "help_desk", "simple", "showcase", "private", "notDatabase", "listDatabase", "boardDatabase", "tableDatabase", "missingProperties", "notionNextBlog", "ownNamesBlog"];
    for (const key of keys) expect(index[key], key).toMatch(/^https:\/\/www\.notion\.so\/[A-Za-z0-9-]+-[0-9a-f]{32}$/);
    expect(Object.keys(index.docsv2Versions)).toEqual(["v2", "v1"]);
    for (const url of Object.values(index.docsv2Versions)) expect(url).toMatch(/^https:\/\/www\.notion\.so\/[A-Za-z0-9-]+-[0-9a-f]{32}$/);
    for (const [key, url] of Object.entries(index)) {
      if (key !== "private" && typeof url === "string") expect(stub.store().records.block.has(idOf(url)), key).toBe(true);
    }

    const privateId = idOf(index.private!);
    for (const file of fs.readdirSync(WORKSPACE_DIR).filter((f) => f.endsWith(".json"))) {
      expect(fs.readFileSync(path.join(WORKSPACE_DIR, file), "utf8"), file).not.toContain(privateId);
    }
    const post = async (endpoint: string, body: unknown) =>
      (await (await fetch(`${stub.apiBaseUrl}/${endpoint}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json()) as {
        recordMap: { block: Record<string, unknown> };
      };
    const chunk = await post("loadPageChunk", { pageId: privateId, limit: 100, chunkNumber: 0, cursor: { stack: [] }, verticalColumns: false });
    expect(chunk.recordMap.block[privateId]).toEqual({ spaceId: expect.any(String), value: { role: "none" } });
    const sync = await post("syncRecordValuesMain", { requests: [{ table: "block", id: privateId, version: -1 }] });
    expect(sync.recordMap.block[privateId]).toEqual({ spaceId: expect.any(String), value: { role: "none" } });
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
    const blogBlocks = blocks().filter((b) => {
      for (let at: NotionRecord | undefined = b; at; at = stub.store().records.block.get(String(at.parent_id))) if (posts.includes(at)) return true;
      return false;
    });
    const languages = new Set(blogBlocks.filter((b) => b.type === "code").map((b) => String((b.properties as { language: string[][] }).language[0]![0])));
    for (const language of ["TypeScript", "Python", "Bash", "SQL"]) expect(languages).toContain(language);
    const toDos = blogBlocks.filter((b) => b.type === "to_do").map((b) => JSON.stringify((b.properties as { checked?: unknown }).checked ?? null));
    expect(toDos).toContain('[["Yes"]]');
    expect(toDos).toContain("null");
    for (const b of blogBlocks) {
      const format = (b.format ?? {}) as Record<string, unknown>;
      const properties = (b.properties ?? {}) as Record<string, unknown>;
      if (b.type === "callout") expect(format.page_icon, b.id).toBeTruthy();
      if (b.type === "table") expect((format.table_block_column_order as string[]).length).toBe(format.table_block_column_count);
      if (b.type === "column_list") for (const c of b.content as string[]) expect(stub.store().records.block.get(c)!.type).toBe("column");
      if (b.type === "table") for (const c of b.content as string[]) expect(stub.store().records.block.get(c)!.type).toBe("table_row");
      if (b.type === "toggle") expect((b.content as string[]).length).toBeGreaterThan(0);
      if (b.type === "bookmark") expect(properties.link).toEqual([[expect.stringMatching(/^https:\/\//)]]);
      if (b.type === "equation") expect(properties.title).toEqual([[expect.stringContaining("\\")]]);
      if (b.type === "image") expect(properties.source).toEqual([[expect.stringMatching(/^attachment:[0-9a-f-]{36}:[a-z-]+\.png$/)]]);
    }
    const covers = posts.filter((p) => (p.format as { page_cover?: string }).page_cover?.startsWith("attachment:"));
    expect(covers.length).toBeGreaterThanOrEqual(4);
    expect(covers.length).toBeLessThan(posts.length);
    const date = JSON.stringify((posts[0]!.properties as Record<string, unknown>)[keyOf("Date")]);
    expect(date).toMatch(/^\[\["‣",\[\["d",\{"type":"date","start_date":"\d{4}-\d\d-\d\d"\}\]\]\]\]$/);
    expect(prop(posts[0]!, "Tags")).toMatch(/^\[\["[A-Za-z]+(,[A-Za-z]+)*"\]\]$/);
    expect(prop(posts[0]!, "Authors")).toContain('["u",');
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
    const format = view.format as { board_columns: { value: { type: string; value: string } }[]; board_columns_by: { type: string; property: string } };
    expect(format.board_columns.length).toBeGreaterThanOrEqual(3);
    expect(format.board_columns_by.type).toBe("status");
    const statusSchema = (stub.store().records.collection.get(String(roadmap.collection_id))!.schema as Record<string, { type: string; options: { value: string }[]; groups: unknown[] }>)[format.board_columns_by.property]!;
    expect(statusSchema.type).toBe("status");
    expect(statusSchema.groups.length).toBeGreaterThanOrEqual(3);
    const columns = format.board_columns.map((c) => c.value.value);
    expect(statusSchema.options.map((o) => o.value)).toEqual(columns);
    for (const column of columns) {
      expect(cards.filter((c) => JSON.stringify((c.properties as Record<string, unknown>)[format.board_columns_by.property]) === JSON.stringify([[column]])).length, column).toBeGreaterThan(0);
    }

    const tree = async (key: string, siteType: "docs" | "help_desk" | "simple" | "docsv2") => {
      const result = await fetchSiteContent(publicPageSource(gateway()), { siteType, rootPageIds: [idOf(index[key]!)], previous: new Map() });
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
      // A custom emoji icon's image, signed through the block whose icon it is.
      const emojiId = /^notion:\/\/custom_emoji\/[^/]+\/(.+)$/.exec(String((block.format as { page_icon?: unknown } | undefined)?.page_icon ?? ""))?.[1];
      const emoji = emojiId ? stub.store().records.custom_emoji.get(emojiId) : undefined;
      if (emoji) sources.set(String(emoji.url), block.id);
    }
    expect(sources.size).toBeGreaterThanOrEqual(9);
    const client = new NotionAPI({ apiBaseUrl: stub.apiBaseUrl, ofetchOptions: { retry: 0 } });
    const { signedUrls } = await client.getSignedFileUrls([...sources].map(([url, id]) => ({ url, permissionRecord: { table: "block", id } })));
    expect(signedUrls).toHaveLength(sources.size);
    for (const [i, signed] of signedUrls.entries()) {
      const res = await fetch(signed);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(1, 4).toString()).toBe("PNG");
      const name = [...sources.keys()][i]!.split(":").at(-1)!;
      const meta = await sharp(bytes).metadata();
      expect([meta.width, meta.height], name).toEqual([IMAGES[name]!.width, IMAGES[name]!.height]);
    }
    // Every file is used, and every image is in files/.
    const named = new Set([...sources.keys()].map((url) => url.split(":").at(-1)));
    expect([...named].sort()).toEqual(Object.keys(IMAGES).sort());
  });

  it("encodes PNGs with a deflate that zlib reads back", () => {
    const samples = [
      new Uint8Array(0),
      Uint8Array.from([7]),
      new Uint8Array(100_000).fill(0),
      Uint8Array.from({ length: 70_000 }, (_, i) => (i * 2654435761) >>> 24),
      Uint8Array.from({ length: 50_000 }, (_, i) => (i % 300 < 150 ? i % 7 : (i * 31) & 255)),
    ];
    for (const data of samples) expect(Buffer.from(zlib.inflateSync(deflate(data, [3, 301]))).equals(Buffer.from(data))).toBe(true);
  });

  it("gives each failing case its docs/product.md §5 message", async () => {
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
    // A list of posts works as a blog when its properties fit (issue 21 item 8); a board still doesn't.
    expect(await check("blog", "listDatabase")).toBe("ok");
    expect(await check("roadmap", "listDatabase")).toBe("Notion page must be a board database, instead it is a list. Please duplicate the Notion template first");
    expect(await check("blog", "boardDatabase")).toBe("Notion page must be a table database, instead it is a board. Please duplicate the Notion template first");
    expect(await check("roadmap", "tableDatabase")).toBe("Notion page must be a board database, instead it is a table. Please duplicate the Notion template first");
    expect(await check("blog", "missingProperties")).toBe(
      "Missing required properties in Notion page, please duplicate the Notion template. Missing date, description, tags, authors, hidden",
    );
    // NotionNext's names are found by alias; it has no authors property, which the owner maps to "not used".
    expect(await check("blog", "notionNextBlog")).toBe("Missing required properties in Notion page, please duplicate the Notion template. Missing authors");
    const mapped = await checkNotionPageForSiteType(gateway(), "blog", index.notionNextBlog!, { authors: null });
    expect(mapped.ok).toBe(true);
  });
});
