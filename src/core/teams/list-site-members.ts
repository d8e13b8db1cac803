import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/db/client";
import { siteInvitations, siteMembers, siteOwnershipOffers, sites, users } from "@/db/schema";
import { AppError } from "@/lib/errors";
import type { SiteRole } from "@/lib/site-roles";
import { siteOnlyInput } from "./team-inputs";

export type SiteMember = { userId: string; email: string; name: string | null; role: SiteRole; since: string };

/** The site's people: the owner first, then members by when they joined; pending invitations; the pending ownership offer. */
export async function listSiteMembers(db: Db, input: z.input<typeof siteOnlyInput>, now = new Date()) {
  const { siteId } = siteOnlyInput.parse(input);
  const [owner] = await db
    .select({ userId: users.id, email: users.email, name: users.name, since: sites.createdAt })
    .from(sites)
    .innerJoin(users, eq(users.id, sites.ownerId))
    .where(eq(sites.id, siteId))
    .limit(1);
  if (!owner) throw new AppError("NOT_FOUND", "Site not found");
  const members = await db
    .select({ userId: users.id, email: users.email, name: users.name, role: siteMembers.role, since: siteMembers.createdAt })
    .from(siteMembers)
    .innerJoin(users, eq(users.id, siteMembers.userId))
    .where(eq(siteMembers.siteId, siteId))
    .orderBy(asc(siteMembers.createdAt));
  const invitations = await db
    .select({ invitationId: siteInvitations.id, email: siteInvitations.email, role: siteInvitations.role, expiresAt: siteInvitations.expiresAt })
    .from(siteInvitations)
    .where(and(eq(siteInvitations.siteId, siteId), isNull(siteInvitations.acceptedAt), gt(siteInvitations.expiresAt, now)))
    .orderBy(asc(siteInvitations.createdAt));
  const [offer] = await db
    .select({ toUserId: siteOwnershipOffers.toUserId, expiresAt: siteOwnershipOffers.expiresAt })
    .from(siteOwnershipOffers)
    .where(and(eq(siteOwnershipOffers.siteId, siteId), gt(siteOwnershipOffers.expiresAt, now)))
    .limit(1);
  const person = (m: { userId: string; email: string; name: string | null; since: Date }, role: SiteRole): SiteMember => ({ userId: m.userId, email: m.email, name: m.name, role, since: m.since.toISOString() });
  return {
    members: [person(owner, "owner"), ...members.map((m) => person(m, m.role))],
    invitations: invitations.map((i) => ({ ...i, expiresAt: i.expiresAt.toISOString() })),
    ownershipOffer: offer ? { toUserId: offer.toUserId, expiresAt: offer.expiresAt.toISOString() } : null,
  };
}
