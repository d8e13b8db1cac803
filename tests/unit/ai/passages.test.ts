import { describe, expect, it } from "vitest";
import type { ExtendedRecordMap } from "notion-types";
import { MAX_PASSAGE_CHARS, splitPassages } from "@/core/ai/split-passages";
import { toQuestionQuery } from "@/core/ai/retrieve-passages";

/** A record map with one page and its blocks, as notion-client returns it. */
function pageOf(blocks: { type: string; text?: string; content?: string[]; id?: string }[]): ExtendedRecordMap {
  const block: Record<string, unknown> = {};
  const ids = blocks.map((b, i) => b.id ?? `b${i}`);
  block.page = { value: { id: "page", type: "page", properties: { title: [["Guide"]] }, content: ids.filter((id) => !id.startsWith("child")) } };
  blocks.forEach((b, i) => {
    block[ids[i]!] = { value: { id: ids[i], type: b.type, properties: b.text === undefined ? undefined : { title: [[b.text]] }, content: b.content } };
  });
  return { block, collection: {}, collection_view: {}, notion_user: {}, collection_query: {}, signed_urls: {} } as unknown as ExtendedRecordMap;
}

describe("splitPassages", () => {
  it("starts a passage at each heading; text before the first heading belongs to the page", () => {
    const map = pageOf([
      { type: "text", text: "Welcome to the guide." },
      { type: "header", text: "Install" },
      { type: "text", text: "Run the installer." },
      { type: "bulleted_list", text: "On macOS use brew." },
      { type: "sub_header", text: "Empty section" },
      { type: "sub_header", text: "Configure" },
      { type: "text", text: "Edit config.json." },
    ]);
    expect(splitPassages(map, "page")).toEqual([
      { heading: "", text: "Welcome to the guide." },
      { heading: "Install", text: "Run the installer.\n- On macOS use brew." },
      { heading: "Configure", text: "Edit config.json." },
    ]);
  });

  it("skips sub-pages (their own passages) and walks nested blocks", () => {
    const map = pageOf([
      { type: "toggle", text: "More", content: ["child1"] },
      { id: "child1", type: "text", text: "Nested detail." },
      { type: "page", text: "A sub-page" },
    ]);
    expect(splitPassages(map, "page")).toEqual([{ heading: "", text: "More\nNested detail." }]);
  });

  it("fences code blocks, so an answer can show them as code", () => {
    const map = pageOf([{ type: "text", text: "Track a download:" }, { type: "code", text: 'lumen.track("Downloaded report")\n  .send()' }]);
    expect(splitPassages(map, "page")).toEqual([{ heading: "", text: 'Track a download:\n```\nlumen.track("Downloaded report")\n  .send()\n```' }]);
  });

  it("cuts long sections at block boundaries and huge blocks at the size limit", () => {
    const para = "word ".repeat(200).trim();
    const map = pageOf([{ type: "header", text: "Long" }, ...Array.from({ length: 4 }, () => ({ type: "text", text: para })), { type: "text", text: "x".repeat(MAX_PASSAGE_CHARS * 2 + 10) }]);
    const passages = splitPassages(map, "page");
    expect(passages.every((p) => p.heading === "Long" && p.text.length <= MAX_PASSAGE_CHARS)).toBe(true);
    expect(passages.map((p) => p.text).join("").replace(/\n/g, "").length).toBe(para.length * 4 + MAX_PASSAGE_CHARS * 2 + 10);
  });
});

describe("toQuestionQuery", () => {
  it.each([
    ["How do I send custom events?", "send:* | custom:* | events:*"],
    ["What's Next.js?", "next:* | js:*"],
    ["how can i?", null],
    ["", null],
    ["Installation installation INSTALLATION", "installation:*"],
  ])("%j → %j", (question, expected) => {
    expect(toQuestionQuery(question)).toBe(expected);
  });
});
