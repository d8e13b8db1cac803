import type { PropertyMap } from "@/lib/database-fields";
import { notionPageProblem, notionUrlProblem } from "@/lib/notion-page-rules";
import type { SiteType } from "@/lib/site-types";
import { notionPageIdFromUrl } from "@/notion/inspect-page";
import { databaseOfDataSource } from "@/notion/official/database-of-data-source";
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
  const urlPageId = notionPageIdFromUrl(notionPageUrl);
  if (!urlPageId) return notionPageProblemOnly(siteType, { state: "invalid_url", isCollection: false, collectionType: null, properties: [] });
  const connection = await getConnectionForOwnerOrThrow(deps, ownerId, connectionId);
  const client = officialClientOf(deps, connection);
  const workspaceId = connection.workspaceId ?? undefined;
  let pageId = urlPageId;
  let inspection = await inspectOfficialPage(client, pageId, { workspaceId });
  if (inspection.state === "private") {
    // Not a page or database the connection reads: perhaps a data source's address, read as its database's.
    const databaseId = await databaseOfDataSource(client, pageId);
    if (databaseId) {
      pageId = databaseId;
      inspection = await inspectOfficialPage(client, pageId, { workspaceId });
    }
  }
  const problem = notionPageProblem(siteType, inspection, { connected: true, propertyMap });
  if (problem) return { ok: false, message: problem, inspection };
  return { ok: true, pageId, inspection };
}

function notionPageProblemOnly(siteType: SiteType, inspection: Parameters<typeof notionPageProblem>[1]): NotionPageCheck {
  return { ok: false, message: notionPageProblem(siteType, inspection, { connected: true })!, inspection };
}
