import { inArray, isNotNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { sites, siteSyncs } from "@/db/schema";
import { readerTurn, type ContentService, type RefreshResult } from "@/notion/site-content";
import { contentSiteOf } from "@/core/sites/content-site-of";

/**
 * Claims up to `limit` refreshes that readers asked for (oldest first) and runs them. SKIP LOCKED lets several
 * workers claim at once without taking the same site; the refresh's own lease still keeps one per site per cluster.
 * A worker killed after claiming loses the ask, not data: the next stale read asks again.
 */
export async function runWantedRefreshes(
  deps: { db: Db; content: ContentService; log?: (message: string) => void },
  limit = 4,
): Promise<{ siteId: string; result: RefreshResult }[]> {
  const oldestWanted = deps.db
    .select({ siteId: siteSyncs.siteId })
    .from(siteSyncs)
    .where(isNotNull(siteSyncs.refreshWantedAt))
    .orderBy(siteSyncs.refreshWantedAt)
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await deps.db
    .update(siteSyncs)
    .set({ refreshWantedAt: null })
    .where(inArray(siteSyncs.siteId, oldestWanted))
    .returning({ siteId: siteSyncs.siteId });
  const ids = claimed.map((r) => r.siteId);
  if (!ids.length) return [];
  const rows = await deps.db.select().from(sites).where(inArray(sites.id, ids));
  return Promise.all(
    rows.map(async (site) => {
      const contentSite = contentSiteOf(site);
      // Readers asked for these: the Notion budget serves them after owners and webhooks.
      const result = await readerTurn(contentSite, () => deps.content.refresh(contentSite));
      if (result.status === "failed") deps.log?.(`[worker] refresh of site ${site.id} failed: ${result.message}`);
      return { siteId: site.id, result };
    }),
  );
}
