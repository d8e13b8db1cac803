import { and, eq, gt } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/db/client";
import { siteMembers, siteOwnershipOffers, sites } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { OWNERSHIP_OFFER_TTL_DAYS, siteOnlyInput, transferSiteOwnershipInput } from "./team-inputs";
import { MEMBER_NOT_FOUND } from "./update-site-member";

/**
 * The owner's half of a transfer: offers the site to one of its members (or withdraws the offer with `userId: null`).
 * Nothing changes hands until that member accepts (acceptSiteOwnership); a new offer replaces the old one.
 */
export async function transferSiteOwnership(db: Db, ownerId: string, input: z.input<typeof transferSiteOwnershipInput>, now = new Date()) {
  const { siteId, userId } = transferSiteOwnershipInput.parse(input);
  await db.delete(siteOwnershipOffers).where(eq(siteOwnershipOffers.siteId, siteId));
  if (userId === null) return { siteId, offeredTo: null, expiresAt: null };
  const [member] = await db.select({ role: siteMembers.role }).from(siteMembers).where(and(eq(siteMembers.siteId, siteId), eq(siteMembers.userId, userId))).limit(1);
  if (!member) throw new AppError("NOT_FOUND", MEMBER_NOT_FOUND);
  const expiresAt = new Date(now.getTime() + OWNERSHIP_OFFER_TTL_DAYS * 24 * 3600_000);
  await db.insert(siteOwnershipOffers).values({ siteId, fromUserId: ownerId, toUserId: userId, expiresAt });
  return { siteId, offeredTo: userId, expiresAt: expiresAt.toISOString() };
}

/**
 * The member's half: takes the site the owner offered them. They become the owner; the former owner stays on as an
 * admin. The site's subscriptions belong to the site and go with it.
 */
export async function acceptSiteOwnership(db: Db, userId: string, input: z.input<typeof siteOnlyInput>, now = new Date()) {
  const { siteId } = siteOnlyInput.parse(input);
  return db.transaction(async (tx) => {
    const [offer] = await tx
      .delete(siteOwnershipOffers)
      .where(and(eq(siteOwnershipOffers.siteId, siteId), eq(siteOwnershipOffers.toUserId, userId), gt(siteOwnershipOffers.expiresAt, now)))
      .returning();
    if (!offer) throw new AppError("NOT_FOUND", "There is no ownership offer for you on this site");
    const moved = await tx.update(sites).set({ ownerId: userId }).where(and(eq(sites.id, siteId), eq(sites.ownerId, offer.fromUserId))).returning({ id: sites.id });
    if (moved.length === 0) throw new AppError("CONFLICT", "The site changed hands meanwhile");
    await tx.delete(siteMembers).where(and(eq(siteMembers.siteId, siteId), eq(siteMembers.userId, userId)));
    await tx.insert(siteMembers).values({ siteId, userId: offer.fromUserId, role: "admin" }).onConflictDoUpdate({ target: [siteMembers.siteId, siteMembers.userId], set: { role: "admin" } });
    return { siteId, ownerId: userId, previousOwnerId: offer.fromUserId };
  });
}
