import type { PropertyMap } from "@/lib/database-fields";
import { notionPageProblem, notionUrlProblem } from "@/lib/notion-page-rules";
import type { SiteType } from "@/lib/site-types";
import { notionPageIdFromUrl } from "@/notion/inspect-page";
import { inspectOfficialPage } from "@/notion/official/inspect-page";
import type { NotionPageCheck } from "@/core/notion/check-notion-page-for-site-type";
import { getConnectionForOwnerOrThrow, officialClientOf } from "./connection-client";
import type { NotionConnectionDeps } from "./connection-deps";

/** The page rules (docs/product.md §5) for a page read through the owner's connection: same messages, "private" = not shared. */
export async function checkConnectedPage(
  deps: NotionConnectionDeps,
  ownerId: string,
  connectionId: string,
  siteType: SiteType,
  notionPageUrl: string,
  propertyMap: PropertyMap = {},
): Promise<NotionPageCheck> {
  const urlProblem = notionUrlProblem(notionPageUrl);
  if (urlProblem) return { ok: false, message: urlProblem, inspection: null };
  const pageId = notionPageIdFromUrl(notionPageUrl);
  if (!pageId) return notionPageProblemOnly(siteType, { state: "invalid_url", isCollection: false, collectionType: null, properties: [] });
  const connection = await getConnectionForOwnerOrThrow(deps, ownerId, connectionId);
  const inspection = await inspectOfficialPage(officialClientOf(deps, connection), pageId, { workspaceId: connection.workspaceId ?? undefined });
  const problem = notionPageProblem(siteType, inspection, { connected: true, propertyMap });
  if (problem) return { ok: false, message: problem, inspection };
  return { ok: true, pageId, inspection };
}

function notionPageProblemOnly(siteType: SiteType, inspection: Parameters<typeof notionPageProblem>[1]): NotionPageCheck {
  return { ok: false, message: notionPageProblem(siteType, inspection, { connected: true })!, inspection };
}
