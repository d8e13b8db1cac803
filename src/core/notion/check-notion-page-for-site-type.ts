import type { PropertyMap } from "@/lib/database-fields";
import type { NotionPageInspection } from "@/lib/notion-page-rules";
import { notionPageProblem, notionUrlProblem } from "@/lib/notion-page-rules";
import type { SiteType } from "@/lib/site-types";
import { notionPageIdFromUrl } from "@/notion/inspect-page";
import type { NotionGateway } from "@/notion/notion-gateway";
import { safeInspectPublicPage } from "./safe-get-notion-page-state";

export type NotionPageCheck =
  | { ok: true; pageId: string; inspection: NotionPageInspection }
  | { ok: false; message: string; inspection: NotionPageInspection | null };

/**
 * The server half of docs/product.md §5's Notion page rules: the same pure function the form uses, on a fresh inspection.
 * createNewSite calls this so the API never accepts what the form would refuse.
 */
export async function checkNotionPageForSiteType(
  gateway: NotionGateway,
  siteType: SiteType,
  notionPageUrl: string,
  propertyMap: PropertyMap = {},
): Promise<NotionPageCheck> {
  const urlProblem = notionUrlProblem(notionPageUrl);
  if (urlProblem) return { ok: false, message: urlProblem, inspection: null };
  const inspection = await safeInspectPublicPage(gateway, notionPageUrl);
  const problem = notionPageProblem(siteType, inspection, { propertyMap });
  if (problem) return { ok: false, message: problem, inspection };
  return { ok: true, pageId: notionPageIdFromUrl(notionPageUrl)!, inspection };
}
