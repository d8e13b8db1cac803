import { z } from "zod";
import type { Db } from "@/db/client";
import type { SiteRow } from "@/db/schema";
import { withNotionPriority } from "@/notion/budget/request-context";
import { logNotionProblem } from "@/notion/log";
import type { ContentService } from "@/notion/site-content";
import { contentSiteOf } from "./content-site-of";
import { getSiteForOwnerOrThrow } from "./get-site-for-owner-or-throw";

export const startSiteSyncInput = z.object({ siteId: z.string().min(1).max(64) }).strict();

/**
 * A sync started in the background at the owner's priority, answered before it ends: a new site's first sync, and
 * its Retry. How far it got is on the site's sync row (getSiteOverview's `firstSync`); a failure is recorded there
 * with its reason, and the snapshot, if any, stays as it was.
 */
export function startFirstSync(deps: { content: ContentService }, site: Pick<SiteRow, "id" | "ownerId" | "siteType" | "notionPageId" | "settings" | "notionConnectionId">): void {
  void withNotionPriority("owner", site.ownerId, () => deps.content.refresh(contentSiteOf(site))).then((result) => {
    if (result.status === "failed") logNotionProblem(`[notion] sync of new site ${site.id} failed: ${result.message}`, result.error);
  });
}

/** The dashboard's Retry of a first sync (or any sync nobody waits for): started unless one is already running here. */
export async function startSiteSync(deps: { db: Db; content: ContentService }, ownerId: string, input: z.input<typeof startSiteSyncInput>): Promise<{ siteId: string; status: "started" | "running" }> {
  const { siteId } = startSiteSyncInput.parse(input);
  const site = await getSiteForOwnerOrThrow(deps.db, ownerId, siteId);
  if (deps.content.isRefreshing(site.id)) return { siteId, status: "running" };
  startFirstSync(deps, site);
  return { siteId, status: "started" };
}
