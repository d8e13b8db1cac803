import type { ExtendedRecordMap } from "notion-types";
import { describe, expect, it } from "vitest";
import { normalPageId, pagesAnEntryNames } from "@/core/changelog/pages-an-entry-names";

const ITEM = "b040a4f3-e5f9-40c6-b36c-700348e963c4";
const OTHER = "da854e29-2f8a-4b8a-96d5-2ad5f69635ff";
const block = (id: string, properties: Record<string, unknown>, content: string[] = [], type = "text") => ({ role: "reader", value: { id, type, properties, content } });
const recordMapOf = (...blocks: ReturnType<typeof block>[]) => ({ block: Object.fromEntries(blocks.map((b) => [b.value.id, b])) }) as unknown as ExtendedRecordMap;

describe("the pages a changelog entry names", () => {
  it("reads relation values and page mentions", () => {
    const names = pagesAnEntryNames(
      recordMapOf(
        block("entry", { title: [["Lumen 2.0"]], "rel:": [["‣", [["p", ITEM]]], [","], ["‣", [["p", OTHER.toUpperCase()]]]] }, ["para"], "page"),
        block("para", { title: [["See "], ["‣", [["p", ITEM]]]] }),
      ),
      "entry",
    );
    expect([...names].sort()).toEqual([ITEM, OTHER].sort());
  });

  it("reads links to Notion pages in any of their forms, and ignores other links", () => {
    const hex = ITEM.replaceAll("-", "");
    for (const url of [`https://www.notion.so/acme/Shareable-funnels-${hex}`, `https://acme.notion.site/${hex}?pvs=4`, `/${hex}`, `https://www.notion.so/${hex}#heading`]) {
      expect([...pagesAnEntryNames(recordMapOf(block("p", { title: [["the item", [["a", url]]]] })), "p")]).toEqual([ITEM]);
    }
    expect(pagesAnEntryNames(recordMapOf(block("p", { title: [["elsewhere", [["a", `https://example.com/${hex}`]]]] })), "p").size).toBe(0);
    expect(pagesAnEntryNames(null, "p").size).toBe(0);
  });

  it("reads only the entry and its body, not the pages it mentions or its sub-pages", () => {
    const mentioned = block(OTHER, { title: [["Other page mentions "], ["‣", [["p", ITEM]]]] }, [], "page");
    const subPage = block("sub", { title: [["Sub "], ["‣", [["p", ITEM]]]] }, [], "page");
    const entry = block("entry", { title: [["Entry mentions "], ["‣", [["p", OTHER]]]] }, ["sub"], "page");
    expect([...pagesAnEntryNames(recordMapOf(entry, mentioned, subPage), "entry")]).toEqual([OTHER]);
  });

  it("puts ids in one form", () => {
    expect(normalPageId(ITEM.replaceAll("-", "").toUpperCase())).toBe(ITEM);
  });
});
