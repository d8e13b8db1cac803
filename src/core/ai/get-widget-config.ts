import { eq } from "drizzle-orm";
import { z } from "zod";
import { sites } from "@/db/schema";
import { parseSiteSettings } from "@/core/sites/site-settings";
import { sitePublicAddress } from "@/core/sites/site-public-address";
import { featuresOf, settingsAllowedBy } from "@/core/billing/features-of";
import type { BillingDeps } from "@/core/billing/site-plan";

export const widgetSiteId = z.uuid();

export type WidgetConfig = { enabled: boolean; position: "bottom-right" | "bottom-left"; color: string; label: string; frameUrl: string };

/**
 * What the embeddable widget needs to show itself (public: anyone may embed a published site's widget). A site
 * whose widget is off, not allowed by its plan (featuresOf), paused, password-protected (its pages can't be read in
 * another site's frame) or missing answers `enabled: false` only, naming nothing.
 */
export async function getWidgetConfig(deps: BillingDeps, appsDomain: string, siteId: string): Promise<WidgetConfig | { enabled: false }> {
  const { db } = deps;
  if (!widgetSiteId.safeParse(siteId).success) return { enabled: false };
  const [row] = await db.select().from(sites).where(eq(sites.id, siteId)).limit(1);
  if (!row || row.status !== "published" || row.passwordHash) return { enabled: false };
  const features = await featuresOf(deps, row.id);
  const settings = settingsAllowedBy(parseSiteSettings(row.settings), features);
  if (!settings.widget.enabled) return { enabled: false };
  const verifiedAt = features.has.customDomain ? row.customDomainVerifiedAt : null;
  const { origin, basePath } = sitePublicAddress({ ...row, siteType: row.siteType, customDomainVerifiedAt: verifiedAt }, settings, appsDomain);
  return {
    enabled: true,
    position: settings.widget.position,
    color: settings.widget.color,
    label: settings.ai.enabled ? `Ask ${settings.ai.assistantName}` : "Search",
    frameUrl: `${origin}${basePath}/_/chat?embed=widget`,
  };
}
