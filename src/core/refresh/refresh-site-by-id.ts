import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { sites } from "@/db/schema";
import type { ContentService } from "@/notion/site-content";
import { contentSiteOf } from "@/core/sites/content-site-of";

/** Refreshes one site's content now (in the background), by id; a site deleted meanwhile is skipped, failures are the refresh's own. */
export function refreshSiteById(deps: { db: Db; content: Pick<ContentService, "refresh"> }, siteId: string): void {
  void deps.db
    .select()
    .from(sites)
    .where(eq(sites.id, siteId))
    .then(([site]) => site && deps.content.refresh(contentSiteOf(site)))
    .catch(() => {});
}
