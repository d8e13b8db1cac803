import type { ExtendedRecordMap } from "notion-types";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NotionBody } from "@/site-server/render/notion-body";
import type { RenderContext } from "@/site-server/render/context";

/**
 * Where a page mention in a page's body links. The mention's shape is Notion's, as recorded in
 * NotionX/react-notion-x `packages/notion-client/fixtures/collection-row-page.json` (MIT, ../shared/notion-fixtures):
 * `["‣", [["p", "841918aa-f2a3-4d4c-b5ad-64b0f57c47b8"]]]`.
 */
const MENTIONED = "841918aa-f2a3-4d4c-b5ad-64b0f57c47b8";
const SIBLING = "9c0b7f1e-3d5a-4b8e-9f21-6a7c8d9e0f12";
const box = (value: object) => ({ value, role: "reader" });
const recordMap = {
  block: {
    page: box({ id: "page", type: "page", alive: true, content: ["text"], properties: { title: [["Release notes"]] } }),
    text: box({ id: "text", type: "text", alive: true, parent_id: "page", parent_table: "block", properties: { title: [["Read "], ["‣", [["p", MENTIONED]]], [" and "], ["‣", [["p", SIBLING]]], ["."]] } }),
    // The mentioned pages' blocks come with the page (notion-client's fetchMissingBlocks follows mentions).
    [MENTIONED]: box({ id: MENTIONED, type: "page", alive: true, properties: { title: [["Atlanta Hawks"]] } }),
    [SIBLING]: box({ id: SIBLING, type: "page", alive: true, properties: { title: [["Quick start"]] } }),
  },
  collection: {},
  collection_view: {},
  collection_query: {},
  notion_user: {},
  signed_urls: {},
} as unknown as ExtendedRecordMap;

function render(extra: Partial<RenderContext>): string {
  const ctx = {
    basePath: "",
    model: { kind: "tree", pathOfPage: new Map([["page", "/release-notes"], [SIBLING, "/quick-start"]]), rootRecordMap: recordMap, pageBlocks: {}, customEmojis: new Map(), routes: new Map() },
    ...extra,
  } as unknown as RenderContext;
  return renderToStaticMarkup(<NotionBody ctx={ctx} recordMap={recordMap} pageId="page" />);
}

describe("a page mention in the body", () => {
  it("links a page of the same site to its path, in the same tab", () => {
    expect(render({})).toMatch(/<a class="notion-link" href="\/quick-start">[\s\S]*?Quick start[\s\S]*?<\/a>\./);
  });

  it("links a page another of the owner's sites publishes to its address there, not to notion.so", () => {
    const html = render({ mentionLinks: new Map([[MENTIONED, "https://blog.lumen.example/atlanta-hawks"]]) });
    expect(html).toMatch(/<a class="notion-link" href="https:\/\/blog\.lumen\.example\/atlanta-hawks"[^>]*>[\s\S]*?Atlanta Hawks/);
    expect(html).not.toContain("notion.so");
  });

  it("keeps a public page published nowhere as a notion.so link", () => {
    expect(render({})).toMatch(/<a class="notion-link" href="https:\/\/www\.notion\.so\/841918aaf2a34d4cb5ad64b0f57c47b8"[^>]*>[\s\S]*?Atlanta Hawks/);
  });

  it("writes a connected workspace's page published nowhere as its title, without a link visitors can't open", () => {
    const html = render({ connected: true });
    expect(html).not.toContain("notion.so");
    expect(html).toMatch(/<span class="notion-link">[\s\S]*?Atlanta Hawks[\s\S]*?<\/span>/);
    expect(html).toContain('href="/quick-start"');
  });
});
