import type { SiteRow } from "@/db/schema";
import { sitePublicAddress } from "@/core/sites/site-public-address";
import { parseSiteSettings } from "@/core/sites/site-settings";
import { isSiteType } from "@/lib/site-address";
import { notionPageIdFromUrl } from "@/notion/inspect-page";
import type { ContentService, SiteSnapshot } from "@/notion/site-content";
import { buildSiteModel } from "./site-model";

/** A site's address and the public URL of each page it publishes (from its stored snapshot; null for unpublished pages). */
export async function sitePageUrls(content: ContentService, appsDomain: string, site: SiteRow): Promise<{ siteUrl: string; urlOf: (pageId: string) => string | null; pages?: SiteSnapshot["pages"] }> {
  const settings = parseSiteSettings(site.settings);
  if (!isSiteType(site.siteType)) return { siteUrl: "", urlOf: () => null };
  const { origin, basePath } = sitePublicAddress({ ...site, siteType: site.siteType }, settings, appsDomain);
  const siteUrl = `${origin}${basePath}/`;
  const snapshot = await content.getSnapshot(site.id);
  if (!snapshot) return { siteUrl, urlOf: () => null };
  const versionRoots = settings.versions.map((v) => ({ label: v.label, pageId: notionPageIdFromUrl(v.notionPageUrl) ?? "" })).filter((v) => v.pageId);
  const model = buildSiteModel(site.siteType, site.notionPageId, snapshot, new Date(), versionRoots);
  return {
    siteUrl,
    pages: snapshot.pages,
    urlOf: (pageId) => {
      const path = model?.pathOfPage.get(pageId);
      return path === undefined ? null : `${origin}${basePath}${path}`;
    },
  };
}
