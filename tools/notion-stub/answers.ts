import { boxRecord, noAccessBox, readableBlock, type NotionRecord, type Store, type Table } from "./store";

/** Builds Notion-shaped answers from the store. Pure: no HTTP here, so each endpoint is easy to test. */

type BoxMap = Record<string, unknown>;
type RecordMapOut = Partial<Record<Table, BoxMap>> & { __version__: number };

function newRecordMap(): RecordMapOut {
  return { __version__: 3 };
}

function put(out: RecordMapOut, table: Table, record: NotionRecord): void {
  (out[table] ??= {})[record.id] = boxRecord(record);
}

function collectionIdOf(store: Store, block: NotionRecord): string | undefined {
  if (typeof block.collection_id === "string") return block.collection_id;
  const pointer = (block.format as { collection_pointer?: { id?: string } } | undefined)?.collection_pointer?.id;
  if (pointer) return pointer;
  const firstView = (block.view_ids as string[] | undefined)?.[0];
  const view = firstView ? store.records.collection_view.get(firstView) : undefined;
  return (view?.format as { collection_pointer?: { id?: string } } | undefined)?.collection_pointer?.id;
}

/** Collection and views for a collection_view(_page) block, so the client can query it. */
function putCollectionRecords(store: Store, out: RecordMapOut, block: NotionRecord): void {
  if (block.type !== "collection_view" && block.type !== "collection_view_page") return;
  const collectionId = collectionIdOf(store, block);
  const collection = collectionId ? store.records.collection.get(collectionId) : undefined;
  if (collection) put(out, "collection", collection);
  for (const viewId of (block.view_ids as string[] | undefined) ?? []) {
    const view = store.records.collection_view.get(viewId);
    if (view) put(out, "collection_view", view);
  }
}

/** Parent chain: parent pages, and for database rows the collection and its block. */
function putAncestors(store: Store, out: RecordMapOut, block: NotionRecord): void {
  let current: NotionRecord | undefined = block;
  for (let depth = 0; current && depth < 50; depth++) {
    const parentId = current.parent_id as string | undefined;
    const parentTable = current.parent_table as string | undefined;
    if (!parentId) break;
    if (parentTable === "collection") {
      const collection = store.records.collection.get(parentId);
      if (!collection) break;
      put(out, "collection", collection);
      current = collection;
    } else if (parentTable === "block") {
      const parent = readableBlock(store, parentId);
      if (!parent) break;
      put(out, "block", parent);
      putCollectionRecords(store, out, parent);
      current = parent;
    } else {
      const space = store.records.space.get(parentId);
      if (space) put(out, "space", space);
      break;
    }
  }
}

/** notion_user records named by person properties and user mentions (`["u", id]`) of these blocks. */
function putMentionedUsers(store: Store, out: RecordMapOut, blocks: NotionRecord[]): void {
  const text = JSON.stringify(blocks.map((b) => b.properties ?? null));
  for (const match of text.matchAll(/\["u","([0-9a-f-]{36})"\]/g)) {
    const user = store.records.notion_user.get(match[1]!);
    if (user) put(out, "notion_user", user);
  }
}

/** Page content in document order, not descending into sub-pages (their content is another page's chunk). */
function contentOrder(store: Store, root: NotionRecord): string[] {
  const order: string[] = [];
  const seen = new Set<string>([root.id]);
  const visit = (block: NotionRecord) => {
    for (const childId of (block.content as string[] | undefined) ?? []) {
      if (seen.has(childId)) continue;
      seen.add(childId);
      order.push(childId);
      const child = store.records.block.get(childId);
      const isSubPage = child?.type === "page" || child?.type === "collection_view_page";
      if (child && !isSubPage) visit(child);
    }
  };
  visit(root);
  return order;
}

export function loadPageChunk(store: Store, pageId: string, limit: number): { cursor: { stack: unknown[] }; recordMap: RecordMapOut } {
  const recordMap = newRecordMap();
  const root = readableBlock(store, pageId);
  if (!root) {
    recordMap.block = { [pageId]: noAccessBox() };
    return { cursor: { stack: [] }, recordMap };
  }
  // The requested page comes first: notion-client relies on it.
  put(recordMap, "block", root);
  putCollectionRecords(store, recordMap, root);
  const order = contentOrder(store, root);
  const included = order.slice(0, Math.max(0, limit));
  for (const id of included) {
    const block = readableBlock(store, id);
    if (!block) continue;
    put(recordMap, "block", block);
    putCollectionRecords(store, recordMap, block);
  }
  putAncestors(store, recordMap, root);
  putMentionedUsers(store, recordMap, [root, ...included.map((id) => readableBlock(store, id)).filter((b): b is NotionRecord => Boolean(b))]);
  for (const id of [root.created_by_id, root.last_edited_by_id]) {
    const user = typeof id === "string" ? store.records.notion_user.get(id) : undefined;
    if (user) put(recordMap, "notion_user", user);
  }
  const more = order.length > included.length;
  const stack = more ? [[{ table: "block", id: pageId, index: included.length }]] : [];
  return { cursor: { stack }, recordMap };
}

export function syncRecordValues(store: Store, requests: { table: string; id: string }[]): { recordMap: RecordMapOut } {
  const recordMap = newRecordMap();
  for (const { table, id } of requests) {
    const t = table as Table;
    const record = t === "block" ? readableBlock(store, id) : store.records[t]?.get(id);
    (recordMap[t] ??= {})[id] = record ? boxRecord(record) : noAccessBox();
  }
  return { recordMap };
}

type ReducerResults = Record<string, unknown>;

/** Rows of a collection, in the order the data gives them (query results when recorded, else row pages). */
function rowIds(store: Store, collectionId: string, viewId: string): string[] {
  const recorded = store.collectionQuery[collectionId]?.[viewId] as
    | { collection_group_results?: { blockIds?: string[] }; blockIds?: string[] }
    | undefined;
  const fromRecorded = recorded?.collection_group_results?.blockIds ?? recorded?.blockIds;
  if (fromRecorded?.length) return fromRecorded.filter((id) => readableBlock(store, id));
  const rows: string[] = [];
  for (const block of store.records.block.values()) {
    if (block.parent_table === "collection" && block.parent_id === collectionId && block.alive !== false && block.is_template !== true) {
      rows.push(block.id);
    }
  }
  return rows;
}

export function queryCollection(
  store: Store,
  collectionId: string,
  viewId: string,
  limit: number,
): { result: { type: "reducer"; reducerResults: ReducerResults; sizeHint: number }; collectionIds: string[]; recordMap: RecordMapOut } | null {
  const collection = store.records.collection.get(collectionId);
  if (!collection) return null;
  const ids = rowIds(store, collectionId, viewId);
  const shown = ids.slice(0, limit);
  const recordMap = newRecordMap();
  put(recordMap, "collection", collection);
  const view = store.records.collection_view.get(viewId);
  if (view) put(recordMap, "collection_view", view);
  for (const id of shown) put(recordMap, "block", readableBlock(store, id)!);
  putMentionedUsers(store, recordMap, shown.map((id) => readableBlock(store, id)!));
  const recorded = store.collectionQuery[collectionId]?.[viewId] as ReducerResults | undefined;
  // Recorded grouped results (boards) are passed through as they were; otherwise the plain results reducer.
  const reducerResults: ReducerResults =
    recorded && !("collection_group_results" in recorded) && Object.keys(recorded).length
      ? recorded
      : { collection_group_results: { type: "results", blockIds: shown, hasMore: ids.length > shown.length } };
  return { result: { type: "reducer", reducerResults, sizeHint: ids.length }, collectionIds: [collectionId], recordMap };
}

/** Signed URLs point back at the stand-in's /files/, with an expiry like Notion's. */
export function signFileUrls(baseUrl: string, urls: { url: string; permissionRecord?: { id?: string } }[]): { signedUrls: (string | null)[] } {
  const expires = Date.now() + 60 * 60 * 1000;
  return {
    signedUrls: urls.map(({ url, permissionRecord }) => {
      const name = fileNameOf(url);
      if (!name) return null;
      const params = new URLSearchParams({ table: "block", id: permissionRecord?.id ?? "", expirationTimestamp: String(expires), signature: "stub" });
      return `${baseUrl}/files/${encodeURIComponent(name)}?${params}`;
    }),
  };
}

/** attachment:<id>:<name>, legacy S3 URLs and our own /files/ URLs all map to a file name in DIR/files. */
export function fileNameOf(url: string): string | null {
  if (url.startsWith("attachment:")) return url.split(":").slice(2).join(":") || null;
  try {
    const parsed = new URL(url);
    const last = parsed.pathname.split("/").filter(Boolean).at(-1);
    return last ? decodeURIComponent(last) : null;
  } catch {
    return null;
  }
}
