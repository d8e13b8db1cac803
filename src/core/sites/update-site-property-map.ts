import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { SiteEvents } from "@/core/sites/site-events";
import { sites } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { SITE_TYPE_INFO } from "@/lib/site-types";
import { checkSitePage } from "./check-site-page";
import type { SitePropertyMapDeps } from "./get-site-property-map";
import { getSiteForOwnerOrThrow } from "./get-site-for-owner-or-throw";
import { parseSiteSettings, propertyMapSchema, siteSettingsSchema } from "./site-settings";

export const updateSitePropertyMapInput = z.object({ siteId: z.string().min(1).max(64), propertyMap: propertyMapSchema }).strict();

/**
 * Which database property fills which field of a blog, changelog or roadmap. The whole mapping is
 * checked against the database as Notion has it now — every property exists, has a fitting type, and the page check
 * passes with it — before it is stored; a refused mapping changes nothing. The site's pages follow at once.
 */
export async function updateSitePropertyMap(
  deps: SitePropertyMapDeps & { siteEvents: SiteEvents },
  ownerId: string,
  input: z.input<typeof updateSitePropertyMapInput>,
) {
  const { siteId, propertyMap } = updateSitePropertyMapInput.parse(input);
  const site = await getSiteForOwnerOrThrow(deps.db, ownerId, siteId);
  if (!SITE_TYPE_INFO[site.siteType].database) throw new AppError("VALIDATION", "Only blog, changelog and roadmap sites are built from a database");
  const check = await checkSitePage(deps, ownerId, site, propertyMap);
  if (!check.ok) throw new AppError("VALIDATION", check.message);
  const settings = siteSettingsSchema.parse({ ...parseSiteSettings(site.settings), propertyMap });
  await deps.db.update(sites).set({ settings, updatedAt: sql`now()` }).where(eq(sites.id, site.id));
  deps.siteEvents.emitSiteChanged(site.id);
  return { siteId: site.id, propertyMap };
}
