import type { ExtendedRecordMap } from "notion-types";
import { parsePageId } from "notion-utils";
import type { NotionPageInspection } from "@/lib/notion-page-rules";
import { NotionRequestError, type NotionGateway } from "./notion-gateway";
import { blockOf, collectionIdOf, collectionOf, databaseBlockOf, viewOf, type RecordMapLike } from "./record-map";

/** The page id in a Notion URL (or a bare id), dashed; null when there is none. */
export function notionPageIdFromUrl(url: string): string | null {
  return parsePageId(url.trim(), { uuid: true }) ?? null;
}

const PRIVATE: NotionPageInspection = { state: "private", isCollection: false, collectionType: null, properties: [] };

/** Fetches records the page chunk left out (Notion omits a database's collection at times, and custom emoji). */
export async function fetchRecords(
  gateway: NotionGateway,
  requests: { table: "block" | "collection" | "collection_view" | "custom_emoji"; id: string }[],
): Promise<RecordMapLike> {
  if (!requests.length) return { block: {} };
  const res = await gateway.fetch<{ recordMap?: RecordMapLike }>({
    endpoint: "syncRecordValuesMain",
    body: { requests: requests.map((r) => ({ ...r, version: -1 })) },
  });
  return { block: {}, ...res.recordMap };
}

/**
 * Page inspection (docs/product.md §3, §7; docs/contracts.md §6): public = the root block is readable; private = Notion said 4xx, the
 * block is missing, boxed as role "none" or archived; invalid_url = no page id in the URL. Other failures throw.
 */
export async function inspectNotionPage(gateway: NotionGateway, url: string): Promise<NotionPageInspection> {
  const pageId = notionPageIdFromUrl(url);
  if (!pageId) return { ...PRIVATE, state: "invalid_url" };
  let recordMap: RecordMapLike;
  try {
    const chunk = await gateway.getPageRaw(pageId, { chunkLimit: 10 });
    recordMap = (chunk?.recordMap ?? { block: {} }) as RecordMapLike;
  } catch (err) {
    if (err instanceof NotionRequestError && err.failure.kind === "private") return PRIVATE;
    throw err;
  }
  const root = blockOf(recordMap, pageId);
  if (!root) return PRIVATE;
  const database = databaseBlockOf(recordMap, root);
  if (!database) return { state: "valid", isCollection: false, collectionType: null, properties: [] };

  const viewId = (database as { view_ids?: string[] }).view_ids?.[0];
  let view = viewId ? viewOf(recordMap, viewId) : undefined;
  let collectionId = collectionIdOf(recordMap, database);
  let collection = collectionId ? collectionOf(recordMap, collectionId) : undefined;
  if ((viewId && !view) || !collection) {
    const more = await fetchRecords(gateway, [
      ...(viewId && !view ? [{ table: "collection_view" as const, id: viewId }] : []),
      ...(collectionId && !collection ? [{ table: "collection" as const, id: collectionId }] : []),
    ]);
    const merged = { ...recordMap, collection: { ...recordMap.collection, ...more.collection }, collection_view: { ...recordMap.collection_view, ...more.collection_view } };
    view = viewId ? viewOf(merged, viewId) : undefined;
    collectionId ??= collectionIdOf(merged as ExtendedRecordMap, database);
    collection = collectionId ? collectionOf(merged, collectionId) : undefined;
  }
  const schema = (collection?.schema ?? {}) as Record<string, { name?: string; type?: string }>;
  return {
    state: "valid",
    isCollection: true,
    collectionType: view?.type ?? null,
    properties: Object.values(schema)
      .map((p) => ({ name: String(p?.name ?? ""), ...(p?.type ? { type: String(p.type) } : {}) }))
      .filter((p) => p.name),
  };
}
