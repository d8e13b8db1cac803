import { z } from "zod";
import { AppError } from "@/lib/errors";
import type { Db } from "@/db/client";
import type { ContentService } from "@/notion/site-content";
import { contentSiteOf } from "./content-site-of";
import { getSiteForOwnerOrThrow } from "./get-site-for-owner-or-throw";

export const syncSiteNowInput = z.object({ siteId: z.string().min(1).max(64) }).strict();

export type SyncSiteNowResult = { status: "updated" | "unchanged"; fetchedPages: number; reusedPages: number; removedPages: number };

/**
 * The dashboard's "Sync now": refreshes the owner's site from Notion at once. A failed fetch leaves the published
 * content as it was and says why; a refresh already running elsewhere is reported as a conflict.
 */
export async function syncSiteNow(
  deps: { db: Db; content: ContentService },
  userId: string,
  input: z.input<typeof syncSiteNowInput>,
): Promise<SyncSiteNowResult> {
  const { siteId } = syncSiteNowInput.parse(input);
  const site = await getSiteForOwnerOrThrow(deps.db, userId, siteId);
  const result = await deps.content.refresh(contentSiteOf(site));
  if (result.status === "leased") throw new AppError("CONFLICT", "This site is already syncing, please try again in a minute");
  if (result.status === "failed") throw new AppError("UPSTREAM", result.message, { cause: result.error });
  return { status: result.status, fetchedPages: result.fetched, reusedPages: result.reused, removedPages: result.removed };
}
