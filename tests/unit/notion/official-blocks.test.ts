import fs from "node:fs";
import path from "node:path";
import type { BlockObjectResponse, DataSourceObjectResponse, PageObjectResponse } from "@notionhq/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { blockRecord, collectionRecord, collectionViewRecord, databaseBlockRecord, pageRecord, type RecordContext } from "@/notion/official/convert";

/**
 * Every block converts on its own: a key Notion leaves out gets its default, a block that can't be read becomes a
 * logged stand-in, nothing throws. Shapes: real answers recorded against api.notion.com (2026, API 2025-09-03,
 * tests/fixtures/official-api/SOURCES.md), the examples of Notion's block reference (which leave keys out, as
 * answers of other eras do), and broken variants of both.
 */

const recorded = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../../fixtures/official-api/notion-sdk-py-2026.json"), "utf8")) as {
  answers: Record<string, { body: Record<string, unknown> }>;
};
const ctx: RecordContext = { parentId: "p", parentTable: "block", spaceId: "s", content: [] };
const block = (type: string, payload: unknown, extra: Record<string, unknown> = {}) =>
  ({ object: "block", id: `id-${type}`, type, [type]: payload, created_time: "2026-07-04T09:12:00.000Z", last_edited_time: "2026-07-04T09:12:00.000Z", has_children: false, ...extra }) as unknown as BlockObjectResponse;
const props = (record: unknown) => (record as { properties?: Record<string, unknown> }).properties;
const format = (record: unknown) => (record as { format?: Record<string, unknown> }).format;

let logged: unknown[][];
beforeEach(() => {
  logged = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void logged.push(args));
});
afterEach(() => vi.restoreAllMocks());

describe("recorded answers (api.notion.com, API 2025-09-03)", () => {
  it("a paragraph with a date mention", () => {
    const record = blockRecord(recorded.answers.test_is_mention_rich_text_item_response!.body as never, ctx);
    expect(record).toMatchObject({ type: "text", properties: { title: [["‣", [["d", { type: "date", start_date: "2022-12-16" }]]]] } });
  });

  it("a paragraph with an inline equation", () => {
    const record = blockRecord(recorded.answers.test_is_equation_rich_text_item_response!.body as never, ctx);
    expect(record).toMatchObject({ type: "text", properties: { title: [["⁍", [["e", "E = mc^2"]]]] } });
  });

  it("a data source and its view: name, schema, and a table view that names no properties shows them all", () => {
    const source = recorded.answers.test_data_sources_retrieve!.body as unknown as DataSourceObjectResponse;
    const collection = collectionRecord(source, "db", "s");
    expect(collection).toMatchObject({ name: [["Test Data Source - 2026-07-04 11:09:14.284382"]], schema: { title: { name: "Name", type: "title" } } });
    // Recorded `configuration: {"type":"table"}`: Notion lists no properties for a table it made with all of them shown.
    const view = recorded.answers.test_views_retrieve!.body as never;
    expect(format(collectionViewRecord(view, source, "db", "s"))?.table_properties).toEqual([{ property: "title", visible: true }]);
  });
});

describe("the block reference's examples, keys left out (developers.notion.com/reference/block)", () => {
  // The failure a real sync met: a code block without `caption`, and rich text without `annotations` / `plain_text`.
  it("a code block without caption keeps its code and language", () => {
    const record = blockRecord(block("code", { rich_text: [{ type: "text", text: { content: "const a = 3" } }], language: "javascript" }), ctx);
    expect(record).toMatchObject({ type: "code", properties: { title: [["const a = 3"]], language: [["JavaScript"]] } });
    expect(props(record)).not.toHaveProperty("caption");
    expect(logged).toEqual([]);
  });

  it("a callout whose icon has no `type`, rich text without annotations", () => {
    const record = blockRecord(block("callout", { rich_text: [{ type: "text", text: { content: "Lacinato kale", link: null } }], icon: { emoji: "⭐" }, color: "default" }), ctx);
    expect(record).toMatchObject({ type: "callout", properties: { title: [["Lacinato kale"]] }, format: { page_icon: "⭐" } });
  });

  it("bookmark, embed and image without caption; a file without `type`", () => {
    expect(blockRecord(block("bookmark", { url: "https://companywebsite.com" }), ctx)).toMatchObject({ type: "bookmark", properties: { link: [["https://companywebsite.com"]] } });
    expect(blockRecord(block("embed", { url: "https://companywebsite.com" }), ctx)).toMatchObject({ type: "embed", format: { display_source: "https://companywebsite.com" } });
    expect(blockRecord(block("image", { type: "external", external: { url: "https://website.domain/images/image.png" } }), ctx)).toMatchObject({
      type: "image",
      format: { display_source: "https://website.domain/images/image.png" },
    });
    expect(blockRecord(block("file", { caption: [], external: { url: "https://companywebsite.com/files/doc.txt" }, name: "doc.txt" }), ctx)).toMatchObject({
      type: "file",
      properties: { source: [["https://companywebsite.com/files/doc.txt"]], title: [["doc.txt"]] },
    });
  });

  it("a paragraph of the 2021 API, its text under `text` rather than `rich_text`", () => {
    const record = blockRecord(block("paragraph", { color: "blue_background", text: [{ type: "text", text: { content: "Lacinato kale", link: { url: "https://example.com/kale" } }, plain_text: "Lacinato kale" }] }), ctx);
    expect(record).toMatchObject({ type: "text", properties: { title: [["Lacinato kale", [["a", "https://example.com/kale"]]]] }, format: { block_color: "blue_background" } });
  });
});

describe("every type the API lists", () => {
  it("link previews become links, fourth-level headings third-level ones, template buttons their label, tabs their content", () => {
    expect(blockRecord(block("link_preview", { url: "https://github.com/example/example-repo/pull/1234" }), ctx)).toMatchObject({
      type: "bookmark",
      properties: { link: [["https://github.com/example/example-repo/pull/1234"]] },
    });
    expect(blockRecord(block("heading_4", { rich_text: [{ type: "text", text: { content: "Deep" }, plain_text: "Deep" }], color: "default" }), ctx)).toMatchObject({
      type: "sub_sub_header",
      properties: { title: [["Deep"]] },
    });
    expect(blockRecord(block("template", { rich_text: [{ type: "text", text: { content: "Add a new to-do" }, plain_text: "Add a new to-do" }] }), ctx)).toMatchObject({
      type: "text",
      properties: { title: [["Add a new to-do"]] },
    });
    expect(blockRecord(block("tab", {}), { ...ctx, content: ["child"] })).toMatchObject({ type: "transclusion_container", content: ["child"] });
  });

  it("unsupported blocks, meeting notes and transcriptions are left out without a fuss", () => {
    expect(blockRecord(block("unsupported", { block_type: "button" }), ctx)).toBeNull();
    expect(blockRecord(block("meeting_notes", { title: [] }), ctx)).toBeNull();
    expect(logged).toEqual([]);
  });
});

describe("broken variants never throw", () => {
  const types = ["paragraph", "heading_1", "to_do", "callout", "code", "equation", "image", "file", "bookmark", "embed", "table", "table_row", "column", "link_to_page", "child_page", "synced_block"];

  it.each(types)("%s with its payload missing, null, or of the wrong shape", (type) => {
    for (const payload of [undefined, null, "text", 3, [], { rich_text: "not a list", caption: { not: "a list" }, language: 7, cells: "x", icon: "⭐", url: null }]) {
      const b = block(type, payload);
      if (payload === undefined) delete (b as unknown as Record<string, unknown>)[type];
      expect(() => blockRecord(b, ctx), `${type}: ${JSON.stringify(payload)}`).not.toThrow();
    }
  });

  it("rich text items of every broken kind keep what text they have", () => {
    const items = [null, "text", { type: "mention", mention: { type: "page" }, plain_text: "A page" }, { type: "mention", mention: { type: "template_mention" }, plain_text: "Today" }, { plain_text: "plain" }, { type: "text" }];
    const record = blockRecord(block("paragraph", { rich_text: items }), ctx);
    expect(record).toMatchObject({ type: "text", properties: { title: [["A page"], ["Today"], ["plain"], [""]] } });
  });

  it("a block that still can't be read stands as an empty block in its place, logged, its children kept", () => {
    const hostile = block("quote", {});
    Object.defineProperty(hostile, "quote", { get: () => { throw new Error("boom"); }, enumerable: true });
    const record = blockRecord(hostile, { ...ctx, content: ["child"] });
    expect(record).toMatchObject({ id: "id-quote", type: "text", content: ["child"] });
    expect(logged.map((args) => String(args[0]))).toEqual([expect.stringContaining("Notion block id-quote (quote) could not be converted")]);
  });

  it("a block type Notion adds later is left out and logged", () => {
    expect(blockRecord(block("hologram", { rich_text: [] }), ctx)).toBeNull();
    expect(logged.map((args) => String(args[0]))).toEqual([expect.stringContaining('type "hologram" is not known here')]);
  });

  it("a page keeps every property but one Notion sent in a shape nobody knows", () => {
    const page = {
      object: "page",
      id: "row",
      created_time: "2026-07-04T09:12:00.000Z",
      last_edited_time: "2026-07-04T09:12:00.000Z",
      icon: { emoji: "🎯" },
      cover: null,
      properties: {
        Name: { id: "title", type: "title", title: [{ type: "text", text: { content: "Row" } }] },
        Tags: { id: "t%3Ag", type: "multi_select", multi_select: [{ name: "a" }, null, { name: "b" }] },
        Broken: { id: "b%3Ar", type: "formula", formula: null },
        Odd: { id: "o%3Ad", type: "rollup", get rollup() { throw new Error("boom"); } },
        Count: { id: "c%3An", type: "number", number: 3 },
      },
    } as unknown as PageObjectResponse;
    const record = pageRecord(page, ctx);
    expect(props(record)).toEqual({ title: [["Row"]], "t:g": [["a,b"]], "c:n": [["3"]] });
    expect(format(record)).toEqual({ page_icon: "🎯" });
    expect(logged.map((args) => String(args[0]))).toEqual([expect.stringContaining('property "Odd" (rollup) left out')]);
  });

  it("a place and a verification read as text, their schema as text too", () => {
    const page = {
      object: "page",
      id: "row",
      properties: {
        Where: { id: "w", type: "place", place: { lat: 52.37, lon: 4.9, name: "Harbour office", address: null } },
        Pin: { id: "p", type: "place", place: { lat: 52.37, lon: 4.9 } },
        Checked: { id: "v", type: "verification", verification: { state: "verified", date: null, verified_by: null } },
        Unchecked: { id: "u", type: "verification", verification: { state: "unverified", date: null, verified_by: null } },
      },
    } as unknown as PageObjectResponse;
    expect(props(pageRecord(page, ctx))).toEqual({ w: [["Harbour office"]], p: [["52.37, 4.9"]], v: [["Verified"]] });
    const source = { id: "ds", title: [], properties: { Where: { id: "w", type: "place", place: {} }, Checked: { id: "v", type: "verification", verification: {} } } };
    expect(collectionRecord(source as never, "db", "s").schema).toEqual({ w: { name: "Where", type: "text" }, v: { name: "Checked", type: "text" } });
  });

  it("a data source without description, or with a property whose configuration is missing", () => {
    const source = { object: "data_source", id: "ds", title: [{ type: "text", text: { content: "Posts" } }], properties: { Name: { id: "title", type: "title" }, Tags: { id: "tg", type: "multi_select" } } };
    expect(collectionRecord(source as never, "db", "s")).toMatchObject({ name: [["Posts"]], schema: { title: { name: "Name" }, tg: { name: "Tags", type: "multi_select" } } });
  });
});

describe("views and databases", () => {
  const source = { id: "ds", properties: { Name: { id: "title", type: "title" }, When: { id: "w%3An", type: "date" }, Owner: { id: "o%3Aw", type: "people" } } } as unknown as DataSourceObjectResponse;

  it("a calendar or timeline keeps the date property it is laid out by, where the public path's view has it", () => {
    const calendar = collectionViewRecord({ id: "v", name: "Calendar", type: "calendar", sorts: null, configuration: { type: "calendar", date_property_id: "w%3An" } } as never, source, "db", "s");
    const timeline = collectionViewRecord({ id: "t", name: "Timeline", type: "timeline", sorts: null, configuration: { type: "timeline", date_property_id: "When" } } as never, source, "db", "s");
    expect((calendar as { query2?: unknown }).query2).toEqual({ calendar_by: "w:n" });
    expect((timeline as { query2?: unknown }).query2).toEqual({ timeline_by: "w:n" });
  });

  it("an inline database read as the page itself is a full-page database; on a page it stays inline", () => {
    const database = { id: "db", is_inline: true, icon: null, created_time: "2026-07-04T09:12:00.000Z", last_edited_time: "2026-07-04T09:12:00.000Z" };
    expect(databaseBlockRecord(database, "ds", ["v"], ctx).type).toBe("collection_view");
    expect(databaseBlockRecord(database, "ds", ["v"], ctx, { asRoot: true }).type).toBe("collection_view_page");
  });
});
