import type { SiteRow } from "@/db/schema";
import type { ContentSite } from "@/notion/site-content";
import { parseSiteSettings } from "./site-settings";

/** What the content service and the page model need of a site row: its type, its Notion page and connection, its versions and extra languages. */
export function contentSiteOf(site: Pick<SiteRow, "id" | "siteType" | "notionPageId" | "settings"> & { notionConnectionId?: string | null; ownerId?: string }): ContentSite {
  return {
    id: site.id,
    ownerId: site.ownerId,
    siteType: site.siteType,
    notionPageId: site.notionPageId,
    notionConnectionId: site.notionConnectionId ?? null,
    settings: (({ versions, propertyMap, languages }) => ({ versions, propertyMap, languages }))(parseSiteSettings(site.settings)),
  };
}
