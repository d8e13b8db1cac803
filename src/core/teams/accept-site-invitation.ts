import { and, eq, gt, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/db/client";
import { siteInvitations, siteMembers, sites } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { acceptSiteInvitationInput } from "./team-inputs";
import { hashTeamToken } from "./hash-team-token";

export const INVITATION_GONE = "This invitation is no longer valid. Ask for a new one.";

/** The pending invitation a link names, for the accept page; null when it is unknown, used or expired. */
export async function findSiteInvitation(db: Db, token: string, now = new Date()) {
  const [row] = await db
    .select({ id: siteInvitations.id, siteId: siteInvitations.siteId, email: siteInvitations.email, role: siteInvitations.role, expiresAt: siteInvitations.expiresAt, settings: sites.settings, subdomain: sites.subdomain, ownerId: sites.ownerId })
    .from(siteInvitations)
    .innerJoin(sites, eq(sites.id, siteInvitations.siteId))
    .where(and(eq(siteInvitations.tokenHash, hashTeamToken(token)), isNull(siteInvitations.acceptedAt), gt(siteInvitations.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/**
 * Accepts an invitation for the signed-in user: the link works once, before it expires, and only for the address it
 * was sent to (the sign-in proved the address). The user becomes a member with the invitation's role.
 */
export async function acceptSiteInvitation(db: Db, caller: { userId: string; email: string }, input: z.input<typeof acceptSiteInvitationInput>, now = new Date()) {
  const { token } = acceptSiteInvitationInput.parse(input);
  const invitation = await findSiteInvitation(db, token, now);
  if (!invitation) throw new AppError("NOT_FOUND", INVITATION_GONE);
  if (invitation.email.toLowerCase() !== caller.email.trim().toLowerCase()) {
    throw new AppError("FORBIDDEN", "This invitation was sent to another email address. Sign in with that address to accept it.");
  }
  if (invitation.ownerId === caller.userId) throw new AppError("CONFLICT", "You own this site already");
  // Single use even when two tabs accept at once: only the update that finds it still pending goes on.
  const [claimed] = await db
    .update(siteInvitations)
    .set({ acceptedAt: now, acceptedBy: caller.userId })
    .where(and(eq(siteInvitations.id, invitation.id), isNull(siteInvitations.acceptedAt)))
    .returning({ id: siteInvitations.id });
  if (!claimed) throw new AppError("NOT_FOUND", INVITATION_GONE);
  await db
    .insert(siteMembers)
    .values({ siteId: invitation.siteId, userId: caller.userId, role: invitation.role })
    .onConflictDoUpdate({ target: [siteMembers.siteId, siteMembers.userId], set: { role: invitation.role } });
  return { siteId: invitation.siteId, role: invitation.role };
}
