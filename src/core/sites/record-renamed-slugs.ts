import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { siteRedirects } from "@/db/schema";
import type { SnapshotPage } from "@/notion/fetch-site-content";
import type { ContentSite } from "@/notion/site-content";
import { siteModelOf } from "@/site-model/site-model";
import { readablePath } from "@/lib/url-path";

/**
 * Renamed posts keep their old addresses: for every page whose slug changed in a refresh, a permanent redirect from
 * the old path to the new one (source "slug"). Owner redirects are never overwritten; a slug that is live again
 * loses its redirect; chains are collapsed so an old link is one hop from the page. Returns whether anything changed.
 */
export async function recordRenamedSlugs(db: Db, site: ContentSite, before: Map<string, SnapshotPage>, after: Map<string, SnapshotPage>): Promise<boolean> {
  const oldModel = siteModelOf(site, { pages: before });
  const newModel = siteModelOf(site, { pages: after });
  if (!oldModel || !newModel) return false;
  let changed = false;

  // Paths are stored canonical (percent-encoded); rows written before paths were also match in their readable form.
  const live = [...new Set([...newModel.routes.keys(), ...[...newModel.routes.keys()].map(readablePath)])];
  const revived = await db
    .delete(siteRedirects)
    .where(and(eq(siteRedirects.siteId, site.id), eq(siteRedirects.source, "slug"), inArray(siteRedirects.fromPath, live)))
    .returning({ id: siteRedirects.id });
  changed ||= revived.length > 0;

  for (const [pageId, oldPath] of oldModel.pathOfPage) {
    const newPath = newModel.pathOfPage.get(pageId);
    if (!newPath || newPath === oldPath || newModel.routes.has(oldPath)) continue;
    // Earlier renames of the same page now point at the newest path.
    await db
      .update(siteRedirects)
      .set({ toUrl: newPath })
      .where(and(eq(siteRedirects.siteId, site.id), eq(siteRedirects.source, "slug"), eq(siteRedirects.toUrl, oldPath)));
    await db.insert(siteRedirects).values({ siteId: site.id, fromPath: oldPath, toUrl: newPath, permanent: true, source: "slug" }).onConflictDoNothing();
    changed = true;
  }
  return changed;
}
