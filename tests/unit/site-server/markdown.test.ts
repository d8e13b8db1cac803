import { describe, expect, it } from "vitest";
import type { ExtendedRecordMap } from "notion-types";
import { pageToMarkdown } from "@/site-server/markdown";
import { videoFacadeOf, videoFacades } from "@/site-server/render/video-facade";
import { withPlainMissingMentions } from "@/site-server/render/mentions";

const box = (value: object) => ({ value, role: "reader" });
const links = { pageUrl: () => null, imageUrl: () => null };
const recordMapOf = (block: Record<string, unknown>) =>
  ({ block, collection: {}, collection_view: {}, collection_query: {}, notion_user: {}, signed_urls: {} }) as unknown as ExtendedRecordMap;

describe("pageToMarkdown", () => {
  it("keeps a simple table recorded without a column order", () => {
    const recordMap = recordMapOf({
      p: box({ id: "p", type: "page", properties: { title: [["Prices"]] }, content: ["t"] }),
      t: box({ id: "t", type: "table", format: { table_block_column_header: true }, content: ["r1", "r2"] }),
      r1: box({ id: "r1", type: "table_row", properties: { a1: [["Plan"]], b2: [["Price"]] } }),
      r2: box({ id: "r2", type: "table_row", properties: { a1: [["Team"]], b2: [["$29"]] } }),
    });
    expect(pageToMarkdown(recordMap, "p", links)).toBe("# Prices\n\n| Plan | Price |\n| --- | --- |\n| Team | $29 |\n");
  });
});

describe("mentions of pages outside the site", () => {
  const PUBLIC_ID = "7e1e5e08-f03b-451e-8be2-a689ce56a717";
  const PRIVATE_ID = "4b945de8-e8ba-4dfc-8683-659915c051f1";
  const recordMap = recordMapOf({
      p: box({ id: "p", type: "page", properties: { title: [["Release"]] }, content: ["t"] }),
      t: box({ id: "t", type: "text", properties: { title: [["See "], ["‣", [["p", PUBLIC_ID]]], [" and "], ["‣", [["p", PRIVATE_ID]]], ["."]] } }),
      // A public page outside the site: its block came with the page (src/notion/fetch-page.ts).
      [PUBLIC_ID]: box({ id: PUBLIC_ID, type: "page", properties: { title: [["Introducing Lumen 2.0"]] } }),
  });

  it("links a public page to Notion and writes an unreadable one as words, never an empty gap (Markdown)", () => {
    expect(pageToMarkdown(recordMap, "p", links)).toBe(
      "# Release\n\nSee [Introducing Lumen 2.0](https://www.notion.so/7e1e5e08f03b451e8be2a689ce56a717) and a private Notion page.\n",
    );
  });

  it("turns only the unreadable mention into plain text for the HTML renderer", () => {
    const title = (withPlainMissingMentions(recordMap).block.t!.value as { properties: { title: unknown } }).properties.title;
    expect(title).toEqual([["See "], ["‣", [["p", PUBLIC_ID]]], [" and "], ["a private Notion page"], ["."]]);
    const withoutMissing = { ...recordMap, block: { ...recordMap.block, [PRIVATE_ID]: box({ id: PRIVATE_ID, type: "page" }) } } as unknown as ExtendedRecordMap;
    expect(withPlainMissingMentions(withoutMissing)).toBe(withoutMissing);
  });
});

describe("video facades", () => {
  it("knows YouTube, Vimeo and Loom addresses, and nothing else", () => {
    expect(videoFacadeOf("https://youtu.be/aqz-KE-bpKQ")?.embedUrl).toBe("https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1");
    expect(videoFacadeOf("https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=10")?.thumbnail).toBe("https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg");
    expect(videoFacadeOf("https://vimeo.com/76979871")?.embedUrl).toBe("https://player.vimeo.com/video/76979871?autoplay=1");
    expect(videoFacadeOf("https://www.loom.com/share/0281766fa2d04bb788eaf19e65135184")?.watchUrl).toBe("https://www.loom.com/share/0281766fa2d04bb788eaf19e65135184");
    expect(videoFacadeOf("https://example.com/watch?v=aqz-KE-bpKQ")).toBeNull();
    expect(videoFacadeOf("javascript:alert(1)")).toBeNull();
  });

  it("turns a rendered player iframe into a facade link and leaves other iframes alone", () => {
    const player = '<iframe class="notion-asset-object-fit" style="width:100%" src="https://player.vimeo.com/video/76979871?autoplay=1" title="iframe embed" frameBorder="0"></iframe>';
    const other = '<iframe class="notion-asset-object-fit" src="https://codepen.io/x" title="iframe embed"></iframe>';
    expect(videoFacades(player + other, (provider) => `Play video on ${provider}`)).toBe(
      '<a class="video-facade notion-asset-object-fit" style="width:100%" href="https://vimeo.com/76979871" data-video="https://player.vimeo.com/video/76979871?autoplay=1" aria-label="Play video on Vimeo"><span class="video-play" aria-hidden="true"></span></a>' +
        other,
    );
  });
});
