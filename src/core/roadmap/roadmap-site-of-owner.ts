import type { Db } from "@/db/client";
import type { SiteRow } from "@/db/schema";
import { contentSiteOf } from "@/core/sites/content-site-of";
import { getSiteForOwnerOrThrow } from "@/core/sites/get-site-for-owner-or-throw";
import { AppError } from "@/lib/errors";
import { siteTypeHas } from "@/lib/site-types";
import type { SiteSnapshot } from "@/notion/site-content";
import { siteModelOf, type SiteModel } from "@/site-model/site-model";

export type RoadmapDeps = { db: Db; getSnapshot: (siteId: string) => Promise<SiteSnapshot | null> };
/**
 * For changes the Notion database should hear of (a roadmap connected through the official API): queues the site's
 * writes back to Notion (vote counts, approved ideas as rows) once the change is made.
 */
export type RoadmapChangeDeps = RoadmapDeps & { scheduleNotionWrites: (siteId: string) => void };

/** The owner's site if it takes votes (else BAD_REQUEST), with its current page model (null before its first sync). */
export async function roadmapSiteOfOwner(deps: RoadmapDeps, ownerId: string, siteId: string): Promise<{ site: SiteRow; model: SiteModel | null }> {
  const site = await getSiteForOwnerOrThrow(deps.db, ownerId, siteId);
  if (!siteTypeHas(site.siteType, "votes")) throw new AppError("VALIDATION", "Only roadmaps have votes and ideas");
  const snapshot = await deps.getSnapshot(site.id);
  return { site, model: snapshot ? siteModelOf(contentSiteOf(site), snapshot) : null };
}
