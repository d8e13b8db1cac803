import crypto from "node:crypto";
import {
  isFullBlock,
  isFullDataSource,
  isFullPage,
  isFullUser,
  type BlockObjectResponse,
  type DataSourceObjectResponse,
  type DataSourceViewObjectResponse,
  type PageObjectResponse,
  type UserObjectResponse,
} from "@notionhq/client";
import type { ExtendedRecordMap } from "notion-types";
import { MAX_DATABASE_ROWS } from "../fetch-page";
import { blockOf, mentionedPageIds } from "../record-map";
import type { OfficialClient } from "./client";
import { CUSTOM_EMOJI_TABLE } from "../custom-emoji";
import {
  blockRecord,
  collectionRecord,
  customEmojiRecordOf,
  collectionViewRecord,
  databaseBlockRecord,
  notionUserRecord,
  pageRecord,
  rowCollectionRecord,
  userIdsIn,
  type NotionRecord,
  type RecordContext,
} from "./convert";
import { notionCall, OfficialNotionError } from "./errors";

/**
 * One Notion page (or a full-page database), whole, read through the official API and returned as the record map
 * the public path produces for the same page (fetch-page.ts): the page first, every content block below it
 * (paginated, recursively, not descending into sub-pages), each database on it with its collection, views and
 * every view's rows queried with the view's own sorts and filter (ungrouped: boards are grouped by us later), and
 * the users its people properties and mentions name. Any failure throws, so a partial page is never stored.
 */

/** Blocks read per page at most; a longer page is cut there (the API lists children 100 at a time). */
export const MAX_PAGE_BLOCKS = 5000;
/** How deep nested blocks are followed (toggles in columns in toggles…); the public path scans sub-pages to 8. */
export const MAX_BLOCK_DEPTH = 8;
const PAGE_SIZE = 100;

export type FetchOfficialPageOptions = {
  /** The connection's workspace id (from the OAuth token answer), kept as the records' space_id. */
  workspaceId?: string;
  maxBlocks?: number;
  maxDepth?: number;
  /**
   * Users already asked for, shared by the pages of one sync: every page names its author and editor, mostly the
   * same few people, and each is asked for once (a user the connection may not read is kept as null).
   */
  users?: Map<string, Promise<UserObjectResponse | null>>;
};

type Fetch = {
  client: OfficialClient;
  recordMap: ExtendedRecordMap;
  spaceId: string | undefined;
  blocksLeft: number;
  maxDepth: number;
  userIds: Set<string>;
  users: Map<string, Promise<UserObjectResponse | null>>;
  dataSources: Map<string, Promise<DataSourceObjectResponse>>;
};

const dashed = (id: string) => {
  const h = id.replace(/-/g, "").toLowerCase();
  return h.length === 32 ? `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}` : id;
};

const box = (record: NotionRecord) => ({ role: "reader" as const, value: record }) as never;

/** Puts a converted record in; `from`, the official object it came from, brings its icon's custom emoji along. */
function put(f: Fetch, table: "block" | "collection" | "collection_view" | "notion_user", record: NotionRecord, from?: unknown): void {
  (f.recordMap[table] as Record<string, unknown>)[record.id] = box(record);
  const emoji = from === undefined ? null : customEmojiRecordOf(from);
  if (emoji) ((f.recordMap as unknown as Record<string, Record<string, unknown>>)[CUSTOM_EMOJI_TABLE] ??= {})[emoji.id] = box(emoji);
}

export async function fetchOfficialPage(client: OfficialClient, pageId: string, opts: FetchOfficialPageOptions = {}): Promise<ExtendedRecordMap> {
  const id = dashed(pageId);
  const f: Fetch = {
    client,
    recordMap: { block: {}, collection: {}, collection_view: {}, notion_user: {}, collection_query: {}, signed_urls: {} },
    spaceId: opts.workspaceId,
    blocksLeft: opts.maxBlocks ?? MAX_PAGE_BLOCKS,
    maxDepth: opts.maxDepth ?? MAX_BLOCK_DEPTH,
    userIds: new Set(),
    users: opts.users ?? new Map(),
    dataSources: new Map(),
  };
  const root = await notionCall(() => client.blocks.retrieve({ block_id: id }));
  if (!isFullBlock(root)) throw new OfficialNotionError("not_shared");

  if (root.type === "child_database") {
    // The database is the page read (a site's root): a full-page database, even one that sits inline in Notion.
    const source = await addDatabase(f, root.id, contextOf(root.parent, f, []), { asRoot: true });
    for (const u of [source?.created_by, source?.last_edited_by]) if (u?.id) f.userIds.add(u.id);
  } else {
    const page = await notionCall(() => client.pages.retrieve({ page_id: id }));
    if (!isFullPage(page)) throw new OfficialNotionError("not_shared");
    // The page goes in first, as the public path's record maps have it; its content is filled in after.
    const row = rowParentOf(page.parent);
    const ctx: RecordContext = row ? { parentId: row.collectionId, parentTable: "collection", spaceId: f.spaceId, content: [] } : contextOf(page.parent, f, []);
    put(f, "block", pageRecord(page, ctx), page);
    const content = await addChildren(f, id, 0);
    const record = pageRecord(page, { ...ctx, content });
    put(f, "block", record);
    userIdsIn(record.properties, f.userIds);
    for (const u of [page.created_by, page.last_edited_by]) if (u?.id) f.userIds.add(u.id);
    // A database row carries its collection along, as the public path's ancestors do.
    if (row) {
      const source = row.dataSource ? await readableDataSource(f, row.collectionId) : null;
      put(f, "collection", source ? collectionRecord(source, row.databaseId, f.spaceId) : rowCollectionRecord(page, row.collectionId, row.databaseId, f.spaceId), source ?? undefined);
      if (source) await addRelatedDataSources(f, source);
    }
  }
  await addMentionedPages(f);
  await addUsers(f);
  return f.recordMap;
}

/**
 * The pages this page mentions but does not contain, so a mention keeps its title, as on the public path
 * (../fetch-page.ts). A page not shared with the connection stays out (the renderer writes it as plain text); any other
 * failure throws like the rest of the fetch.
 */
async function addMentionedPages(f: Fetch): Promise<void> {
  const ids = new Set(Object.keys(f.recordMap.block).flatMap((id) => mentionedPageIds(blockOf(f.recordMap, id))));
  for (const id of [...ids].filter((mentioned) => !f.recordMap.block[mentioned])) {
    const page = await notionCall(() => f.client.pages.retrieve({ page_id: id })).catch((err: unknown) => {
      if (err instanceof OfficialNotionError && (err.failure === "not_shared" || err.failure === "restricted")) return null;
      throw err;
    });
    if (page && isFullPage(page)) put(f, "block", pageRecord(page, contextOf(page.parent, f, [])), page);
  }
}

function contextOf(parent: PageObjectResponse["parent"] | BlockObjectResponse["parent"], f: Fetch, content: string[]): RecordContext {
  switch (parent.type) {
    case "page_id":
      return { parentId: parent.page_id, parentTable: "block", spaceId: f.spaceId, content };
    case "block_id":
      return { parentId: parent.block_id, parentTable: "block", spaceId: f.spaceId, content };
    case "data_source_id":
      return { parentId: parent.data_source_id, parentTable: "collection", spaceId: f.spaceId, content };
    case "database_id":
      return { parentId: parent.database_id, parentTable: "block", spaceId: f.spaceId, content };
    default:
      return { parentId: f.spaceId ?? "", parentTable: "space", spaceId: f.spaceId, content };
  }
}

/** Every child of a block, page by page, following nested blocks; returns the child ids in order. */
async function addChildren(f: Fetch, parentId: string, depth: number): Promise<string[]> {
  const children: BlockObjectResponse[] = [];
  let cursor: string | undefined;
  do {
    if (f.blocksLeft <= 0) break;
    const page = await notionCall(() => f.client.blocks.children.list({ block_id: parentId, start_cursor: cursor, page_size: PAGE_SIZE }));
    for (const block of page.results) {
      if (!isFullBlock(block) || f.blocksLeft <= 0) continue;
      f.blocksLeft -= 1;
      children.push(block);
    }
    cursor = page.has_more && page.next_cursor ? page.next_cursor : undefined;
  } while (cursor);

  // Siblings' subtrees at once: the connection's queue keeps the pace at Notion's limit.
  const converted = await Promise.all(
    children.map(async (block) => {
      const ctx: RecordContext = { parentId, parentTable: "block", spaceId: f.spaceId, content: [] };
      if (block.type === "child_database") {
        try {
          await addDatabase(f, block.id, ctx);
        } catch (err) {
          // A linked database, or one not shared with the connection (404 object_not_found) or withheld (403): the
          // page is published without it, as Notion shows it to someone without access. Its block stays, titled and
          // with no collection, so the renderer omits it and the sync lists it among the skipped (skipped-pages.ts).
          if (!(err instanceof OfficialNotionError && (err.failure === "not_shared" || err.failure === "restricted"))) throw err;
          put(f, "block", unreadableDatabaseRecord(block, ctx));
        }
        return block.id;
      }
      const goDeeper = block.has_children && block.type !== "child_page" && depth < f.maxDepth;
      ctx.content = goDeeper ? await addChildren(f, block.id, depth + 1) : [];
      const record = blockRecord(block, ctx);
      if (!record) return null;
      userIdsIn(record.properties, f.userIds);
      put(f, "block", record, block);
      return block.id;
    }),
  );
  return converted.filter((id): id is string => Boolean(id));
}

/** A child database the connection may not read: its title only, no collection (the public path's linked database we may not read). */
function unreadableDatabaseRecord(block: BlockObjectResponse & { type: "child_database" }, ctx: RecordContext): NotionRecord {
  const record = databaseBlockRecord({ id: block.id, is_inline: true, icon: null, created_time: block.created_time, last_edited_time: block.last_edited_time }, "", [], ctx);
  return { ...record, collection_id: undefined, format: undefined, properties: { title: [[block.child_database.title]] } } as NotionRecord;
}

/**
 * A page's parent when the page is a database row: its data source (the collection) and database. A page object
 * from before API version 2025-09-03 names only the database; its id then stands for the collection's.
 */
function rowParentOf(parent: PageObjectResponse["parent"]): { collectionId: string; databaseId: string; dataSource: boolean } | null {
  if (parent.type === "data_source_id") return { collectionId: parent.data_source_id, databaseId: parent.database_id, dataSource: true };
  if (parent.type === "database_id") return { collectionId: parent.database_id, databaseId: parent.database_id, dataSource: false };
  return null;
}

/** A row's data source, or null when the connection may not read it (the row is shared, its database is not). */
/**
 * The databases a row's relations point at, as the public path's records carry them along with the related pages: a
 * rollup over a relation is computed from the target property's type and number format (rollups.ts), which only the
 * target's schema gives. One the connection can't read is left out (the rollup cell shows Notion's own value then).
 */
async function addRelatedDataSources(f: Fetch, source: DataSourceObjectResponse): Promise<void> {
  for (const prop of Object.values(source.properties ?? {})) {
    const target = prop.type === "relation" ? (prop as { relation?: { data_source_id?: string } }).relation?.data_source_id : undefined;
    if (!target || target === source.id || f.recordMap.collection?.[target]) continue;
    const related = await readableDataSource(f, target);
    const databaseId = related?.parent.type === "database_id" ? related.parent.database_id : undefined;
    if (related && databaseId) put(f, "collection", collectionRecord(related, databaseId, f.spaceId), related);
  }
}

async function readableDataSource(f: Fetch, id: string): Promise<DataSourceObjectResponse | null> {
  try {
    return await dataSource(f, id);
  } catch (err) {
    if (err instanceof OfficialNotionError && (err.failure === "not_shared" || err.failure === "restricted")) return null;
    throw err;
  }
}

function dataSource(f: Fetch, id: string): Promise<DataSourceObjectResponse> {
  let pending = f.dataSources.get(id);
  if (!pending) {
    pending = notionCall(() => f.client.dataSources.retrieve({ data_source_id: id })).then((source) => {
      if (!isFullDataSource(source)) throw new OfficialNotionError("not_shared");
      return source;
    });
    f.dataSources.set(id, pending);
  }
  return pending;
}

/** A database's block, collection (its first data source), views, and each view's rows. */
async function addDatabase(f: Fetch, databaseId: string, ctx: RecordContext, opts: { asRoot?: boolean } = {}): Promise<DataSourceObjectResponse | null> {
  const database = await notionCall(() => f.client.databases.retrieve({ database_id: databaseId }));
  if (!("data_sources" in database)) throw new OfficialNotionError("not_shared");
  // A database with several data sources shows its first here: the record map has one collection per database block.
  const first = database.data_sources[0];
  if (!first) {
    put(f, "block", databaseBlockRecord(database, "", [], ctx, opts), database);
    return null;
  }
  const source = await dataSource(f, first.id);
  const views = await viewsOf(f, databaseId, source.id);
  put(f, "collection", collectionRecord(source, databaseId, f.spaceId), source);
  for (const view of views) put(f, "collection_view", collectionViewRecord(view, source, databaseId, f.spaceId));
  put(f, "block", databaseBlockRecord(database, source.id, views.map((v) => v.id), ctx, opts), database);

  const queries = new Map<string, Promise<PageObjectResponse[]>>();
  for (const view of views) {
    const sorts = (view.sorts ?? []) as never[];
    const filter = view.filter ?? undefined;
    const key = JSON.stringify({ sorts, filter });
    if (!queries.has(key)) queries.set(key, queryRows(f, source.id, sorts, filter));
    const rows = await queries.get(key)!;
    for (const row of rows) {
      const record = pageRecord(row, { parentId: source.id, parentTable: "collection", spaceId: f.spaceId, content: [] });
      put(f, "block", record, row);
      userIdsIn(record.properties, f.userIds);
    }
    f.recordMap.collection_query[source.id] = {
      ...f.recordMap.collection_query[source.id],
      [view.id]: { collection_group_results: { type: "results", blockIds: rows.map((r) => r.id), hasMore: rows.length >= MAX_DATABASE_ROWS } } as never,
    };
  }
  return source;
}

type ViewLike = Pick<DataSourceViewObjectResponse, "id" | "name" | "type" | "sorts" | "filter" | "configuration">;

/**
 * The database's views of this data source, in Notion's order; when Notion lists none, one table view in the
 * query's order. Views of the database's other data sources, and dashboards (views of views, with no data source
 * of their own), are not this data source's.
 */
async function viewsOf(f: Fetch, databaseId: string, dataSourceId: string): Promise<ViewLike[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await notionCall(() => f.client.views.list({ database_id: databaseId, start_cursor: cursor, page_size: PAGE_SIZE }));
    ids.push(...page.results.map((v) => v.id));
    cursor = page.has_more && page.next_cursor ? page.next_cursor : undefined;
  } while (cursor);
  const views = await Promise.all(ids.map((viewId) => notionCall(() => f.client.views.retrieve({ view_id: viewId }))));
  const full = views.filter((v): v is DataSourceViewObjectResponse => "name" in v && v.type !== "dashboard" && (!v.data_source_id || v.data_source_id === dataSourceId));
  if (full.length) return full;
  const id = crypto.createHash("sha1").update(`view:${databaseId}`).digest("hex");
  return [{ id: dashed(id.slice(0, 32)), name: "Table", type: "table", sorts: [], filter: null, configuration: null }];
}

async function queryRows(f: Fetch, dataSourceId: string, sorts: never[], filter: unknown): Promise<PageObjectResponse[]> {
  const rows: PageObjectResponse[] = [];
  let cursor: string | undefined;
  do {
    const page = await notionCall(() =>
      f.client.dataSources.query({
        data_source_id: dataSourceId,
        sorts,
        ...(filter ? { filter: filter as never } : {}),
        start_cursor: cursor,
        page_size: Math.min(PAGE_SIZE, MAX_DATABASE_ROWS - rows.length),
      }),
    );
    for (const result of page.results) if (isFullPage(result)) rows.push(result);
    cursor = page.has_more && page.next_cursor && rows.length < MAX_DATABASE_ROWS ? page.next_cursor : undefined;
  } while (cursor);
  return rows;
}

/** notion_user records for the users named; a user the connection may not read is left out (rendered as unknown). */
async function addUsers(f: Fetch): Promise<void> {
  await Promise.all(
    [...f.userIds].map(async (id) => {
      let user = f.users.get(id);
      if (!user) {
        user = notionCall(() => f.client.users.retrieve({ user_id: id })).then(
          (found) => (isFullUser(found) ? found : null),
          (err: unknown) => {
            if (err instanceof OfficialNotionError && (err.failure === "not_shared" || err.failure === "restricted")) return null;
            throw err;
          },
        );
        f.users.set(id, user);
        // A failure is not remembered: the next page asks again (and this one fails, like the rest of the fetch).
        user.catch(() => f.users.delete(id));
      }
      const found = await user;
      if (found) put(f, "notion_user", notionUserRecord(found));
    }),
  );
}
