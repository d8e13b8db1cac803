import type { SiteEvents } from "@/core/sites/site-events";
import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { sites, uploads, users } from "@/db/schema";
import type { FileStorage } from "@/integrations/storage";

export const deleteUserInput = z.object({ confirm: z.literal("DELETE", { error: 'Type "DELETE" to confirm' }) }).strict();

/**
 * docs/product.md §7 deleteUser: the account and everything it owns — sites and all their data (foreign keys cascade in one
 * statement), sessions and linked accounts — then the uploaded bytes.
 */
export async function deleteUser(deps: { db: Db; siteEvents: SiteEvents; storage: FileStorage }, userId: string, input: z.input<typeof deleteUserInput>) {
  deleteUserInput.parse(input);
  const owned = await deps.db.select({ id: sites.id }).from(sites).where(eq(sites.ownerId, userId));
  const files = owned.length ? await deps.db.select({ key: uploads.storageKey }).from(uploads).where(inArray(uploads.siteId, owned.map((s) => s.id))) : [];
  await deps.db.delete(users).where(eq(users.id, userId));
  for (const site of owned) deps.siteEvents.emitSiteChanged(site.id);
  await Promise.all(files.map((f) => deps.storage.delete(f.key).catch(() => undefined)));
  return { deleted: true, sites: owned.length };
}
