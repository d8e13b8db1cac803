import { eq } from "drizzle-orm";
import { z } from "zod";
import type { SiteEvents } from "@/core/sites/site-events";
import type { Db } from "@/db/client";
import { sites } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { checkNotionPageForSiteType } from "@/core/notion/check-notion-page-for-site-type";
import { checkConnectedPage } from "@/core/notion-connections/check-connected-page";
import type { NotionConnectionDeps } from "@/core/notion-connections/connection-deps";
import type { NotionGateway } from "@/notion/notion-gateway";
import type { ContentService } from "@/notion/site-content";
import { contentSiteOf } from "./content-site-of";
import { parseSiteSettings } from "./site-settings";
import { getSiteForOwnerOrThrow } from "./get-site-for-owner-or-throw";

export const updateSiteNotionSourceInput = z
  .object({
    siteId: z.string().min(1).max(64),
    /** One of the owner's connections, or null for a public page read through Notion's web API. */
    connectionId: z.string().min(1).max(64).nullable(),
    notionPageUrl: z.string().trim().min(1).max(2048),
  })
  .strict();

export type UpdateSiteNotionSourceDeps = { db: Db; gateway: NotionGateway; content: ContentService; siteEvents: SiteEvents; connections: NotionConnectionDeps };

/**
 * Moves a site between a public page and a Notion connection (or another page), after the same page check as
 * createNewSite. Only the source changes: settings, redirects, subscribers and analytics stay. The snapshot is then
 * read whole again through the new source, so no page of the old reader's is kept.
 */
export async function updateSiteNotionSource(deps: UpdateSiteNotionSourceDeps, ownerId: string, input: z.input<typeof updateSiteNotionSourceInput>) {
  const { siteId, connectionId, notionPageUrl } = updateSiteNotionSourceInput.parse(input);
  const site = await getSiteForOwnerOrThrow(deps.db, ownerId, siteId);
  const { propertyMap } = parseSiteSettings(site.settings);
  const check = connectionId
    ? await checkConnectedPage(deps.connections, ownerId, connectionId, site.siteType, notionPageUrl, propertyMap)
    : await checkNotionPageForSiteType(deps.gateway, site.siteType, notionPageUrl, propertyMap);
  if (!check.ok) throw new AppError("VALIDATION", check.message);
  const [row] = await deps.db
    .update(sites)
    .set({ notionPageId: check.pageId, notionPageUrl, notionConnectionId: connectionId, updatedAt: new Date() })
    .where(eq(sites.id, site.id))
    .returning();
  const result = await deps.content.refresh(contentSiteOf(row!), { full: true });
  deps.siteEvents.emitSiteChanged(site.id);
  return {
    siteId: site.id,
    connectionId,
    notionPageUrl,
    sync: result.status === "failed" ? { status: "failed" as const, message: result.message } : { status: result.status },
  };
}
