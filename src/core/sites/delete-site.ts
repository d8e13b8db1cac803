import type { SiteEvents } from "@/core/sites/site-events";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { sites, uploads } from "@/db/schema";
import type { FileStorage } from "@/integrations/storage";
import { getSiteForOwnerOrThrow } from "./get-site-for-owner-or-throw";

export const siteIdInput = z.object({ siteId: z.string().min(1).max(64) }).strict();

/**
 * docs/product.md §7 deleteSite: the row goes, and with it (foreign keys, one statement) its snapshots, redirects, subscribers,
 * feedback, subscriptions and uploads; uploaded bytes are removed from storage after. Its pages 404 at once.
 */
export async function deleteSite(deps: { db: Db; siteEvents: SiteEvents; storage: FileStorage }, ownerId: string, input: z.input<typeof siteIdInput>) {
  const { siteId } = siteIdInput.parse(input);
  const site = await getSiteForOwnerOrThrow(deps.db, ownerId, siteId);
  const files = await deps.db.select({ key: uploads.storageKey }).from(uploads).where(eq(uploads.siteId, site.id));
  await deps.db.delete(sites).where(eq(sites.id, site.id));
  deps.siteEvents.emitSiteChanged(site.id);
  await Promise.all(files.map((f) => deps.storage.delete(f.key).catch(() => undefined)));
  return { siteId: site.id, deleted: true };
}
