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

/** A block's comment threads and their comments, as Notion sends them with the page. */
function putDiscussions(store: Store, out: RecordMapOut, block: NotionRecord): void {
  for (const discussionId of (block.discussions as string[] | undefined) ?? []) {
    const discussion = store.records.discussion.get(discussionId);
    if (!discussion) continue;
    put(out, "discussion", discussion);
    for (const commentId of (discussion.comments as string[] | undefined) ?? []) {
      const comment = store.records.comment.get(commentId);
      if (comment) put(out, "comment", comment);
    }
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
  putDiscussions(store, recordMap, root);
  const order = contentOrder(store, root);
  const included = order.slice(0, Math.max(0, limit));
  for (const id of included) {
    const block = readableBlock(store, id);
    if (!block) continue;
    put(recordMap, "block", block);
    putCollectionRecords(store, recordMap, block);
    putDiscussions(store, recordMap, block);
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
/** What notion-client asks for in `loader.reducers`: results lists, counts and board groups, each maybe filtered. */
export type Reducer = { type?: string; limit?: number; filter?: unknown; aggregation?: { aggregator?: string }; groupBy?: { property?: string } };

/** Rows of a collection: in the order recorded query results give them (plain, or one list per group), then any other row pages. */
function rowIds(store: Store, collectionId: string, viewId: string): string[] {
  const recorded = store.collectionQuery[collectionId]?.[viewId] as Record<string, { blockIds?: string[] } | string[] | undefined> | undefined;
  const fromRecorded = Object.entries(recorded ?? {}).flatMap(([name, r]) => (Array.isArray(r) ? (name === "blockIds" ? r : []) : (r?.blockIds ?? [])));
  const rows = new Set(fromRecorded.filter((id) => readableBlock(store, id)));
  for (const block of store.records.block.values()) {
    if (block.parent_table === "collection" && block.parent_id === collectionId && block.alive !== false && block.is_template !== true) {
      rows.add(block.id);
    }
  }
  return [...rows];
}

/** A row's property as plain text ("" when empty), the way Notion compares it in filters. */
function propertyText(row: NotionRecord, property: string): string {
  const value = (row.properties as Record<string, unknown[][]> | undefined)?.[property];
  return Array.isArray(value) ? value.map((chunk) => (Array.isArray(chunk) ? String(chunk[0] ?? "") : "")).join("") : "";
}

type Filter = { property?: string; filter?: { operator?: string; value?: { value?: unknown } }; filters?: Filter[]; operator?: string };

/** The filters notion-client sends for board groups (enum_is, enum_contains, checkbox_is, string_starts_with, is_empty). */
function matches(row: NotionRecord, filter: Filter | undefined): boolean {
  if (!filter) return true;
  if (Array.isArray(filter.filters)) {
    const results = filter.filters.map((f) => matches(row, f));
    return filter.operator === "or" ? results.some(Boolean) : results.every(Boolean);
  }
  if (!filter.property || !filter.filter) return true;
  const text = propertyText(row, filter.property);
  const wanted = filter.filter.value?.value;
  switch (filter.filter.operator) {
    case "is_empty":
      return text === "";
    case "enum_is":
      return text === String(wanted);
    case "enum_contains":
      return text.split(",").includes(String(wanted));
    case "checkbox_is":
      return (text === "Yes") === Boolean(wanted);
    case "string_starts_with":
      return text.startsWith(String(wanted));
    default:
      // notion-client names no operator for status groups: the group's value is what it asks for.
      return wanted === undefined || text.split(",").includes(String(wanted));
  }
}

/** Answers each reducer the client asked for, as Notion does: a filtered list, a count, or the board's groups. */
function answerReducers(rows: NotionRecord[], reducers: Record<string, Reducer>, schema: Record<string, { type?: string }>): { results: ReducerResults; shown: Set<string> } {
  const results: ReducerResults = {};
  const shown = new Set<string>();
  for (const [name, reducer] of Object.entries(reducers)) {
    const matching = rows.filter((row) => matches(row, reducer.filter as Filter | undefined));
    if (reducer.type === "results") {
      const ids = matching.slice(0, reducer.limit ?? 999).map((row) => row.id);
      for (const id of ids) shown.add(id);
      results[name] = { type: "results", blockIds: ids, hasMore: matching.length > ids.length };
    } else if (reducer.type === "aggregation") {
      results[name] = { type: "aggregation", aggregationResult: { type: "number", value: matching.length } };
    } else if (reducer.type === "groups") {
      const property = reducer.groupBy?.property;
      const type = property ? schema[property]?.type : undefined;
      const values = [...new Set(matching.flatMap((row) => (property ? propertyText(row, property) : "").split(",")).filter(Boolean))];
      results[name] = {
        type: "groups",
        results: values.map((value) => ({ value: { type, value }, aggregationResult: { type: "number", value: matching.filter((row) => property && propertyText(row, property).split(",").includes(value)).length } })),
      };
    }
  }
  return { results, shown };
}

export function queryCollection(
  store: Store,
  collectionId: string,
  viewId: string,
  reducers: Record<string, Reducer> | undefined,
): { result: { type: "reducer"; reducerResults: ReducerResults; sizeHint: number }; collectionIds: string[]; recordMap: RecordMapOut } | null {
  const collection = store.records.collection.get(collectionId);
  if (!collection) return null;
  const rows = rowIds(store, collectionId, viewId).map((id) => readableBlock(store, id)!);
  const asked = reducers && Object.keys(reducers).length ? reducers : { collection_group_results: { type: "results", limit: 999 } };
  const { results, shown } = answerReducers(rows, asked, (collection.schema ?? {}) as Record<string, { type?: string }>);
  const recordMap = newRecordMap();
  put(recordMap, "collection", collection);
  const view = store.records.collection_view.get(viewId);
  if (view) put(recordMap, "collection_view", view);
  const shownRows = rows.filter((row) => shown.has(row.id));
  for (const row of shownRows) put(recordMap, "block", row);
  putMentionedUsers(store, recordMap, shownRows);
  return { result: { type: "reducer", reducerResults: results, sizeHint: rows.length }, collectionIds: [collectionId], recordMap };
}

/** Signed URLs point back at the stand-in's /files/<id>/<name>, with an expiry like Notion's: two uploads that share a name stay two files. */
export function signFileUrls(baseUrl: string, urls: { url: string; permissionRecord?: { id?: string } }[]): { signedUrls: (string | null)[] } {
  const expires = Date.now() + 60 * 60 * 1000;
  return {
    signedUrls: urls.map(({ url, permissionRecord }) => {
      const file = fileKeyOf(url);
      if (!file) return null;
      const params = new URLSearchParams({ table: "block", id: permissionRecord?.id ?? "", expirationTimestamp: String(expires), signature: "stub" });
      const path = [file.id, file.name].filter((part): part is string => Boolean(part)).map(encodeURIComponent).join("/");
      return `${baseUrl}/files/${path}?${params}`;
    }),
  };
}

/**
 * The upload a file URL names: attachment:<id>:<name>, legacy S3 URLs (…/secure.notion-static.com/<id>/<name>) and
 * our own /files/[<id>/]<name> URLs. The id is what tells apart uploads with the same name.
 */
export function fileKeyOf(url: string): { id: string | null; name: string } | null {
  if (url.startsWith("attachment:")) {
    const [, id, ...rest] = url.split(":");
    const name = rest.join(":");
    return name ? { id: id || null, name } : null;
  }
  try {
    const parts = new URL(url).pathname.split("/").filter(Boolean).map(decodeURIComponent);
    const name = parts.at(-1);
    if (!name) return null;
    const parent = parts.at(-2);
    return { id: parent && parent !== "files" ? parent : null, name };
  } catch {
    return null;
  }
}
