import { getPageContentBlockIds } from "notion-utils";
import type { SnapshotPage } from "./fetch-site-content";
import { childPageIds } from "./fetch-site-content";
import { blockOf, collectionIdOf, collectionOf, collectionTitle, pageTitle } from "./record-map";

/**
 * What a sync left out because Notion would not let us read it: a sub-page that is restricted, not shared, or whose
 * blocks all came back without access ("page"), and a database on a page we published whose records we may not read
 * — linked from elsewhere, or not shared with the connection ("database"). The owner sees the list on the site's
 * screen; visitors see such a page's title without a link and no trace of such a database, as Notion shows them to
 * someone without access.
 */
export type SkippedPage = { id: string; title: string; kind: "page" | "database"; parentId: string; parentTitle: string };

/** At most this many are kept: a workspace sharing nothing below its top page would list hundreds. */
export const MAX_SKIPPED_LISTED = 200;

/** The pages and databases the snapshot's pages show but could not be read, in reading order; none twice. */
export function skippedPagesOf(pages: Map<string, SnapshotPage>): SkippedPage[] {
  const skipped = new Map<string, SkippedPage>();
  for (const page of pages.values()) {
    const { recordMap, pageId } = page;
    const self = blockOf(recordMap, pageId);
    const parentTitle = pageTitle(self) || (self ? collectionTitle(collectionOf(recordMap, collectionIdOf(recordMap, self) ?? "")) : "") || "Untitled";
    for (const childId of childPageIds(recordMap, pageId)) {
      if (pages.has(childId) || skipped.has(childId)) continue;
      skipped.set(childId, { id: childId, title: pageTitle(blockOf(recordMap, childId)) || "Untitled", kind: "page", parentId: pageId, parentTitle });
    }
    for (const blockId of getPageContentBlockIds(recordMap, pageId)) {
      const block = blockOf(recordMap, blockId);
      if (!block || (block.type !== "collection_view" && block.type !== "collection_view_page") || skipped.has(blockId)) continue;
      if (collectionReadable(recordMap, blockId)) continue;
      skipped.set(blockId, { id: blockId, title: pageTitle(block) || "Untitled database", kind: "database", parentId: pageId, parentTitle });
    }
  }
  return [...skipped.values()].slice(0, MAX_SKIPPED_LISTED);
}

function collectionReadable(recordMap: SnapshotPage["recordMap"], blockId: string): boolean {
  const block = blockOf(recordMap, blockId);
  const collectionId = block ? collectionIdOf(recordMap, block) : undefined;
  return Boolean(collectionId && collectionOf(recordMap, collectionId));
}
