import { z } from "zod";
import type { SiteEvents } from "@/core/sites/site-events";
import type { Db } from "@/db/client";
import { AppError } from "@/lib/errors";
import { getSiteForOwnerOrThrow } from "./get-site-for-owner-or-throw";
import { parseSiteSettings } from "./site-settings";
import { updateSite } from "./update-site";

export const removeSiteLanguageInput = z.object({ siteId: z.string().min(1).max(64), language: z.string().trim().min(1).max(35) }).strict();

/**
 * Takes a language off a site: /<language>/ stops answering at once; its pages leave the snapshot at the next sync.
 * A language the site does not have is not found (nothing changes).
 */
export async function removeSiteLanguage(deps: { db: Db; siteEvents: SiteEvents; billingEnabled: boolean }, ownerId: string, input: z.input<typeof removeSiteLanguageInput>) {
  const { siteId, language } = removeSiteLanguageInput.parse(input);
  const site = await getSiteForOwnerOrThrow(deps.db, ownerId, siteId);
  const { languages } = parseSiteSettings(site.settings);
  const kept = languages.filter((l) => l.language.toLowerCase() !== language.toLowerCase());
  if (kept.length === languages.length) throw new AppError("NOT_FOUND", "This language is not on the site");
  return updateSite(deps, ownerId, { siteId, settings: { languages: kept } });
}
