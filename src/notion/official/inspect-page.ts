import type { NotionPageInspection } from "@/lib/notion-page-rules";
import { blockOf, collectionIdOf, collectionOf, databaseBlockOf, viewOf } from "../record-map";
import type { OfficialClient } from "./client";
import { OfficialNotionError } from "./errors";
import { fetchOfficialPage } from "./fetch-page";

const NOT_SHARED: NotionPageInspection = { state: "private", isCollection: false, collectionType: null, properties: [] };

/**
 * The page check (docs/product.md §5) on a connected page: the same inspection as the public path's, read through
 * the official API. "private" here means the page is not shared with the connection. Other failures throw.
 */
export async function inspectOfficialPage(client: OfficialClient, pageId: string, opts: { workspaceId?: string } = {}): Promise<NotionPageInspection> {
  let recordMap;
  try {
    recordMap = await fetchOfficialPage(client, pageId, { workspaceId: opts.workspaceId });
  } catch (err) {
    if (err instanceof OfficialNotionError && err.failure === "not_shared") return NOT_SHARED;
    throw err;
  }
  const root = blockOf(recordMap, pageId);
  if (!root) return NOT_SHARED;
  const database = databaseBlockOf(recordMap, root);
  if (!database) return { state: "valid", isCollection: false, collectionType: null, properties: [] };
  const viewId = (database as { view_ids?: string[] }).view_ids?.[0];
  const view = viewId ? viewOf(recordMap, viewId) : undefined;
  const collectionId = collectionIdOf(recordMap, database);
  const schema = ((collectionId ? collectionOf(recordMap, collectionId) : undefined)?.schema ?? {}) as Record<string, { name?: string; type?: string }>;
  return {
    state: "valid",
    isCollection: true,
    collectionType: view?.type ?? null,
    properties: Object.values(schema)
      .map((p) => ({ name: String(p?.name ?? ""), ...(p?.type ? { type: String(p.type) } : {}) }))
      .filter((p) => p.name),
  };
}
