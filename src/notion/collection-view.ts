import type { Collection, CollectionView, ExtendedRecordMap } from "notion-types";
import { blockOf } from "./record-map";

/** A database view's columns and rows as its page shows them: the site's cells, its Markdown and its emails read them here. */

export type Column = { key: string; name: string; type: string };
type SchemaEntry = { name?: string; type?: string };

/**
 * The columns a view shows, in its order: `format.<type>_properties` entries that are visible (older recordings:
 * `format.properties` or none — then every property of the schema, as Notion lists them).
 */
export function viewColumns(collection: Collection, view: CollectionView | undefined): Column[] {
  const schema = (collection.schema ?? {}) as Record<string, SchemaEntry>;
  const format = (view?.format ?? {}) as Record<string, unknown>;
  const listed = ((format[`${view?.type ?? "table"}_properties`] ?? format.properties) as { property: string; visible?: boolean }[] | undefined) ?? [];
  const keys = listed.length ? listed.filter((p) => p.visible !== false).map((p) => p.property) : Object.keys(schema);
  return [...new Set(keys)].filter((key) => key !== "title" && schema[key]).map((key) => ({ key, name: schema[key]!.name ?? key, type: schema[key]!.type ?? "text" }));
}

/**
 * The rows a view shows: its query's results — flat (`collection_group_results`, older `blockIds`) or grouped
 * (`results:<type>:<value>` reducers, in group order) —, else another view's, else the collection's rows in the
 * records (a recording without query results), so a view never shows empty while its rows are at hand.
 */
export function viewRowIds(recordMap: ExtendedRecordMap, collectionId: string, viewIds: string[], viewId: string): string[] {
  const resultsOf = (id: string): string[] => {
    const query = recordMap.collection_query?.[collectionId]?.[id] as unknown as Record<string, { blockIds?: string[] } | string[] | undefined> | undefined;
    if (!query) return [];
    const flat = (query.collection_group_results as { blockIds?: string[] } | undefined)?.blockIds ?? (Array.isArray(query.blockIds) ? query.blockIds : undefined);
    if (flat?.length) return flat;
    return [...new Set(Object.entries(query).flatMap(([key, value]) => (key.startsWith("results:") && value && !Array.isArray(value) ? (value.blockIds ?? []) : [])))];
  };
  for (const id of [viewId, ...viewIds.filter((v) => v !== viewId)]) {
    const ids = resultsOf(id);
    if (ids.length) return ids;
  }
  return Object.keys(recordMap.block).filter((id) => {
    const block = blockOf(recordMap, id);
    return block?.parent_table === "collection" && block.parent_id === collectionId && block.type === "page" && block.alive !== false;
  });
}

