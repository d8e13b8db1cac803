import type { ExtendedRecordMap } from "notion-types";
import { renderToStaticMarkup } from "react-dom/server";
import { NotionRenderer } from "react-notion-x";
import { describe, expect, it } from "vitest";
import { withRewrittenBlocks } from "@/site-server/render/notion-block-rewrites";

const box = (value: object) => ({ value: { value, role: "reader" } });
const recordMap = (): ExtendedRecordMap =>
  ({
    block: {
      page: box({ id: "page", type: "page", alive: true, content: ["crumbs", "board"], properties: { title: [["Install"]] } }),
      crumbs: box({ id: "crumbs", type: "breadcrumb", alive: true, parent_id: "page", parent_table: "block" }),
      board: box({ id: "board", type: "miro", alive: true, parent_id: "page", parent_table: "block", properties: { source: [["https://miro.com/app/board/uXjVN1abc=/"]] } }),
    },
    collection: {},
    collection_view: {},
    notion_user: {},
    collection_query: {},
    signed_urls: {},
  }) as unknown as ExtendedRecordMap;

describe("blocks react-notion-x doesn't draw (issue 21)", () => {
  it("draws a breadcrumb block as links to the page's ancestors, and a Miro board as an embed", () => {
    const before = renderToStaticMarkup(<NotionRenderer recordMap={recordMap()} rootPageId="page" blockId="page" fullPage={false} />);
    expect(before).not.toContain("miro.com");
    const html = renderToStaticMarkup(
      <NotionRenderer
        recordMap={withRewrittenBlocks(recordMap(), [
          { title: "Guide", href: "/" },
          { title: "Install", href: "/install" },
        ])}
        rootPageId="page"
        blockId="page"
        fullPage={false}
      />,
    );
    expect(html).toMatch(/<a [^>]*href="\/">Guide<\/a> \/ <a [^>]*href="\/install">Install<\/a>/);
    expect(html).toMatch(/<iframe[^>]+src="https:\/\/miro\.com\/app\/board\/uXjVN1abc=\/"/);
  });
});

describe("blocks react-notion-x draws as nothing become what Notion shows, or a link", () => {
  // The shapes below are the private API's (external_object_instance as recorded in notion-compat 067dd719, with
  // another service's domain; a template button's title; a block type react-notion-x has no case for).
  const page = (...children: object[]) =>
    ({
      block: {
        page: box({ id: "page", type: "page", alive: true, content: children.map((c) => (c as { id: string }).id), properties: { title: [["P"]] } }),
        ...Object.fromEntries(children.map((c) => [(c as { id: string }).id, box({ alive: true, parent_id: "page", parent_table: "block", ...c })])),
      },
      collection: {},
      collection_view: {},
      notion_user: {},
      collection_query: {},
      signed_urls: {},
    }) as unknown as ExtendedRecordMap;
  const render = (recordMap: ExtendedRecordMap) => renderToStaticMarkup(<NotionRenderer recordMap={withRewrittenBlocks(recordMap, [])} rootPageId="page" blockId="page" fullPage={false} />);
  const eoi = {
    id: "eoi",
    type: "external_object_instance",
    format: { uri: "https://www.figma.com/file/abc/Design", original_url: "https://www.figma.com/file/abc/Design", domain: "figma.com", attributes: [{ id: "title", values: ["Design system"] }] },
  };

  it("a link preview of a service react-notion-x doesn't know is a bookmark of its address with its title", () => {
    expect(renderToStaticMarkup(<NotionRenderer recordMap={page(eoi)} rootPageId="page" blockId="page" fullPage={false} />)).not.toContain("figma.com");
    expect(render(page(eoi))).toMatch(/<a[^>]+href="https:\/\/www\.figma\.com\/file\/abc\/Design"[\s\S]*Design system/);
  });

  it("a template button shows its label; an unknown block with text shows the text, with an address a link", () => {
    const html = render(page({ id: "tpl", type: "template", properties: { title: [["Add a meeting note"]] } }, { id: "unk", type: "ai_block", properties: { title: [["Summary of the week"]] } }, { id: "lnk", type: "link_preview", properties: { source: [["https://example.com/a"]] } }));
    expect(html).toContain("Add a meeting note");
    expect(html).toContain("Summary of the week");
    expect(html).toMatch(/<a[^>]+href="https:\/\/example\.com\/a"/);
  });
});
