import { z } from "zod";
import { AppError, GENERIC_ERROR_MESSAGE } from "@/lib/errors";
import { reportError } from "@/integrations/error-reporting";
import { notionPageProblem, notionUrlProblem, type NotionPageInspection } from "@/lib/notion-page-rules";
import { SITE_TYPES } from "@/lib/site-types";
import { inspectNotionPage, notionPageIdFromUrl } from "@/notion/inspect-page";
import type { NotionGateway } from "@/notion/notion-gateway";
import { inspectOfficialPage } from "@/notion/official/inspect-page";
import { getConnectionForOwnerOrThrow, officialClientOf } from "@/core/notion-connections/connection-client";
import type { NotionConnectionDeps } from "@/core/notion-connections/connection-deps";

export const notionPageUrlInput = z.object({ notionPageUrl: z.string().trim().min(1).max(2048) }).strict();

export const notionPageStateInput = z
  .object({
    notionPageUrl: z.string().trim().min(1).max(2048),
    /** With a site type, the answer also carries the page rules' verdict for it (`problem`). */
    siteType: z.enum(SITE_TYPES).optional(),
    /** Read the page through this Notion connection of the owner's (official API); absent: a public page. */
    connectionId: z.string().min(1).max(64).optional(),
  })
  .strict();

export type NotionPageState = NotionPageInspection & {
  /** Only when a site type was given: the page rules' message for it (docs/product.md §5), or null when it fits. */
  problem?: string | null;
};

/**
 * Page inspection for the create-site form (docs/product.md §7), on a public page or through one of the owner's
 * connections (another owner's connection is NOT_FOUND): valid / invalid_url / private never throw; a failure of our
 * own making (a disconnected or refused connection) says so; anything else is reported and becomes 'Something went
 * wrong, please try again' (docs/product.md §5).
 */
export async function safeGetNotionPageState(
  deps: { gateway: NotionGateway; connections: NotionConnectionDeps },
  ownerId: string,
  input: z.input<typeof notionPageStateInput>,
): Promise<NotionPageState> {
  const { notionPageUrl, siteType, connectionId } = notionPageStateInput.parse(input);
  const connection = connectionId ? await getConnectionForOwnerOrThrow(deps.connections, ownerId, connectionId) : null;
  let inspection: NotionPageInspection;
  if (!connection) {
    inspection = await safeInspectPublicPage(deps.gateway, notionPageUrl);
  } else {
    const pageId = notionUrlProblem(notionPageUrl) ? null : notionPageIdFromUrl(notionPageUrl);
    inspection = pageId
      ? await guarded(notionPageUrl, true, () => inspectOfficialPage(officialClientOf(deps.connections, connection), pageId, { workspaceId: connection.workspaceId ?? undefined }))
      : { state: "invalid_url", isCollection: false, collectionType: null, properties: [] };
  }
  if (!siteType) return inspection;
  const problem = notionUrlProblem(notionPageUrl) ?? notionPageProblem(siteType, inspection, { connected: Boolean(connection) });
  return { ...inspection, problem };
}

/** The public path's inspection (private API), with the same error rule. */
export function safeInspectPublicPage(gateway: NotionGateway, notionPageUrl: string): Promise<NotionPageInspection> {
  return guarded(notionPageUrl, false, () => inspectNotionPage(gateway, notionPageUrl));
}

/** `ownWords`: the official API's errors (a connection disconnected or refused, rate limited) already say what to do. */
async function guarded(notionPageUrl: string, ownWords: boolean, inspect: () => Promise<NotionPageInspection>): Promise<NotionPageInspection> {
  try {
    return await inspect();
  } catch (err) {
    if (ownWords && err instanceof AppError && err.code !== "INTERNAL") throw err;
    reportError(err, { operation: "safeGetNotionPageState", notionPageUrl });
    throw new AppError("UPSTREAM", GENERIC_ERROR_MESSAGE, { cause: err });
  }
}
