import path from "node:path";
import type { ExtendedRecordMap } from "notion-types";
import { loadStore } from "../../tools/notion-stub/store";
import { REAL } from "../fixtures/real/corpus";

/** Every record of the real private-API recordings (tests/fixtures/real/SOURCES.md) as one record map, for renderers. */
export function recordedRecordMap(): ExtendedRecordMap {
  const store = loadStore(path.join(REAL, "private"));
  const boxed = (map: Map<string, unknown>) => Object.fromEntries([...map].map(([id, value]) => [id, { role: "reader", value }]));
  return {
    block: boxed(store.records.block),
    collection: boxed(store.records.collection),
    collection_view: boxed(store.records.collection_view),
    notion_user: boxed(store.records.notion_user),
    collection_query: store.collectionQuery,
    signed_urls: {},
  } as unknown as ExtendedRecordMap;
}
