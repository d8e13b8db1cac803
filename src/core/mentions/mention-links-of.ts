import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { siteMentionLinks, sites } from "@/db/schema";

/**
 * Per mentioned page id (dashed, lowercase): its address on another site of the owner (refreshMentionLinks). A target
 * that is paused or behind a password is left out, so its visitors would meet a wall: the mention keeps its Notion link.
 */
export async function mentionLinksOf(db: Db, siteId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ pageId: siteMentionLinks.pageId, url: siteMentionLinks.url })
    .from(siteMentionLinks)
    .innerJoin(sites, eq(sites.id, siteMentionLinks.targetSiteId))
    .where(and(eq(siteMentionLinks.siteId, siteId), eq(sites.status, "published"), isNull(sites.passwordHash)));
  return new Map(rows.map((r) => [r.pageId, r.url]));
}
