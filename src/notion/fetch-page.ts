import type { Block, CollectionView, ExtendedRecordMap } from "notion-types";
import { getPageContentBlockIds } from "notion-utils";
import { CUSTOM_EMOJI_TABLE, customEmojiId, customEmojiRefsOf } from "./custom-emoji";
import { fetchRecords } from "./inspect-page";
import { NotionRequestError, type NotionGateway } from "./notion-gateway";
import { blockOf, collectionIdOf, collectionOf, isDatabaseBlock, mentionedPageIds, viewOf, type RecordMapLike } from "./record-map";

/** Rows per database query; more than this many posts in one database are not shown. */
export const MAX_DATABASE_ROWS = 999;

/**
 * One Notion page, whole: every block (back-filled past the first chunk) and, for each database on it, every view
 * queried ungrouped — boards are grouped by us later (docs/contracts.md §6: notion-client's grouped loader has no `status`
 * operator and throws on null groups). Files are not signed here: the image route signs on demand. Any failure
 * throws, so a partial page is never stored.
 */
export async function fetchWholePage(gateway: NotionGateway, pageId: string): Promise<ExtendedRecordMap> {
  let recordMap: ExtendedRecordMap;
  try {
    recordMap = await gateway.getPage(pageId, { fetchCollections: false, signFileUrls: false, fetchMissingBlocks: true });
  } catch (err) {
    if (err instanceof NotionRequestError) throw err;
    // notion-client throws a plain Error when the chunk has no block table at all.
    throw new NotionRequestError({ kind: "private" }, "loadPageChunk", err);
  }
  const root = blockOf(recordMap, pageId);
  if (!root) throw new NotionRequestError({ kind: "private" }, "loadPageChunk");
  // Notion gave the page but none of the blocks it lists (each answered {role:"none"}): a page we may not read whose
  // record came along with its parent's. Published, it would be a blank page; it is left out like any private page.
  const content = root.content ?? [];
  if (content.length && content.every((id) => !blockOf(recordMap, id))) throw new NotionRequestError({ kind: "private" }, "loadPageChunk");

  return withDatabasesAndReferences(gateway, recordMap, pageId);
}

/**
 * A page read before, its databases queried again: for a poll where Notion said the page, its databases' blocks,
 * collections and views are unchanged (page-source.ts), so only the rows can differ — new, removed or edited rows show
 * up in the query, not in those records. The previous query results and rows are dropped first.
 */
export async function requeryDatabases(gateway: NotionGateway, pageId: string, previous: ExtendedRecordMap): Promise<ExtendedRecordMap> {
  const queried = new Set(databasesOn(previous, pageId).flatMap((d) => (d.collectionId ? [d.collectionId] : [])));
  const block = Object.fromEntries(
    Object.entries(previous.block).filter(([id]) => {
      const row = blockOf(previous, id);
      return !(row?.parent_table === "collection" && queried.has(row.parent_id));
    }),
  );
  const recordMap: ExtendedRecordMap = {
    ...previous,
    block,
    collection: { ...previous.collection },
    collection_view: { ...previous.collection_view },
    notion_user: { ...previous.notion_user },
    collection_query: {},
  };
  return withDatabasesAndReferences(gateway, recordMap, pageId);
}

/** A page chunk made whole: its databases' rows, the pages it mentions, its relations' collections, its custom emoji. */
async function withDatabasesAndReferences(gateway: NotionGateway, recordMap: ExtendedRecordMap, pageId: string): Promise<ExtendedRecordMap> {
  for (const { block } of databasesOn(recordMap, pageId)) await addDatabase(gateway, recordMap, block.id);
  await addMentionedPages(gateway, recordMap);
  await addRelatedCollections(gateway, recordMap);
  await addCustomEmojis(gateway, recordMap);
  return recordMap;
}

/** The databases a page shows (full-page or inline), in content order, with their collection and views as it names them. */
export function databasesOn(recordMap: ExtendedRecordMap, pageId: string): { block: Block; collectionId: string | undefined; viewIds: string[] }[] {
  return getPageContentBlockIds(recordMap, pageId).flatMap((blockId) => {
    const block = blockOf(recordMap, blockId);
    if (!block || !isDatabaseBlock(block)) return [];
    return [{ block, collectionId: collectionIdOf(recordMap, block), viewIds: (block as { view_ids?: string[] }).view_ids ?? [] }];
  });
}

/**
 * The custom emoji the page's icons name (custom-emoji.ts), in one request when the chunk left them out. Notion
 * refusing them (4xx) leaves those icons out; any other failure fails the page, as every read does.
 */
async function addCustomEmojis(gateway: NotionGateway, recordMap: ExtendedRecordMap): Promise<void> {
  const tables = recordMap as unknown as Record<string, Record<string, unknown> | undefined>;
  const missing = [...new Set(customEmojiRefsOf(recordMap).map((ref) => customEmojiId(ref)!))].filter((id) => !tables[CUSTOM_EMOJI_TABLE]?.[id]);
  if (!missing.length) return;
  const table = (tables[CUSTOM_EMOJI_TABLE] ??= {});
  let more: Record<string, unknown> = {};
  try {
    more = ((await fetchRecords(gateway, missing.map((id) => ({ table: CUSTOM_EMOJI_TABLE, id })))) as Record<string, unknown>)[CUSTOM_EMOJI_TABLE] as Record<string, unknown> ?? {};
  } catch (err) {
    if (!(err instanceof NotionRequestError && err.failure.kind === "private")) throw err;
  }
  for (const id of missing) if (more[id]) table[id] = more[id];
}

/**
 * The collections of the databases this page's relations point at (rollups read their target property's type and
 * number format there), when the page holds none of them.
 */
async function addRelatedCollections(gateway: NotionGateway, recordMap: ExtendedRecordMap): Promise<void> {
  const wanted = new Set<string>();
  for (const id of Object.keys(recordMap.collection ?? {})) {
    const schema = (collectionOf(recordMap, id)?.schema ?? {}) as Record<string, { type?: string; collection_id?: unknown }>;
    for (const column of Object.values(schema)) {
      if (column?.type === "relation" && typeof column.collection_id === "string") wanted.add(column.collection_id);
    }
  }
  const missing = [...wanted].filter((id) => !collectionOf(recordMap, id));
  if (!missing.length) return;
  // A database we may not read (Notion refusing it) only leaves its rollups empty.
  const more = await fetchRecords(gateway, missing.map((id) => ({ table: "collection" as const, id }))).catch((err: unknown) => {
    if (err instanceof NotionRequestError && err.failure.kind === "private") return { block: {} } as RecordMapLike;
    throw err;
  });
  for (const id of missing) if (collectionOf(more, id)) recordMap.collection[id] = more.collection![id]!;
}

/**
 * The blocks of pages this page mentions but does not contain (a changelog mentioning a blog post), so a mention keeps
 * its title. Only public pages come back readable; the renderer writes the others as plain text.
 */
async function addMentionedPages(gateway: NotionGateway, recordMap: ExtendedRecordMap): Promise<void> {
  const ids = new Set(Object.keys(recordMap.block).flatMap((id) => mentionedPageIds(blockOf(recordMap, id))));
  const missing = [...ids].filter((id) => !blockOf(recordMap, id));
  if (!missing.length) return;
  const more = await fetchRecords(gateway, missing.map((id) => ({ table: "block" as const, id })));
  for (const id of missing) {
    const block = blockOf(more, id);
    if (block) recordMap.block[id] = { role: "reader", value: block } as ExtendedRecordMap["block"][string];
  }
}

async function addDatabase(gateway: NotionGateway, recordMap: ExtendedRecordMap, blockId: string): Promise<void> {
  const block = blockOf(recordMap, blockId)!;
  const viewIds = (block as { view_ids?: string[] }).view_ids ?? [];
  const missingViews = viewIds.filter((id) => !viewOf(recordMap, id));
  let collectionId = collectionIdOf(recordMap, block);
  if (missingViews.length || !collectionId || !collectionOf(recordMap, collectionId)) {
    const more = await fetchRecords(gateway, [
      ...missingViews.map((id) => ({ table: "collection_view" as const, id })),
      ...(collectionId ? [{ table: "collection" as const, id: collectionId }] : []),
    ]);
    Object.assign(recordMap.collection_view, more.collection_view);
    Object.assign(recordMap.collection, more.collection);
    collectionId ??= collectionIdOf(recordMap, block);
  }
  if (!collectionId || !collectionOf(recordMap, collectionId)) return; // a linked database we may not read

  for (const viewId of viewIds) {
    const view = viewOf(recordMap, viewId);
    if (!view) continue;
    const data = await gateway.getCollectionData(collectionId, viewId, ungrouped(view), {
      limit: MAX_DATABASE_ROWS,
      spaceId: (block as { space_id?: string }).space_id,
    });
    const rm = data.recordMap as Partial<ExtendedRecordMap>;
    Object.assign(recordMap.block, rm.block);
    Object.assign(recordMap.collection, rm.collection);
    Object.assign(recordMap.collection_view, rm.collection_view);
    Object.assign(recordMap.notion_user, rm.notion_user);
    recordMap.collection_query[collectionId] = {
      ...recordMap.collection_query[collectionId],
      [viewId]: (data.result as { reducerResults?: unknown } | undefined)?.reducerResults as never,
    };
  }
}

/** The view as notion-client sees it when loading: no board/group columns, so it asks for plain results. */
function ungrouped(view: CollectionView): CollectionView {
  const format = { ...(view.format as Record<string, unknown> | undefined) };
  delete format.board_columns_by;
  delete format.collection_group_by;
  return { ...view, type: "table", format } as unknown as CollectionView;
}

/** Row ids of a database view in the order Notion returned them. */
export function databaseRowIds(recordMap: ExtendedRecordMap, collectionId: string, viewId: string): string[] {
  const results = recordMap.collection_query?.[collectionId]?.[viewId] as
    | { collection_group_results?: { blockIds?: string[] }; blockIds?: string[] }
    | undefined;
  return results?.collection_group_results?.blockIds ?? results?.blockIds ?? [];
}
