import type { SiteRow } from "@/db/schema";
import { isSiteType } from "@/lib/site-address";
import { notionPageIdFromUrl } from "@/notion/inspect-page";
import type { ContentSite } from "@/notion/site-content";
import { parseSiteSettings } from "./site-settings";

/** What the content service needs of a site: its type, its Notion page, and docsv2 version roots. */
export function contentSiteOf(site: Pick<SiteRow, "id" | "siteType" | "notionPageId" | "settings">): ContentSite {
  if (!isSiteType(site.siteType)) throw new Error(`Unknown site type: ${site.siteType}`);
  const versions = site.siteType === "docsv2" ? parseSiteSettings(site.settings).versions : [];
  const extraRootPageIds = versions
    .map((v) => notionPageIdFromUrl(v.notionPageUrl))
    .filter((id): id is string => Boolean(id) && id !== site.notionPageId);
  return { id: site.id, siteType: site.siteType, notionPageId: site.notionPageId, extraRootPageIds };
}
