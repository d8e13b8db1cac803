import { z } from "zod";
import type { Db } from "@/db/client";
import { AppError } from "@/lib/errors";
import { fieldChoices, type FieldChoice, type PropertyMap } from "@/lib/database-fields";
import { SITE_TYPE_INFO } from "@/lib/site-types";
import type { NotionGateway } from "@/notion/notion-gateway";
import type { NotionConnectionDeps } from "@/core/notion-connections/connection-deps";
import { checkSitePage } from "./check-site-page";
import { getSiteForOwnerOrThrow } from "./get-site-for-owner-or-throw";
import { parseSiteSettings } from "./site-settings";

export const getSitePropertyMapInput = z.object({ siteId: z.string().min(1).max(64) }).strict();

export type SitePropertyMapDeps = { db: Db; gateway: NotionGateway; connections: NotionConnectionDeps };

/**
 * A database site's fields and the database properties that fill them, read fresh from Notion, for the dashboard's
 * property mapping. `problem` is the page check's message when the database no longer fits.
 */
export async function getSitePropertyMap(
  deps: SitePropertyMapDeps,
  ownerId: string,
  input: z.input<typeof getSitePropertyMapInput>,
): Promise<{ siteId: string; propertyMap: PropertyMap; fields: FieldChoice[]; problem: string | null }> {
  const { siteId } = getSitePropertyMapInput.parse(input);
  const site = await getSiteForOwnerOrThrow(deps.db, ownerId, siteId);
  const rule = SITE_TYPE_INFO[site.siteType].database;
  if (!rule) throw new AppError("VALIDATION", "Only blog, changelog and roadmap sites are built from a database");
  const { propertyMap } = parseSiteSettings(site.settings);
  const check = await checkSitePage(deps, ownerId, site, propertyMap);
  const properties = check.inspection?.properties ?? [];
  return { siteId: site.id, propertyMap, fields: fieldChoices(rule.properties, properties, propertyMap), problem: check.ok ? null : check.message };
}
