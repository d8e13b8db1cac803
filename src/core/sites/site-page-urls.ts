import type { SiteRow } from "@/db/schema";
import { sitePublicAddress } from "@/core/sites/site-public-address";
import { parseSiteSettings } from "@/core/sites/site-settings";
import type { ContentService, SiteSnapshot } from "@/notion/site-content";
import { siteModelOf } from "@/site-model/site-model";
import { contentSiteOf } from "./content-site-of";

/** A site's address and the public URL of each page it publishes (from its stored snapshot; null for unpublished pages). */
export async function sitePageUrls(content: ContentService, appsDomain: string, site: SiteRow): Promise<{ siteUrl: string; urlOf: (pageId: string) => string | null; pages?: SiteSnapshot["pages"] }> {
  const settings = parseSiteSettings(site.settings);
  const { origin, basePath } = sitePublicAddress({ ...site, siteType: site.siteType }, settings, appsDomain);
  const siteUrl = `${origin}${basePath}/`;
  const snapshot = await content.getSnapshot(site.id);
  if (!snapshot) return { siteUrl, urlOf: () => null };
  const model = siteModelOf(contentSiteOf(site), snapshot);
  return {
    siteUrl,
    pages: snapshot.pages,
    urlOf: (pageId) => {
      const path = model?.pathOfPage.get(pageId);
      return path === undefined ? null : `${origin}${basePath}${path}`;
    },
  };
}
