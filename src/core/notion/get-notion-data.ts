import type { z } from "zod";
import { AppError, GENERIC_ERROR_MESSAGE } from "@/lib/errors";
import { reportError } from "@/integrations/error-reporting";
import type { NotionPageInspection } from "@/lib/notion-page-rules";
import { databaseRowIds, fetchWholePage } from "@/notion/fetch-page";
import { childPageIds } from "@/notion/fetch-site-content";
import { inspectNotionPage, notionPageIdFromUrl } from "@/notion/inspect-page";
import { NotionRequestError, type NotionGateway } from "@/notion/notion-gateway";
import { blockOf, collectionIdOf, collectionOf, collectionTitle, databaseBlockOf, pageTitle } from "@/notion/record-map";
import { notionPageUrlInput } from "./safe-get-notion-page-state";

export type NotionData = NotionPageInspection & {
  pageId: string | null;
  title: string;
  /** Database rows, or sub-pages of a plain page, in Notion's order. */
  pages: { pageId: string; title: string }[];
};

/** docs/product.md §7 getNotionData: what a page is and what it holds, for previews in the dashboard. */
export async function getNotionData(gateway: NotionGateway, input: z.input<typeof notionPageUrlInput>): Promise<NotionData> {
  const { notionPageUrl } = notionPageUrlInput.parse(input);
  const pageId = notionPageIdFromUrl(notionPageUrl);
  try {
    const inspection = await inspectNotionPage(gateway, notionPageUrl);
    if (inspection.state !== "valid" || !pageId) return { ...inspection, pageId, title: "", pages: [] };
    const recordMap = await fetchWholePage(gateway, pageId);
    const root = blockOf(recordMap, pageId)!;
    const database = databaseBlockOf(recordMap, root);
    const collectionId = database ? collectionIdOf(recordMap, database) : undefined;
    const viewId = (database as { view_ids?: string[] } | undefined)?.view_ids?.[0];
    const ids = collectionId && viewId ? databaseRowIds(recordMap, collectionId, viewId) : childPageIds(recordMap, pageId);
    return {
      ...inspection,
      pageId,
      title: pageTitle(root) || collectionTitle(collectionId ? collectionOf(recordMap, collectionId) : undefined),
      pages: ids.map((id) => ({ pageId: id, title: pageTitle(blockOf(recordMap, id)) })).filter((p) => blockOf(recordMap, p.pageId)),
    };
  } catch (err) {
    if (err instanceof NotionRequestError && err.failure.kind === "private") {
      return { state: "private", isCollection: false, collectionType: null, properties: [], pageId, title: "", pages: [] };
    }
    reportError(err, { operation: "getNotionData", notionPageUrl });
    throw new AppError("UPSTREAM", GENERIC_ERROR_MESSAGE, { cause: err });
  }
}
