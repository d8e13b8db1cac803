import { z } from "zod";
import type { SiteEvents } from "@/core/sites/site-events";
import type { Db } from "@/db/client";
import { AppError } from "@/lib/errors";
import type { NotionGateway } from "@/notion/notion-gateway";
import { checkNotionPageForSiteType } from "@/core/notion/check-notion-page-for-site-type";
import { checkConnectedPage } from "@/core/notion-connections/check-connected-page";
import type { NotionConnectionDeps } from "@/core/notion-connections/connection-deps";
import { getSiteForOwnerOrThrow } from "./get-site-for-owner-or-throw";
import { parseSiteSettings, siteSettingsSchema } from "./site-settings";
import { updateSite } from "./update-site";

export const updateSiteVersionsInput = z.object({ siteId: z.string().min(1).max(64), versions: siteSettingsSchema.shape.versions.unwrap() }).strict();

export type UpdateSiteVersionsDeps = { db: Db; siteEvents: SiteEvents; billingEnabled: boolean; gateway: NotionGateway; connections: NotionConnectionDeps };

/**
 * docsv2 versions (docs/product.md §7 updateSiteVersions): every version whose Notion page is new or changed passes the
 * same page check as a new site (a readable page tree, docs/product.md §5) before anything is stored, so a private
 * page can't be saved as a version. The refusal names the version: 'Version "v0": The Notion page is not public…'.
 */
export async function updateSiteVersions(deps: UpdateSiteVersionsDeps, ownerId: string, input: z.input<typeof updateSiteVersionsInput>) {
  const { siteId, versions } = updateSiteVersionsInput.parse(input);
  const site = await getSiteForOwnerOrThrow(deps.db, ownerId, siteId);
  const known = new Set(parseSiteSettings(site.settings).versions.map((v) => v.notionPageUrl));
  for (const [i, version] of versions.entries()) {
    if (known.has(version.notionPageUrl)) continue;
    const check = site.notionConnectionId
      ? await checkConnectedPage(deps.connections, ownerId, site.notionConnectionId, site.siteType, version.notionPageUrl)
      : await checkNotionPageForSiteType(deps.gateway, site.siteType, version.notionPageUrl);
    if (!check.ok) {
      const message = `Version "${version.label}": ${check.message}`;
      throw new AppError("VALIDATION", message, { issues: [{ path: `versions.${i}.notionPageUrl`, message }] });
    }
  }
  return updateSite(deps, ownerId, { siteId, settings: { versions } });
}
