import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ExtendedRecordMap } from "notion-types";
import { contentHashOf, type SnapshotPage } from "@/notion/fetch-site-content";
import { siteModelOf, type DatabaseSiteModel } from "@/site-model/site-model";
import { hasBlockedWord } from "@/core/comments/comment-rules";

/**
 * The owner turns comments off for one entry with a "Comments off" checkbox property in Notion. The demo blog's
 * recorded "Hidden" checkbox shows the private API's shape of a ticked box (`[["Yes"]]`); the same shape is given to a
 * "Comments off" property added to its schema.
 */

const WORKSPACE = path.resolve(import.meta.dirname, "../../../tools/notion-stub/workspace");
const index = JSON.parse(fs.readFileSync(path.join(WORKSPACE, "index.json"), "utf8")) as Record<string, string>;
const idOf = (url: string) => {
  const h = /([0-9a-f]{32})$/.exec(url)![1]!;
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};
type Box = { value: { value: Record<string, unknown> } };

function blogWithCommentsOff(ticked: (rowIndex: number) => boolean): DatabaseSiteModel {
  const rootId = idOf(index.blog!);
  const recordMap = JSON.parse(fs.readFileSync(path.join(WORKSPACE, "blog.json"), "utf8")) as ExtendedRecordMap;
  const collection = (Object.values(recordMap.collection)[0] as unknown as Box).value.value as { schema: Record<string, unknown> };
  collection.schema.cmof = { name: "Comments off", type: "checkbox" };
  const rows = Object.entries(recordMap.block)
    .map(([id, box]) => ({ id, value: (box as unknown as Box).value.value as { parent_table?: string; properties?: Record<string, unknown> } }))
    .filter((b) => b.value.parent_table === "collection");
  rows.forEach((row, i) => {
    if (ticked(i)) row.value.properties = { ...row.value.properties, cmof: [["Yes"]] };
  });
  const root = (recordMap.block[rootId] as unknown as { value: { value: { collection_id: string; view_ids: string[] } } }).value.value;
  recordMap.collection_query = { [root.collection_id]: { [root.view_ids[0]!]: { collection_group_results: { type: "results", blockIds: rows.map((r) => r.id) } } } } as never;
  const page: SnapshotPage = { pageId: rootId, parentPageId: null, recordMap, lastEditedTime: 0, contentHash: contentHashOf(recordMap) };
  const snapshot = { siteId: "s", version: 1, syncedAt: null, lastAttemptAt: null, lastError: null, lastEditedAt: 0, pages: new Map([[rootId, page]]) };
  return siteModelOf({ siteType: "blog", notionPageId: rootId, settings: { versions: [] } }, snapshot, new Date("2026-11-20T12:00:00Z")) as DatabaseSiteModel;
}

describe("comments per entry", () => {
  it("are off for an entry whose 'Comments off' box is ticked, and on for the others", () => {
    const model = blogWithCommentsOff((i) => i % 2 === 0);
    const off = model.entries.filter((e) => e.commentsOff);
    expect(off.length).toBeGreaterThan(0);
    expect(off.length).toBeLessThan(model.entries.length);
    expect(blogWithCommentsOff(() => false).entries.every((e) => !e.commentsOff)).toBe(true);
  });
});

describe("the owner's keyword list", () => {
  it("matches whole words in any case, phrases too, and nothing inside a longer word", () => {
    expect(hasBlockedWord("Best CASINO here", ["casino"])).toBe(true);
    expect(hasBlockedWord("casinos are a topic", ["casino"])).toBe(false);
    expect(hasBlockedWord("buy cheap pills now", ["cheap pills"])).toBe(true);
    expect(hasBlockedWord("a (special) offer", ["special"])).toBe(true);
    expect(hasBlockedWord("anything", ["", "  "])).toBe(false);
    expect(hasBlockedWord("Ünïcode wörd here", ["wörd"])).toBe(true);
  });
});
