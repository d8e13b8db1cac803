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
