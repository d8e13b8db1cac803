import fs from "node:fs";
import path from "node:path";

/**
 * The stand-in's records, merged from getPage() outputs (CONTRACTS §5). Boxes are unwrapped on load so either
 * wrapper era works as input; answers use the current `{spaceId, value:{value, role}}` box.
 */
export type NotionRecord = { id: string; [key: string]: unknown };
export type Table = "block" | "collection" | "collection_view" | "notion_user" | "space" | "discussion" | "comment" | "custom_emoji";
export const TABLES: Table[] = ["block", "collection", "collection_view", "notion_user", "space", "discussion", "comment", "custom_emoji"];

type QueryResults = Record<string, Record<string, unknown>>; // collectionId → viewId → reducerResults

export type Store = {
  records: Record<Table, Map<string, NotionRecord>>;
  collectionQuery: QueryResults;
  files: string | null;
};

/** Takes `.value` until the object has an id (both wrapper eras); null for `{role:"none"}` boxes. */
export function unbox(box: unknown): NotionRecord | null {
  let current = box as Record<string, unknown> | undefined;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    if (typeof current.id === "string") return current as NotionRecord;
    current = current.value as Record<string, unknown> | undefined;
  }
  return null;
}

export function boxRecord(record: NotionRecord): { spaceId: string | undefined; value: { value: NotionRecord; role: string } } {
  return { spaceId: record.space_id as string | undefined, value: { value: record, role: "reader" } };
}

const UNKNOWN_SPACE = "00000000-0000-0000-0000-000000000000";

/** What Notion answers for a record the caller may not read. */
export function noAccessBox(): { spaceId: string; value: { role: "none" } } {
  return { spaceId: UNKNOWN_SPACE, value: { role: "none" } };
}

export function emptyStore(): Store {
  return {
    records: { block: new Map(), collection: new Map(), collection_view: new Map(), notion_user: new Map(), space: new Map(), discussion: new Map(), comment: new Map(), custom_emoji: new Map() },
    collectionQuery: {},
    files: null,
  };
}

/** Adds one getPage()-shaped record map (or a `{recordMap}` response) to the store. */
export function addRecordMap(store: Store, input: unknown): void {
  const obj = (input ?? {}) as Record<string, unknown>;
  const recordMap = (obj.recordMap && typeof obj.recordMap === "object" ? obj.recordMap : obj) as Record<string, unknown>;
  for (const table of TABLES) {
    const map = recordMap[table] as Record<string, unknown> | undefined;
    if (!map || typeof map !== "object") continue;
    for (const [id, box] of Object.entries(map)) {
      const record = unbox(box);
      if (record) store.records[table].set(id, record);
    }
  }
  const query = recordMap.collection_query as QueryResults | undefined;
  if (query && typeof query === "object") {
    for (const [collectionId, views] of Object.entries(query)) {
      store.collectionQuery[collectionId] = { ...store.collectionQuery[collectionId], ...views };
    }
  }
}

export function loadStore(dataDir: string): Store {
  const store = emptyStore();
  const files = fs
    .readdirSync(dataDir)
    .filter((f) => f.endsWith(".json") && f !== "index.json")
    .sort();
  for (const file of files) {
    addRecordMap(store, JSON.parse(fs.readFileSync(path.join(dataDir, file), "utf8")));
  }
  const filesDir = path.join(dataDir, "files");
  store.files = fs.existsSync(filesDir) ? filesDir : null;
  return store;
}

/** Readable = present and not archived; `alive:false` blocks are treated like missing ones (CONTRACTS §6). */
export function readableBlock(store: Store, id: string): NotionRecord | null {
  const block = store.records.block.get(id);
  return block && block.alive !== false ? block : null;
}
