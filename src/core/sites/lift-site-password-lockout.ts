import { z } from "zod";
import type { Db } from "@/db/client";
import { clearUsage } from "@/core/usage/take-usage";
import { getSiteForOwnerOrThrow } from "./get-site-for-owner-or-throw";
import { SITE_PASSWORD_SCOPE, SITE_PASSWORD_WINDOW, sitePasswordLockoutOf, type SitePasswordLockout } from "./site-password-lockout";

export const liftSitePasswordLockoutInput = z.object({ siteId: z.string().min(1).max(64) }).strict();

/** The owner lifts the lockout: this hour's wrong passwords are forgotten (the per-visitor limit still holds). */
export async function liftSitePasswordLockout(db: Db, ownerId: string, input: z.input<typeof liftSitePasswordLockoutInput>): Promise<SitePasswordLockout> {
  const { siteId } = liftSitePasswordLockoutInput.parse(input);
  const site = await getSiteForOwnerOrThrow(db, ownerId, siteId);
  await clearUsage(db, SITE_PASSWORD_SCOPE, site.id, SITE_PASSWORD_WINDOW);
  return sitePasswordLockoutOf(db, site.id);
}
