import type { SiteEvents } from "@/core/sites/site-events";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { sites } from "@/db/schema";
import { getSiteForOwnerOrThrow } from "./get-site-for-owner-or-throw";
import { paidFeaturesTurnedOn } from "@/core/billing/paid-features-turned-on";
import { requireSiteFeatures } from "@/core/billing/site-plan";
import { parseSiteSettings, siteSettingsSchema, type SiteSettings } from "./site-settings";

const SECTIONS = ["theme", "analytics", "widget", "ai", "email", "cspOrigins", "footer"] as const;

/**
 * Settings to change: any top-level field of SiteSettings (unknown keys refused); object sections (theme, analytics,
 * widget, ai, email, cspOrigins, footer) merge field by field. Values are checked on the merged whole, so a patch never fills in defaults.
 */
export const settingsPatchSchema = z
  // propertyMap is left out: it changes only through updateSitePropertyMap, which checks it against the database.
  .object(Object.fromEntries(Object.keys(siteSettingsSchema.shape).filter((k) => k !== "propertyMap").map((k) => [k, z.unknown().optional()])))
  .strict();

export const updateSiteInput = z
  .object({
    siteId: z.string().min(1).max(64),
    name: z.string().trim().max(120).optional(),
    settings: z.record(z.string(), z.unknown()).optional(),
    /** The flat form of `settings.language` (null: detect it from the content again). */
    language: z.string().nullable().optional(),
  })
  .strict();

export type SettingsPatch = Partial<Record<keyof SiteSettings, unknown>>;

/**
 * docs/product.md §7 updateSite (and the upsert… methods, which are patches of one section): merges the patch into the stored
 * settings, validates the whole result with the one SiteSettings schema, stores it, and tells the site server.
 * Invalid input changes nothing; turning on a paid feature on a free site is PAYMENT_REQUIRED (billing on only).
 */
export async function updateSite(deps: { db: Db; siteEvents: SiteEvents; billingEnabled: boolean }, ownerId: string, input: z.input<typeof updateSiteInput>): Promise<{ siteId: string; settings: SiteSettings }> {
  const { siteId, name, settings: rawSettings, language } = updateSiteInput.parse(input);
  const rawPatch = language === undefined ? rawSettings : { ...rawSettings, language };
  const site = await getSiteForOwnerOrThrow(deps.db, ownerId, siteId);
  const patch = rawPatch ? (settingsPatchSchema.parse(rawPatch) as SettingsPatch) : {};
  const stored = parseSiteSettings(site.settings);
  const current = stored as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    merged[key] = (SECTIONS as readonly string[]).includes(key) ? { ...(current[key] as object), ...(value as object) } : value;
  }
  if (name !== undefined) merged.name = name;
  const next = siteSettingsSchema.parse(merged);
  await requireSiteFeatures(deps, site.id, paidFeaturesTurnedOn(stored, next));
  await deps.db.update(sites).set({ settings: next, updatedAt: sql`now()` }).where(eq(sites.id, site.id));
  deps.siteEvents.emitSiteChanged(site.id);
  return { siteId: site.id, settings: next };
}
