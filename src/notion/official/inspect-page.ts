import { isFullBlock, isFullDataSource, type DataSourceViewObjectResponse } from "@notionhq/client";
import type { NotionPageInspection } from "@/lib/notion-page-rules";
import type { OfficialClient } from "./client";
import { collectionRecord } from "./convert";
import { notionCall, OfficialNotionError } from "./errors";

const NOT_SHARED: NotionPageInspection = { state: "private", isCollection: false, collectionType: null, properties: [] };
const PLAIN_PAGE: NotionPageInspection = { state: "valid", isCollection: false, collectionType: null, properties: [] };

/**
 * The page check (docs/product.md §5) on a connected page: the same inspection as the public path's, read through
 * the official API. "private" here means the page is not shared with the connection. Other failures throw.
 *
 * Only what the rules judge is read, never the page's content or a database's rows, so the check costs the same few
 * requests on a page of ten blocks or a database of a thousand rows: the block itself; for a page, its first child
 * (a page whose first block is a database is judged as that database, as on the public path); for a database, the
 * database, its first data source (the properties) and its views up to the first one of that data source (the type).
 */
export async function inspectOfficialPage(client: OfficialClient, pageId: string, opts: { workspaceId?: string } = {}): Promise<NotionPageInspection> {
  try {
    const root = await notionCall(() => client.blocks.retrieve({ block_id: pageId }));
    if (!isFullBlock(root) || root.in_trash) return NOT_SHARED;
    if (root.type === "child_database") return await inspectDatabase(client, root.id, opts.workspaceId);
    if (!root.has_children) return PLAIN_PAGE;
    const first = (await notionCall(() => client.blocks.children.list({ block_id: root.id, page_size: 1 }))).results[0];
    return first && isFullBlock(first) && first.type === "child_database" ? await inspectDatabase(client, first.id, opts.workspaceId) : PLAIN_PAGE;
  } catch (err) {
    if (err instanceof OfficialNotionError && err.failure === "not_shared") return NOT_SHARED;
    throw err;
  }
}

async function inspectDatabase(client: OfficialClient, databaseId: string, workspaceId: string | undefined): Promise<NotionPageInspection> {
  const database = await notionCall(() => client.databases.retrieve({ database_id: databaseId }));
  if (!("data_sources" in database)) return NOT_SHARED;
  const first = database.data_sources[0];
  if (!first) return { state: "valid", isCollection: true, collectionType: null, properties: [] };
  const source = await notionCall(() => client.dataSources.retrieve({ data_source_id: first.id }));
  if (!isFullDataSource(source)) return NOT_SHARED;
  // The schema as the record map has it (the public path's property types), so the rules compare like with like.
  const schema = (collectionRecord(source, databaseId, workspaceId).schema ?? {}) as Record<string, { name?: string; type?: string }>;
  return {
    state: "valid",
    isCollection: true,
    collectionType: (await firstViewType(client, databaseId, source.id)) ?? "table",
    properties: Object.values(schema)
      .map((p) => ({ name: String(p?.name ?? ""), ...(p?.type ? { type: String(p.type) } : {}) }))
      .filter((p) => p.name),
  };
}

/** The type of the database's first view of this data source; null when Notion lists none (the sync then shows a table). */
async function firstViewType(client: OfficialClient, databaseId: string, dataSourceId: string): Promise<string | null> {
  const { results } = await notionCall(() => client.views.list({ database_id: databaseId, page_size: 100 }));
  for (const { id } of results) {
    const view = await notionCall(() => client.views.retrieve({ view_id: id }));
    if ("type" in view && (!(view as DataSourceViewObjectResponse).data_source_id || (view as DataSourceViewObjectResponse).data_source_id === dataSourceId)) return view.type;
  }
  return null;
}
