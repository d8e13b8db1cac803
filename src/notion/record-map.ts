import type { Block, Collection, CollectionView, ExtendedRecordMap } from "notion-types";
import { getBlockCollectionId, getBlockValue, getTextContent } from "notion-utils";

/**
 * Reading records out of a record map, whichever box era it came in. The box of a record we may not read is
 * `{role:"none"}` (or `{value:{role:"none"}}`): getBlockValue returns undefined for it.
 */

export type RecordMapLike = Pick<ExtendedRecordMap, "block"> & Partial<ExtendedRecordMap>;

export function blockOf(recordMap: RecordMapLike, id: string): Block | undefined {
  const block = getBlockValue(recordMap.block?.[id]) as Block | undefined;
  return block && (block as { alive?: boolean }).alive !== false ? block : undefined;
}

export function collectionOf(recordMap: RecordMapLike, id: string): Collection | undefined {
  return getBlockValue(recordMap.collection?.[id]) as Collection | undefined;
}

export function viewOf(recordMap: RecordMapLike, id: string): CollectionView | undefined {
  return getBlockValue(recordMap.collection_view?.[id]) as CollectionView | undefined;
}

export const isDatabaseBlock = (block: Block | undefined): boolean =>
  block?.type === "collection_view_page" || block?.type === "collection_view";

/** The database of a page (docs/contracts.md §6): the page itself, or its first content block. */
export function databaseBlockOf(recordMap: RecordMapLike, page: Block): Block | undefined {
  if (page.type === "collection_view_page") return page;
  const firstId = page.content?.[0];
  const first = firstId ? blockOf(recordMap, firstId) : undefined;
  return first?.type === "collection_view" ? first : undefined;
}

export function collectionIdOf(recordMap: RecordMapLike, block: Block): string | undefined {
  return getBlockCollectionId(block, recordMap as ExtendedRecordMap) ?? undefined;
}

export function pageTitle(block: Block | undefined): string {
  const title = (block?.properties as { title?: unknown } | undefined)?.title;
  return title ? getTextContent(title as Parameters<typeof getTextContent>[0]).trim() : "";
}

/** A database's own name (full-page databases keep their title on the collection, not the block). */
export function collectionTitle(collection: Collection | undefined): string {
  const name = (collection as { name?: unknown } | undefined)?.name;
  return name ? getTextContent(name as Parameters<typeof getTextContent>[0]).trim() : "";
}

/** Milliseconds; Notion sends numbers, some exports ISO strings. */
export function lastEditedOf(block: Block | undefined): number {
  const value = (block as { last_edited_time?: number | string } | undefined)?.last_edited_time;
  if (typeof value === "number") return value;
  const parsed = typeof value === "string" ? Date.parse(value) : NaN;
  return Number.isNaN(parsed) ? 0 : parsed;
}

type RichText = [string, [string, unknown?][]?][];

/** Ids of the pages a block's text mentions (`["‣", [["p", id]]]`, or a plain `["p", id]` decoration). */
export function mentionedPageIds(block: Block | undefined): string[] {
  const ids: string[] = [];
  for (const value of Object.values((block?.properties as Record<string, unknown> | undefined) ?? {})) {
    if (!Array.isArray(value)) continue;
    for (const [, decorations] of value as RichText) {
      for (const d of Array.isArray(decorations) ? decorations : []) {
        if (d[0] === "p" && typeof d[1] === "string") ids.push(d[1]);
      }
    }
  }
  return ids;
}
