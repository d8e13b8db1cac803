import crypto from "node:crypto";
import stableStringify from "safe-stable-stringify";
import type { Block, ExtendedRecordMap } from "notion-types";
import { SITE_TYPE_INFO, type SiteType } from "@/lib/site-types";
import { databaseRowIds } from "./fetch-page";
import type { PageSource } from "./page-source";
import { blockOf, collectionIdOf, databaseBlockOf, lastEditedOf } from "./record-map";

/** One page of a site's snapshot. */
export type SnapshotPage = {
  pageId: string;
  parentPageId: string | null;
  recordMap: ExtendedRecordMap;
  lastEditedTime: number;
  /** sha256 of the record map in canonical JSON: tells a refetched page that did not really change. */
  contentHash: string;
};

export type ContentFetch = {
  /** Every page the site shows now, fetched or reused. */
  pages: Map<string, SnapshotPage>;
  /** Ids fetched from Notion in this run (new or changed). */
  fetched: string[];
  /** Ids of the previous snapshot that are gone. */
  removed: string[];
};

/** Bounds so one huge workspace can't run away with a refresh. */
export const MAX_SITE_PAGES = 2000;
export const MAX_TREE_DEPTH = 10;

type Input = {
  siteType: SiteType;
  /** The site's page, and for docsv2 the version roots configured apart from it. */
  rootPageIds: string[];
  previous: Map<string, SnapshotPage>;
  /**
   * Pages Notion told us changed (a webhook): only these, and pages not seen before, are fetched; the others are
   * reused without asking Notion for their edit times. A database site's root is always fetched (its query is the
   * rows' source of truth).
   */
  changedPageIds?: ReadonlySet<string>;
};

/**
 * Fetches what a site of this type shows (docs/product.md D3), incrementally: roots always, and a row or sub-page only
 * when Notion's last_edited_time differs from the previous snapshot's. Database sites read rows' times from the
 * query; page trees ask for the current times of all known sub-pages in batches. Throws on any failure.
 */
export async function fetchSiteContent(source: PageSource, { siteType, rootPageIds, previous, changedPageIds }: Input): Promise<ContentFetch> {
  const pages = new Map<string, SnapshotPage>();
  const fetched: string[] = [];
  const isDatabaseSite = SITE_TYPE_INFO[siteType].model === "database";

  const fetchPage = async (pageId: string, parentPageId: string | null) => {
    const recordMap = await source.fetchPage(pageId);
    const page = { pageId, parentPageId, recordMap, lastEditedTime: lastEditedOf(blockOf(recordMap, pageId)), contentHash: contentHashOf(recordMap) };
    pages.set(pageId, page);
    fetched.push(pageId);
    return page;
  };

  // A sub-page or row that is no longer readable was unshared or deleted: it leaves the site. Anything else fails.
  const fetchChild = async (pageId: string, parentPageId: string) => {
    try {
      return await fetchPage(pageId, parentPageId);
    } catch (err) {
      if (source.isGone(err)) return null;
      throw err;
    }
  };

  const roots: SnapshotPage[] = [];
  for (const rootId of unique(rootPageIds)) {
    const before = previous.get(rootId);
    const reuse = changedPageIds && !isDatabaseSite && before && !changedPageIds.has(rootId);
    if (reuse) pages.set(rootId, before);
    roots.push(reuse ? before : await fetchPage(rootId, null));
  }

  if (isDatabaseSite) {
    const root = roots[0]!;
    // All rows at once: the gateway's process-wide queue keeps Notion at ≤ 3 requests in flight.
    await Promise.all(
      databaseRows(root.recordMap, root.pageId)
        .slice(0, MAX_SITE_PAGES)
        .map(async (rowId) => {
          const current = lastEditedOf(blockOf(root.recordMap, rowId));
          const before = previous.get(rowId);
          if (before && current > 0 && before.lastEditedTime === current && !changedPageIds?.has(rowId)) pages.set(rowId, { ...before, parentPageId: root.pageId });
          else await fetchChild(rowId, root.pageId);
        }),
    );
  } else {
    await walkTrees(source, roots, previous, pages, fetchChild, changedPageIds);
  }

  const removed = [...previous.keys()].filter((id) => !pages.has(id));
  return { pages, fetched, removed };
}

function databaseRows(recordMap: ExtendedRecordMap, rootId: string): string[] {
  const root = blockOf(recordMap, rootId);
  const database = root ? databaseBlockOf(recordMap, root) : undefined;
  const collectionId = database ? collectionIdOf(recordMap, database) : undefined;
  const viewId = (database as { view_ids?: string[] } | undefined)?.view_ids?.[0];
  if (!collectionId || !viewId) return [];
  return databaseRowIds(recordMap, collectionId, viewId).filter((id) => blockOf(recordMap, id));
}

/**
 * Sub-pages of a page in content order: its child `page` blocks (not links to pages elsewhere), its child full-page
 * databases, and the rows of its inline databases (in Notion every row opens as a page). A full-page database's own
 * sub-pages are its rows.
 */
export function childPageIds(recordMap: ExtendedRecordMap, pageId: string): string[] {
  const ids: string[] = [];
  const self = blockOf(recordMap, pageId);
  if (self?.type === "collection_view_page") return unique(databaseRowsOf(recordMap, self));
  const visit = (blockId: string, depth: number) => {
    const block = blockOf(recordMap, blockId);
    for (const childId of block?.content ?? []) {
      const child = blockOf(recordMap, childId);
      if (!child) continue;
      if (child.type === "page" || child.type === "collection_view_page") {
        if (child.parent_id === blockId || child.parent_id === pageId) ids.push(childId);
      } else if (child.type === "collection_view") {
        if (child.parent_id === blockId || child.parent_id === pageId) ids.push(...databaseRowsOf(recordMap, child));
      } else if (depth < 8) {
        visit(childId, depth + 1); // sub-pages can sit inside columns and toggles
      }
    }
  };
  visit(pageId, 0);
  return unique(ids);
}

/** Rows of a database block in its first view's order (rows of a linked database elsewhere are not ours). */
function databaseRowsOf(recordMap: ExtendedRecordMap, block: Block): string[] {
  const collectionId = collectionIdOf(recordMap, block);
  const viewId = (block as { view_ids?: string[] }).view_ids?.[0];
  if (!collectionId || !viewId) return [];
  return databaseRowIds(recordMap, collectionId, viewId).filter((id) => {
    const row = blockOf(recordMap, id);
    return row?.parent_table === "collection" && row.parent_id === collectionId;
  });
}

/** A page that shows a database is fetched on every refresh: new rows don't change the page's own edit time. */
function holdsDatabase(page: SnapshotPage): boolean {
  return Object.keys(page.recordMap.collection_query ?? {}).length > 0;
}

async function walkTrees(
  source: PageSource,
  roots: SnapshotPage[],
  previous: Map<string, SnapshotPage>,
  pages: Map<string, SnapshotPage>,
  fetchChild: (id: string, parent: string) => Promise<SnapshotPage | null>,
  changedPageIds: ReadonlySet<string> | undefined,
): Promise<void> {
  // Current last_edited_time of every sub-page we knew, so unchanged parents still reveal edited children. A
  // webhook-driven refresh already knows what changed and skips this.
  const known = [...previous.keys()].filter((id) => !roots.some((r) => r.pageId === id));
  const current = changedPageIds ? new Map<string, number>() : await source.editTimes(known);

  let level: { page: SnapshotPage; depth: number }[] = roots.map((page) => ({ page, depth: 0 }));
  while (level.length) {
    // One level at a time, each level's pages together (the gateway's queue bounds the concurrency).
    const wanted: { childId: string; parent: SnapshotPage; depth: number }[] = [];
    const claimed = new Set<string>();
    for (const { page, depth } of level) {
      if (depth >= MAX_TREE_DEPTH) continue;
      for (const childId of childPageIds(page.recordMap, page.pageId)) {
        if (pages.has(childId) || claimed.has(childId) || pages.size + claimed.size >= MAX_SITE_PAGES) continue;
        claimed.add(childId);
        wanted.push({ childId, parent: page, depth });
      }
    }
    const children = await Promise.all(
      wanted.map(async ({ childId, parent, depth }) => {
        const before = previous.get(childId);
        const edited = changedPageIds ? before?.lastEditedTime : (current.get(childId) ?? lastEditedOf(blockOf(parent.recordMap, childId)));
        const unchanged = changedPageIds ? !changedPageIds.has(childId) : edited !== undefined && edited > 0;
        const child =
          before && unchanged && before.lastEditedTime === edited && !holdsDatabase(before)
            ? { ...before, parentPageId: parent.pageId }
            : await fetchChild(childId, parent.pageId);
        return child ? { page: child, depth: depth + 1 } : null;
      }),
    );
    const next: typeof level = [];
    for (const entry of children) {
      if (!entry) continue;
      pages.set(entry.page.pageId, entry.page);
      next.push(entry);
    }
    level = next;
  }
}

export function contentHashOf(recordMap: ExtendedRecordMap): string {
  return crypto.createHash("sha256").update(stableStringify(recordMap) ?? "").digest("hex");
}

function unique(ids: string[]): string[] {
  return [...new Set(ids)];
}
