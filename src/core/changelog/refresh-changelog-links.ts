import { eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { changelogItemLinks, sites, type SiteRow } from "@/db/schema";
import { siteTypeHas } from "@/lib/site-types";
import type { SiteSnapshot } from "@/notion/site-content";
import { siteModelOf } from "@/site-model/site-model";
import { contentSiteOf } from "@/core/sites/content-site-of";
import { parseSiteSettings } from "@/core/sites/site-settings";
import { sitePublicAddress } from "@/core/sites/site-public-address";
import { normalPageId, pagesAnEntryNames } from "./pages-an-entry-names";

export type ChangelogLinkDeps = { db: Db; appsDomain: string; getSnapshot: (siteId: string) => Promise<SiteSnapshot | null> };

type Page = { pageId: string; title: string; url: string };

/** The published entries of a database site with their public addresses; empty before its first sync. */
async function entriesOf(deps: ChangelogLinkDeps, site: SiteRow) {
  const snapshot = await deps.getSnapshot(site.id);
  const model = snapshot ? siteModelOf(contentSiteOf(site), snapshot) : null;
  if (model?.kind !== "database") return [];
  const { origin, basePath } = sitePublicAddress(site, parseSiteSettings(site.settings), deps.appsDomain);
  return model.entries.map((e) => ({ pageId: e.pageId, title: e.title || "Untitled", url: `${origin}${basePath}${e.path}`, recordMap: e.recordMap }));
}

/**
 * After a changelog or a roadmap synced: rebuilds which of its owner's changelog entries name which of the owner's
 * roadmap items (pagesAnEntryNames), with both titles and addresses, so the changelog, the roadmap and the "shipped"
 * email read them without opening the other site. Sites of other owners are never linked. Returns the link count.
 */
export async function refreshChangelogLinks(deps: ChangelogLinkDeps, siteId: string): Promise<number> {
  const [site] = await deps.db.select().from(sites).where(eq(sites.id, siteId));
  if (!site || !(siteTypeHas(site.siteType, "whatsNew") || siteTypeHas(site.siteType, "votes"))) return 0;
  const owned = await deps.db.select().from(sites).where(eq(sites.ownerId, site.ownerId));
  const changelogs = owned.filter((s) => siteTypeHas(s.siteType, "whatsNew"));
  if (!changelogs.length) return 0;
  const items = new Map<string, Page & { roadmapSiteId: string }>();
  for (const roadmap of owned.filter((s) => siteTypeHas(s.siteType, "votes"))) {
    for (const item of await entriesOf(deps, roadmap)) items.set(normalPageId(item.pageId), { ...item, roadmapSiteId: roadmap.id });
  }
  const rows: (typeof changelogItemLinks.$inferInsert)[] = [];
  for (const changelog of changelogs) {
    for (const entry of await entriesOf(deps, changelog)) {
      for (const named of pagesAnEntryNames(entry.recordMap, entry.pageId)) {
        const item = items.get(named);
        if (!item) continue;
        rows.push({ changelogSiteId: changelog.id, entryPageId: entry.pageId, entryTitle: entry.title, entryUrl: entry.url, roadmapSiteId: item.roadmapSiteId, itemPageId: item.pageId, itemTitle: item.title, itemUrl: item.url });
      }
    }
  }
  await deps.db.transaction(async (tx) => {
    await tx.delete(changelogItemLinks).where(inArray(changelogItemLinks.changelogSiteId, changelogs.map((c) => c.id)));
    if (rows.length) await tx.insert(changelogItemLinks).values(rows).onConflictDoNothing();
  });
  return rows.length;
}
