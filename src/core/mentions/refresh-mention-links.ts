import { eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { siteMentionLinks, sites, type SiteRow } from "@/db/schema";
import type { SiteSnapshot } from "@/notion/site-content";
import { blockOf, mentionedPageIds } from "@/notion/record-map";
import { siteModelOf } from "@/site-model/site-model";
import { contentSiteOf } from "@/core/sites/content-site-of";
import { parseSiteSettings } from "@/core/sites/site-settings";
import { sitePublicAddress } from "@/core/sites/site-public-address";
import { normalPageId } from "@/core/changelog/pages-an-entry-names";

export type MentionLinkDeps = { db: Db; appsDomain: string; getSnapshot: (siteId: string) => Promise<SiteSnapshot | null> };

type Published = { siteId: string; url: string };

/** A site's published pages (normal page id → public address) and the pages its content mentions; null before its first sync. */
async function pagesOf(deps: MentionLinkDeps, site: SiteRow) {
  const snapshot = await deps.getSnapshot(site.id);
  const model = snapshot ? siteModelOf(contentSiteOf(site), snapshot) : null;
  if (!snapshot || !model) return null;
  const { origin, basePath } = sitePublicAddress(site, parseSiteSettings(site.settings), deps.appsDomain);
  const published = new Map<string, string>();
  for (const [pageId, path] of model.pathOfPage) published.set(normalPageId(pageId), `${origin}${basePath}${path}`);
  const mentioned = new Set<string>();
  for (const page of snapshot.pages.values()) {
    for (const id of Object.keys(page.recordMap.block)) for (const pageId of mentionedPageIds(blockOf(page.recordMap, id))) mentioned.add(normalPageId(pageId));
  }
  return { published, mentioned };
}

/**
 * After one of an owner's sites synced: rebuilds, for every site of that owner, which pages its content mentions that
 * another of the owner's sites publishes, with their addresses there — so a mention links to the owner's own site
 * rather than to notion.so. A page the mentioning site publishes itself is left to that site's own paths; sites of
 * other owners are never linked. Returns the link count.
 */
export async function refreshMentionLinks(deps: MentionLinkDeps, siteId: string): Promise<number> {
  const [site] = await deps.db.select().from(sites).where(eq(sites.id, siteId));
  if (!site) return 0;
  const owned = await deps.db.select().from(sites).where(eq(sites.ownerId, site.ownerId));
  const pages = new Map<string, NonNullable<Awaited<ReturnType<typeof pagesOf>>>>();
  for (const other of owned) {
    const found = await pagesOf(deps, other);
    if (found) pages.set(other.id, found);
  }
  const publishedBy = new Map<string, Published>();
  // The oldest site first: when two sites publish the same page, mentions go to the one that had it first.
  for (const other of [...owned].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    for (const [pageId, url] of pages.get(other.id)?.published ?? []) if (!publishedBy.has(pageId)) publishedBy.set(pageId, { siteId: other.id, url });
  }
  const rows: (typeof siteMentionLinks.$inferInsert)[] = [];
  for (const [mentioningId, { published, mentioned }] of pages) {
    for (const pageId of mentioned) {
      const target = publishedBy.get(pageId);
      if (!target || published.has(pageId) || target.siteId === mentioningId) continue;
      rows.push({ siteId: mentioningId, pageId, targetSiteId: target.siteId, url: target.url });
    }
  }
  await deps.db.transaction(async (tx) => {
    await tx.delete(siteMentionLinks).where(inArray(siteMentionLinks.siteId, owned.map((o) => o.id)));
    if (rows.length) await tx.insert(siteMentionLinks).values(rows).onConflictDoNothing();
  });
  return rows.length;
}
