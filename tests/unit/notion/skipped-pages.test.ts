import fs from "node:fs";
import path from "node:path";
import type { ExtendedRecordMap } from "notion-types";
import { describe, expect, it } from "vitest";
import { contentHashOf, type SnapshotPage } from "@/notion/fetch-site-content";
import { blockOf } from "@/notion/record-map";
import { skippedPagesOf } from "@/notion/skipped-pages";
import { withPlainUnreadablePages } from "@/site-server/render/unreadable-pages";

/** react-notion-x's "Notion Kit Test Suite" as recorded by its maintainer (MIT; tests/fixtures/real-h2/SOURCES.md). */
const RECORDING = path.resolve(import.meta.dirname, "../../fixtures/real-h2/notion-kit/067dd719a912471ea9a3ac10710e7fdf.json");
const ROOT = "067dd719-a912-471e-a9a3-ac10710e7fdf";
const BASIC_BLOCKS = "0be6efce-9daf-4268-8f65-c76b89f8eb27";

const recordMap = JSON.parse(fs.readFileSync(RECORDING, "utf8")) as ExtendedRecordMap;
const page = (pageId: string, map: ExtendedRecordMap, parentPageId: string | null = null): SnapshotPage => ({ pageId, parentPageId, recordMap: map, lastEditedTime: 0, contentHash: contentHashOf(map) });

describe("skippedPagesOf", () => {
  it("lists the sub-pages a page shows that the snapshot could not read, with the page that shows them", () => {
    const skipped = skippedPagesOf(new Map([[ROOT, page(ROOT, recordMap)]]));
    expect(skipped).toHaveLength(22);
    expect(skipped[0]).toEqual({ id: BASIC_BLOCKS, title: "Basic Blocks", kind: "page", parentId: ROOT, parentTitle: "Notion Kit Test Suite" });
    expect(skipped.map((s) => s.title)).toContain("YouTube");
  });

  it("leaves out what the snapshot holds", () => {
    const pages = new Map([[ROOT, page(ROOT, recordMap)], [BASIC_BLOCKS, page(BASIC_BLOCKS, recordMap, ROOT)]]);
    const skipped = skippedPagesOf(pages);
    expect(skipped).toHaveLength(21);
    expect(skipped.map((s) => s.id)).not.toContain(BASIC_BLOCKS);
  });

  it("lists a database whose records could not be read", () => {
    const withDatabase: ExtendedRecordMap = {
      ...recordMap,
      block: {
        ...recordMap.block,
        [ROOT]: { role: "reader", value: { ...blockOf(recordMap, ROOT)!, content: [...(blockOf(recordMap, ROOT)!.content ?? []), "db"] } },
        db: { role: "reader", value: { id: "db", type: "collection_view", parent_id: ROOT, parent_table: "block", alive: true, view_ids: [], properties: { title: [["Linked roadmap"]] } } },
      } as never,
    };
    const skipped = skippedPagesOf(new Map([[ROOT, page(ROOT, withDatabase)]]));
    expect(skipped.at(-1)).toEqual({ id: "db", title: "Linked roadmap", kind: "database", parentId: ROOT, parentTitle: "Notion Kit Test Suite" });
  });
});

describe("withPlainUnreadablePages", () => {
  it("turns sub-pages the site does not publish into their title as text, and keeps published ones", () => {
    const rewritten = withPlainUnreadablePages(recordMap, ROOT, (id) => id === BASIC_BLOCKS);
    expect(blockOf(rewritten, BASIC_BLOCKS)?.type).toBe("page");
    const youtube = blockOf(rewritten, "7cac0f41-5bd4-438a-95fd-a8871f02e9ad")!;
    expect(youtube.type).toBe("text");
    expect(youtube.properties).toEqual({ title: [["YouTube"]] });
    expect(youtube.content).toEqual([]);
    // The recording itself is left as it was.
    expect(blockOf(recordMap, "7cac0f41-5bd4-438a-95fd-a8871f02e9ad")?.type).toBe("page");
  });

  it("returns the same record map when every sub-page is published", () => {
    expect(withPlainUnreadablePages(recordMap, ROOT, () => true)).toBe(recordMap);
  });
});
