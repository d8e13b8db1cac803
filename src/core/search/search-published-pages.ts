import type { Db } from "@/db/client";
import { recordSearchMiss, searchSite } from "./search-site";

export type PublishedSearchResult = { title: string; path: string; snippet: string };

/**
 * A visitor's search on a published site: only pages the site publishes. Hidden and future-dated posts are indexed
 * with the snapshot but never shown, so hits are kept only when the page model gives them a path.
 */
export async function searchPublishedPages(
  db: Db,
  siteId: string,
  query: string,
  pathOfPage: ReadonlyMap<string, string>,
  /** A search the visitor submitted (not a lookup as they type, nor an agent's): when it finds nothing, the owner hears of it. */
  { submitted = false }: { submitted?: boolean } = {},
): Promise<PublishedSearchResult[]> {
  const hits = await searchSite(db, siteId, query);
  const results = hits.flatMap((hit) => {
    const path = pathOfPage.get(hit.pageId);
    return path === undefined ? [] : [{ title: hit.title || "Untitled", path, snippet: hit.snippet }];
  });
  // Counted by the same rule as the analytics' "searches with no results": submitted, and nothing published found.
  if (submitted && !results.length) await recordSearchMiss(db, siteId, query);
  return results;
}
