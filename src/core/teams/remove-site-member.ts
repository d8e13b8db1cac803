import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/db/client";
import { siteMembers, siteOwnershipOffers, sites } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { removeSiteMemberInput, siteOnlyInput } from "./team-inputs";
import { MEMBER_NOT_FOUND } from "./update-site-member";

const OWNER_STAYS = "The owner can't leave or be removed; transfer the site to a member first";

/**
 * Takes a member off the site, with any ownership offer made to them. Roles are read from the database on every
 * request (resolve-site-access.ts), so the removal holds on every process from their next request on.
 */
export async function removeSiteMember(db: Db, input: z.input<typeof removeSiteMemberInput>) {
  const { siteId, userId } = removeSiteMemberInput.parse(input);
  const [site] = await db.select({ ownerId: sites.ownerId }).from(sites).where(eq(sites.id, siteId)).limit(1);
  if (site?.ownerId === userId) throw new AppError("CONFLICT", OWNER_STAYS);
  const removed = await db.delete(siteMembers).where(and(eq(siteMembers.siteId, siteId), eq(siteMembers.userId, userId))).returning({ role: siteMembers.role });
  if (removed.length === 0) throw new AppError("NOT_FOUND", MEMBER_NOT_FOUND);
  await db.delete(siteOwnershipOffers).where(and(eq(siteOwnershipOffers.siteId, siteId), eq(siteOwnershipOffers.toUserId, userId)));
  return { siteId, userId, removed: true as const, role: removed[0]!.role };
}

/** The caller leaves a site they are a member of. */
export async function leaveSite(db: Db, userId: string, input: z.input<typeof siteOnlyInput>) {
  const { siteId } = siteOnlyInput.parse(input);
  return removeSiteMember(db, { siteId, userId });
}
