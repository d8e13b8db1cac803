import type { SiteRow } from "@/db/schema";
import type { PropertyMap } from "@/lib/database-fields";
import type { NotionGateway } from "@/notion/notion-gateway";
import { checkNotionPageForSiteType, type NotionPageCheck } from "@/core/notion/check-notion-page-for-site-type";
import { checkConnectedPage } from "@/core/notion-connections/check-connected-page";
import type { NotionConnectionDeps } from "@/core/notion-connections/connection-deps";

/** The page check (docs/product.md §5) on a site's own page, through its own source (public page or connection). */
export function checkSitePage(
  deps: { gateway: NotionGateway; connections: NotionConnectionDeps },
  ownerId: string,
  site: Pick<SiteRow, "siteType" | "notionPageUrl" | "notionConnectionId">,
  propertyMap: PropertyMap,
): Promise<NotionPageCheck> {
  return site.notionConnectionId
    ? checkConnectedPage(deps.connections, ownerId, site.notionConnectionId, site.siteType, site.notionPageUrl, propertyMap)
    : checkNotionPageForSiteType(deps.gateway, site.siteType, site.notionPageUrl, propertyMap);
}
