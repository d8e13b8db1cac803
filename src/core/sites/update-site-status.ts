import type { SiteEvents } from "@/core/sites/site-events";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { sites } from "@/db/schema";
import { getSiteForOwnerOrThrow } from "./get-site-for-owner-or-throw";

export const updateSiteStatusInput = z.object({ siteId: z.string().min(1).max(64), status: z.enum(["published", "paused"]) }).strict();

/** Pauses a site (its address then shows a page saying so) or publishes it again; the site server hears at once. */
export async function updateSiteStatus(deps: { db: Db; siteEvents: SiteEvents }, ownerId: string, input: z.input<typeof updateSiteStatusInput>) {
  const { siteId, status } = updateSiteStatusInput.parse(input);
  const site = await getSiteForOwnerOrThrow(deps.db, ownerId, siteId);
  await deps.db.update(sites).set({ status, updatedAt: new Date() }).where(eq(sites.id, site.id));
  deps.siteEvents.emitSiteChanged(site.id);
  return { siteId: site.id, status };
}
