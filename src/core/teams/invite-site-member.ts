import crypto from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/db/client";
import { siteInvitations, siteMembers, sites, users } from "@/db/schema";
import type { EmailProvider } from "@/integrations/email";
import { AppError } from "@/lib/errors";
import { siteInvitationEmail } from "@/core/email/templates";
import { parseSiteSettings } from "@/core/sites/site-settings";
import { takeSharedRateLimit } from "@/core/usage/rate-limits";
import { INVITATION_TTL_DAYS, inviteSiteMemberInput } from "./team-inputs";
import { hashTeamToken } from "./hash-team-token";

export type InviteDeps = { db: Db; email: EmailProvider; appUrl: string; now?: Date };

/**
 * Invites someone by email to a site with a role: one email through the configured provider with a link to
 * `/dashboard/invite/<token>` (sign in first, then accept), good once for INVITATION_TTL_DAYS. A new invitation to the same
 * address replaces the pending one. Only the token's hash is stored.
 */
export async function inviteSiteMember(deps: InviteDeps, actor: { userId: string; email: string }, input: z.input<typeof inviteSiteMemberInput>) {
  const { siteId, email, role } = inviteSiteMemberInput.parse(input);
  const address = email.trim().toLowerCase();
  const [site] = await deps.db.select().from(sites).where(eq(sites.id, siteId)).limit(1);
  if (!site) throw new AppError("NOT_FOUND", "Site not found");
  const [already] = await deps.db
    .select({ id: users.id })
    .from(users)
    .leftJoin(siteMembers, and(eq(siteMembers.userId, users.id), eq(siteMembers.siteId, siteId)))
    .where(and(sql`lower(${users.email}) = ${address}`, sql`(${users.id} = ${site.ownerId} or ${siteMembers.userId} is not null)`))
    .limit(1);
  if (already) throw new AppError("CONFLICT", "They are already a member of this site");
  if (!(await takeSharedRateLimit(deps.db, "siteInvitation", siteId))) throw new AppError("RATE_LIMITED", "Too many invitations from this site; please try again in an hour");

  const token = crypto.randomBytes(32).toString("base64url");
  const now = deps.now ?? new Date();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 3600_000);
  await deps.db.delete(siteInvitations).where(and(eq(siteInvitations.siteId, siteId), sql`lower(${siteInvitations.email}) = ${address}`, isNull(siteInvitations.acceptedAt)));
  const [row] = await deps.db.insert(siteInvitations).values({ siteId, email: address, role, tokenHash: hashTeamToken(token), invitedBy: actor.userId, expiresAt }).returning();
  const siteName = parseSiteSettings(site.settings).name || site.subdomain;
  const acceptUrl = `${deps.appUrl.replace(/\/+$/, "")}/dashboard/invite/${token}`;
  await deps.email.send({ to: address, ...siteInvitationEmail({ siteName, inviterEmail: actor.email, role, acceptUrl, expiresInDays: INVITATION_TTL_DAYS }) });
  return { invitationId: row!.id, email: address, role, expiresAt: expiresAt.toISOString() };
}
