import fs from "node:fs";
import path from "node:path";
import type { ExtendedRecordMap } from "notion-types";
import { describe, expect, it } from "vitest";
import { viewRowIds } from "@/site-server/property-values";

/** Which rows a database view shows, from the query shapes Notion has answered with. */
const API = path.resolve(import.meta.dirname, "../../../../shared/notion-fixtures/NotionX__react-notion-x/packages/notion-client/api");
// A real grouped answer (a list view grouped by created time): `results:created_time:<month>` reducers, no flat list.
const response = JSON.parse(fs.readFileSync(path.join(API, "response.json"), "utf8")) as { collection: { id: string }; collectionView: { id: string }; collectionData: Record<string, { type: string; blockIds?: string[] }> };
const map = (query: object, block: object = {}) => ({ block, collection: {}, collection_view: {}, notion_user: {}, collection_query: query, signed_urls: {} }) as unknown as ExtendedRecordMap;

describe("viewRowIds", () => {
  const collectionId = response.collection.id;
  const viewId = response.collectionView.id;

  it("reads a grouped answer's rows in group order", () => {
    const expected = Object.entries(response.collectionData).filter(([key]) => key.startsWith("results:")).flatMap(([, r]) => r.blockIds ?? []);
    expect(expected.length).toBeGreaterThan(10);
    expect(viewRowIds(map({ [collectionId]: { [viewId]: response.collectionData } }), collectionId, [viewId], viewId)).toEqual(expected);
  });

  it("uses another view's rows when the view has none, then the collection's rows in the records", () => {
    const flat = { collection_group_results: { type: "results", blockIds: ["a", "b"] } };
    expect(viewRowIds(map({ [collectionId]: { other: flat } }), collectionId, [viewId, "other"], viewId)).toEqual(["a", "b"]);
    const row = (id: string, alive = true) => ({ role: "reader", value: { id, type: "page", parent_id: collectionId, parent_table: "collection", alive } });
    expect(viewRowIds(map({}, { r1: row("r1"), r2: row("r2", false), x: { role: "reader", value: { id: "x", type: "text", parent_id: collectionId, parent_table: "block" } } }), collectionId, [viewId], viewId)).toEqual(["r1"]);
  });
});
