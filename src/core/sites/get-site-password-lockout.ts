import { z } from "zod";
import type { Db } from "@/db/client";
import { getSiteForOwnerOrThrow } from "./get-site-for-owner-or-throw";
import { sitePasswordLockoutOf, type SitePasswordLockout } from "./site-password-lockout";

export const getSitePasswordLockoutInput = z.object({ siteId: z.string().min(1).max(64) }).strict();

/** The owner's view of wrong passwords on their site this hour, and whether the password form is locked. */
export async function getSitePasswordLockout(db: Db, ownerId: string, input: z.input<typeof getSitePasswordLockoutInput>): Promise<SitePasswordLockout> {
  const { siteId } = getSitePasswordLockoutInput.parse(input);
  const site = await getSiteForOwnerOrThrow(db, ownerId, siteId);
  return sitePasswordLockoutOf(db, site.id);
}
