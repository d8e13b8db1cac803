import type { Db } from "@/db/client";
import { searchSite } from "./search-site";

export type PublishedSearchResult = { title: string; path: string; snippet: string };

/**
 * A visitor's search on a published site: only pages the site publishes. Hidden and future-dated posts are indexed
 * with the snapshot but never shown, so hits are kept only when the page model gives them a path.
 */
export async function searchPublishedPages(db: Db, siteId: string, query: string, pathOfPage: ReadonlyMap<string, string>): Promise<PublishedSearchResult[]> {
  const hits = await searchSite(db, siteId, query);
  return hits.flatMap((hit) => {
    const path = pathOfPage.get(hit.pageId);
    return path === undefined ? [] : [{ title: hit.title || "Untitled", path, snippet: hit.snippet }];
  });
}
