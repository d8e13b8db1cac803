import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { sites } from "@/db/schema";
import { parseSiteSettings } from "@/core/sites/site-settings";
import { sitePublicAddress } from "@/core/sites/site-public-address";

export const widgetSiteId = z.uuid();

export type WidgetConfig = { enabled: boolean; position: "bottom-right" | "bottom-left"; color: string; label: string; frameUrl: string };

/**
 * What the embeddable widget needs to show itself (public: anyone may embed a published site's widget). A site
 * whose widget is off, paused, password-protected (its pages can't be read in another site's frame) or missing
 * answers `enabled: false` only, naming nothing.
 */
export async function getWidgetConfig(db: Db, appsDomain: string, siteId: string): Promise<WidgetConfig | { enabled: false }> {
  if (!widgetSiteId.safeParse(siteId).success) return { enabled: false };
  const [row] = await db.select().from(sites).where(eq(sites.id, siteId)).limit(1);
  if (!row || row.status !== "published" || row.passwordHash) return { enabled: false };
  const settings = parseSiteSettings(row.settings);
  if (!settings.widget.enabled) return { enabled: false };
  const { origin, basePath } = sitePublicAddress({ ...row, siteType: row.siteType }, settings, appsDomain);
  return {
    enabled: true,
    position: settings.widget.position,
    color: settings.widget.color,
    label: settings.ai.enabled ? `Ask ${settings.ai.assistantName}` : "Search",
    frameUrl: `${origin}${basePath}/_/chat?embed=widget`,
  };
}
