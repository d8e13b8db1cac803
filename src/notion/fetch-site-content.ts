import crypto from "node:crypto";
import pLimit from "p-limit";
import stableStringify from "safe-stable-stringify";
import type { Block, ExtendedRecordMap } from "notion-types";
import { SITE_TYPE_INFO, type SiteType } from "@/lib/site-types";
import { databaseRowIds } from "./fetch-page";
import type { PageSource } from "./page-source";
import { hiddenRowFilter } from "./hidden-rows";
import { blockOf, collectionIdOf, databaseBlockOf, lastEditedOf, viewOf } from "./record-map";

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
  /** Extra roots (docsv2 versions, extra languages) Notion no longer lets us read: left out, so the rest of the site still syncs. */
  unreadableRoots: string[];
};

/** Bounds so one huge workspace can't run away with a refresh. */
export const MAX_SITE_PAGES = 2000;
export const MAX_TREE_DEPTH = 10;
/**
 * Pages read at once. The queues below (3 requests in flight per process, or per connection) set the pace; this
 * keeps pages finishing one after another in the order found, rather than all of a level at once at its very end, so
 * a first sync's progress (pages read) moves steadily and a failure leaves few requests spent.
 */
export const PAGES_AT_ONCE = 6;

type Input = {
  siteType: SiteType;
  /** The site's page, then for docsv2 the version roots configured apart from it, and each extra language's page. */
  rootPageIds: string[];
  previous: Map<string, SnapshotPage>;
  /**
   * Pages Notion told us changed (a webhook): only these, and pages not seen before, are fetched; the others are
   * reused without asking Notion for their edit times. A database site's root is always fetched (its query is the
   * rows' source of truth).
   */
  changedPageIds?: ReadonlySet<string>;
  /**
   * The changes named are edits of pages' content or properties (not rows added, moved or deleted): on a database
   * site whose rows they are, only those rows are read and patched into the root's query results (rowEdits below).
   */
  rowEditsOnly?: boolean;
  /** Told as pages are found and read (or reused): a first sync's progress in the dashboard. */
  onProgress?: (progress: { done: number; found: number }) => void;
};

type Tell = (found: number, done: number) => void;

/**
 * Fetches what a site of this type shows (docs/product.md D3), incrementally: a row or sub-page only when Notion's
 * last_edited_time differs from the previous snapshot's. Database sites read rows' times from the query, run again on
 * every poll (the database page itself is read again only when it, its collection or views changed); page trees ask
 * for the current times of all known pages in batches. Throws on any failure.
 */
export async function fetchSiteContent(source: PageSource, { siteType, rootPageIds, previous, changedPageIds, rowEditsOnly, onProgress }: Input): Promise<ContentFetch> {
  const pages = new Map<string, SnapshotPage>();
  const progress = { done: 0, found: 0 };
  const tell: Tell = (found, done) => {
    progress.found += found;
    progress.done += done;
    onProgress?.({ ...progress });
  };
  const fetched: string[] = [];
  const isDatabaseSite = SITE_TYPE_INFO[siteType].model === "database";
  if (isDatabaseSite && changedPageIds && rowEditsOnly) {
    const patched = await withEditedRows(source, siteType, rootPageIds[0]!, previous, changedPageIds);
    if (patched) return patched;
  }

  const fetchPage = async (pageId: string, parentPageId: string | null) => {
    const recordMap = await source.fetchPage(pageId);
    const page = { pageId, parentPageId, recordMap, lastEditedTime: lastEditedOf(blockOf(recordMap, pageId)), contentHash: contentHashOf(recordMap) };
    pages.set(pageId, page);
    fetched.push(pageId);
    return page;
  };

  // A sub-page or row that is no longer readable was unshared or deleted: it leaves the site. Anything else fails.
  const pageSlot = pLimit(PAGES_AT_ONCE);
  const fetchChild = (pageId: string, parentPageId: string) =>
    pageSlot(async () => {
      try {
        return await fetchPage(pageId, parentPageId);
      } catch (err) {
        if (source.isGone(err)) return null;
        // The refresh fails: the pages still waiting for a slot are not read at all.
        pageSlot.clearQueue();
        throw err;
      }
    });

  // A page tree polled for changes: every known page's current edit time at once (100 per request, shared with other
  // sites refreshing at the same moment), the roots' included, so an unchanged root is reused rather than read again.
  // Only where the times are exact (the public path: milliseconds; the official API rounds them to the minute).
  const current = !isDatabaseSite && !changedPageIds && previous.size && source.exactEditTimes ? await source.editTimes([...previous.keys()]) : undefined;
  const roots: SnapshotPage[] = [];
  const unreadableRoots: string[] = [];
  tell(unique(rootPageIds).length, 0);
  for (const [index, rootId] of unique(rootPageIds).entries()) {
    const before = previous.get(rootId);
    // A database site polled: when its page, database and views are as last read, only its rows are queried again.
    const requeried = isDatabaseSite && !changedPageIds && before ? await source.requeryUnchangedDatabasePage?.(rootId, before.recordMap) : null;
    if (requeried) {
      const page = { ...before!, recordMap: requeried, contentHash: contentHashOf(requeried) };
      pages.set(rootId, page);
      fetched.push(rootId);
      roots.push(page);
      continue;
    }
    const untouched = before && current && !holdsDatabase(before) && before.lastEditedTime > 0 && current.get(rootId) === before.lastEditedTime;
    const reuse = (changedPageIds && !isDatabaseSite && before && !changedPageIds.has(rootId)) || untouched;
    if (reuse) pages.set(rootId, before);
    try {
      roots.push(reuse ? before : await fetchPage(rootId, null));
    } catch (err) {
      // The site's own page failing fails the refresh; a version's page only takes that version out.
      if (index === 0 || !source.isGone(err)) throw err;
      unreadableRoots.push(rootId);
    }
  }

  tell(0, roots.length + unreadableRoots.length);

  if (isDatabaseSite) {
    // The site's database, and one per extra language (docs/languages.md): each root's rows under it.
    for (const root of roots) {
      const rowIds = databaseRows(root.recordMap, root.pageId).slice(0, MAX_SITE_PAGES);
      tell(rowIds.length, 0);
      // All rows at once: the gateway's process-wide queue keeps Notion at ≤ 3 requests in flight.
      await Promise.all(
        rowIds.map(async (rowId) => {
          const current = lastEditedOf(blockOf(root.recordMap, rowId));
          const before = previous.get(rowId);
          if (before && current > 0 && before.lastEditedTime === current && !changedPageIds?.has(rowId)) pages.set(rowId, { ...before, parentPageId: root.pageId });
          else await fetchChild(rowId, root.pageId);
          tell(0, 1);
        }),
      );
    }
  } else {
    await walkTrees(source, roots, previous, pages, fetchChild, changedPageIds, current, tell);
  }

  withSubPageIcons(pages);
  const removed = [...previous.keys()].filter((id) => !pages.has(id));
  return { pages, fetched, removed, unreadableRoots };
}

/**
 * A webhook about rows' content or properties, patched into the last snapshot without querying the database again
 * (its query costs a request per view and page of rows, and the official API allows ~3 a second): each edited row is
 * read whole, and its copy among the root's query results replaced — or removed when it is no longer readable.
 * Only when that is exact: every page named is a known row (or the database itself), and no view filters its rows
 * (an edit could take a row out); on a site that does not sort by date itself, no view sorts them either (an edit
 * could move a row). Otherwise null: the caller reads the root's query as usual.
 */
async function withEditedRows(
  source: PageSource,
  siteType: SiteType,
  rootId: string,
  previous: Map<string, SnapshotPage>,
  changedPageIds: ReadonlySet<string>,
): Promise<ContentFetch | null> {
  const root = previous.get(rootId);
  const rootBlock = root ? blockOf(root.recordMap, rootId) : undefined;
  const database = root && rootBlock ? databaseBlockOf(root.recordMap, rootBlock) : undefined;
  const collectionId = root && database ? collectionIdOf(root.recordMap, database) : undefined;
  if (!root || !database || !collectionId) return null;
  const known = new Set(databaseRows(root.recordMap, rootId));
  const edited = [...changedPageIds].filter((id) => id !== rootId && id !== database.id && id !== collectionId);
  if (!edited.length || edited.some((id) => !known.has(id) || !previous.has(id))) return null;
  const queries = root.recordMap.collection_query?.[collectionId] ?? {};
  for (const viewId of Object.keys(queries)) {
    const query = (viewOf(root.recordMap, viewId) as { query2?: { filter?: unknown; sort?: unknown[] } } | undefined)?.query2;
    if (query?.filter || (!SITE_TYPE_INFO[siteType].dated && query?.sort?.length)) return null;
  }

  const fresh = await Promise.all(
    edited.map(async (rowId) => {
      try {
        const recordMap = await source.fetchPage(rowId);
        return { rowId, recordMap };
      } catch (err) {
        if (source.isGone(err)) return { rowId, recordMap: null };
        throw err;
      }
    }),
  );

  const blocks: Record<string, unknown> = { ...root.recordMap.block };
  const gone = new Set<string>();
  const pages = new Map(previous);
  for (const { rowId, recordMap } of fresh) {
    const row = recordMap ? blockOf(recordMap, rowId) : undefined;
    if (!recordMap || !row) {
      gone.add(rowId);
      delete blocks[rowId];
      pages.delete(rowId);
      continue;
    }
    // The query's copy of a row has no body (its content stays as the query gave it); the rest is the row now.
    blocks[rowId] = { role: "reader", value: { ...row, content: blockOf(root.recordMap, rowId)?.content } };
    pages.set(rowId, { pageId: rowId, parentPageId: rootId, recordMap, lastEditedTime: lastEditedOf(row), contentHash: contentHashOf(recordMap) });
  }
  const collectionQuery = Object.fromEntries(
    Object.entries(queries).map(([viewId, result]) => {
      const { collection_group_results: grouped, blockIds } = result as { collection_group_results?: { blockIds?: string[] }; blockIds?: string[] };
      const without = (ids: string[] | undefined) => ids?.filter((id) => !gone.has(id));
      if (!gone.size) return [viewId, result];
      return [viewId, { ...result, ...(blockIds ? { blockIds: without(blockIds) } : {}), ...(grouped ? { collection_group_results: { ...grouped, blockIds: without(grouped.blockIds) } } : {}) }];
    }),
  );
  const recordMap = {
    ...root.recordMap,
    block: blocks as ExtendedRecordMap["block"],
    collection_query: { ...root.recordMap.collection_query, [collectionId]: collectionQuery } as ExtendedRecordMap["collection_query"],
  };
  pages.set(rootId, { ...root, recordMap, contentHash: contentHashOf(recordMap) });
  withSubPageIcons(pages);
  return { pages, fetched: fresh.filter((f) => f.recordMap).map((f) => f.rowId), removed: [...gone], unreadableRoots: [] };
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

/** Rows of a database block in its first view's order (rows of a linked database elsewhere are not ours), without hidden ones. */
function databaseRowsOf(recordMap: ExtendedRecordMap, block: Block): string[] {
  const collectionId = collectionIdOf(recordMap, block);
  const viewId = (block as { view_ids?: string[] }).view_ids?.[0];
  if (!collectionId || !viewId) return [];
  const hidden = hiddenRowFilter(recordMap, collectionId);
  return databaseRowIds(recordMap, collectionId, viewId).filter((id) => {
    const row = blockOf(recordMap, id);
    return row?.parent_table === "collection" && row.parent_id === collectionId && !hidden(id);
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
  timesAsked: Map<string, number> | undefined,
  tell: Tell,
): Promise<void> {
  // Current last_edited_time of every sub-page we knew, so unchanged parents still reveal edited children. A
  // webhook-driven refresh already knows what changed and skips this; a poll may have asked already (with the roots).
  const known = [...previous.keys()].filter((id) => !roots.some((r) => r.pageId === id));
  const current = changedPageIds ? new Map<string, number>() : (timesAsked ?? (await source.editTimes(known)));

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
    tell(wanted.length, 0);
    const children = await Promise.all(
      wanted.map(async ({ childId, parent, depth }) => {
        const before = previous.get(childId);
        const edited = changedPageIds ? before?.lastEditedTime : (current.get(childId) ?? lastEditedOf(blockOf(parent.recordMap, childId)));
        const unchanged = changedPageIds ? !changedPageIds.has(childId) : edited !== undefined && edited > 0;
        const child =
          before && unchanged && before.lastEditedTime === edited && !holdsDatabase(before)
            ? { ...before, parentPageId: parent.pageId }
            : await fetchChild(childId, parent.pageId);
        tell(0, 1);
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

/**
 * A sub-page's icon where its parent lists it, taken from the sub-page's own record: Notion's official API lists a
 * sub-page by its title only (the public path's parent chunk carries its icon too), and a parent reused from the
 * last snapshot would otherwise keep a sub-page's old icon. Parents whose copy differs are replaced (new hash).
 */
function withSubPageIcons(pages: Map<string, SnapshotPage>): void {
  for (const [pageId, page] of pages) {
    let blocks: Record<string, unknown> | null = null;
    for (const id of Object.keys(page.recordMap.block)) {
      const listed = blockOf(page.recordMap, id);
      if (id === pageId || listed?.type !== "page" || !pages.has(id)) continue;
      const icon = iconOf(blockOf(pages.get(id)!.recordMap, id));
      if (!icon || iconOf(listed) === icon) continue;
      blocks ??= { ...page.recordMap.block };
      blocks[id] = { role: "reader", value: { ...listed, format: { ...listed.format, page_icon: icon } } };
    }
    if (!blocks) continue;
    const recordMap = { ...page.recordMap, block: blocks as ExtendedRecordMap["block"] };
    pages.set(pageId, { ...page, recordMap, contentHash: contentHashOf(recordMap) });
  }
}

const iconOf = (block: Block | undefined): string | undefined => (block?.format as { page_icon?: string } | undefined)?.page_icon;

export function contentHashOf(recordMap: ExtendedRecordMap): string {
  return crypto.createHash("sha256").update(stableStringify(recordMap) ?? "").digest("hex");
}

function unique(ids: string[]): string[] {
  return [...new Set(ids)];
}
