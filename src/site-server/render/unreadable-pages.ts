import type { Block, ExtendedRecordMap } from "notion-types";
import { childPageIds } from "@/notion/fetch-site-content";
import { blockOf } from "@/notion/record-map";

/**
 * A page tree's sub-pages that the site does not publish (Notion would not let us read them: restricted, not shared,
 * or their blocks withheld) turned into plain text: their title stays where the page lists them, with no link, as
 * Notion shows a page to someone without access — never a link to a blank page or to Notion's "no access" screen.
 * Returns the same object when nothing changed.
 */
export function withPlainUnreadablePages(recordMap: ExtendedRecordMap, pageId: string, isPublished: (pageId: string) => boolean): ExtendedRecordMap {
  let changed: Record<string, unknown> | null = null;
  for (const childId of childPageIds(recordMap, pageId)) {
    const block = blockOf(recordMap, childId);
    if (!block || (block.type !== "page" && block.type !== "collection_view_page") || block.parent_table === "collection" || isPublished(childId)) continue;
    const title = (block.properties as { title?: unknown } | undefined)?.title;
    changed ??= { ...recordMap.block };
    changed[childId] = { role: "reader", value: { ...block, type: "text", properties: { title: Array.isArray(title) ? title : [] }, content: [], format: undefined } as unknown as Block };
  }
  return changed ? { ...recordMap, block: changed as ExtendedRecordMap["block"] } : recordMap;
}
