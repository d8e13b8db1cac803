/** The people who run a site: invitations, roles, leaving, and handing the site over. */
import { acceptSiteInvitation } from "@/core/teams/accept-site-invitation";
import { inviteSiteMember } from "@/core/teams/invite-site-member";
import { listSiteMembers } from "@/core/teams/list-site-members";
import { leaveSite, removeSiteMember } from "@/core/teams/remove-site-member";
import { revokeSiteInvitation } from "@/core/teams/revoke-site-invitation";
import {
  acceptSiteInvitationInput,
  inviteSiteMemberInput,
  removeSiteMemberInput,
  revokeSiteInvitationInput,
  siteOnlyInput,
  transferSiteOwnershipInput,
  updateSiteMemberInput,
} from "@/core/teams/team-inputs";
import { acceptSiteOwnership, transferSiteOwnership } from "@/core/teams/transfer-site-ownership";
import { updateSiteMember } from "@/core/teams/update-site-member";
import { method } from "../method";

const MEMBERS = "{members: [{userId, email, name, role, since}], invitations: [{invitationId, email, role, expiresAt}], ownershipOffer: {toUserId, expiresAt} | null}";

export const membersMethods = {
  listSiteMembers: method({
    role: "viewer",
    summary: "The site's owner and members with their roles, pending invitations and a pending ownership offer",
    params: siteOnlyInput,
    result: MEMBERS,
    errors: ["NOT_FOUND"],
    run: (ctx, p) => listSiteMembers(ctx.runtime.db, p),
  }),
  inviteSiteMember: method({
    role: "admin",
    summary: "Emails an invitation (viewer, editor or admin) with a link that works once within 7 days, after signing in as that address",
    params: inviteSiteMemberInput,
    result: "{invitationId, email, role, expiresAt}",
    errors: ["NOT_FOUND", "FORBIDDEN", "CONFLICT", "RATE_LIMITED"],
    run: (ctx, p) => inviteSiteMember({ db: ctx.runtime.db, email: ctx.runtime.email, appUrl: ctx.runtime.env.APP_URL }, { userId: ctx.userId, email: ctx.email }, p),
    audit: { action: "member.invited", details: (p) => ({ email: p.email.trim().toLowerCase(), role: p.role }) },
  }),
  revokeSiteInvitation: method({
    role: "admin",
    summary: "Withdraws a pending invitation; its link stops working",
    params: revokeSiteInvitationInput,
    result: "{siteId, invitationId, email, revoked: true}",
    errors: ["NOT_FOUND", "FORBIDDEN"],
    run: (ctx, p) => revokeSiteInvitation(ctx.runtime.db, p),
    audit: { action: "invitation.revoked", details: (_p, r) => ({ email: r.email }) },
  }),
  acceptSiteInvitation: method({
    role: "self",
    sessionOnly: true,
    summary: "Accepts an invitation from its link's token, for the signed-in address it was sent to",
    params: acceptSiteInvitationInput,
    result: "{siteId, role}",
    errors: ["NOT_FOUND", "FORBIDDEN", "CONFLICT"],
    run: (ctx, p) => acceptSiteInvitation(ctx.runtime.db, { userId: ctx.userId, email: ctx.email }, p),
    audit: { action: "member.joined", siteOf: (_p, r) => r.siteId, details: (_p, r) => ({ role: r.role }) },
  }),
  updateSiteMember: method({
    role: "admin",
    summary: "Gives a member another role (viewer, editor or admin)",
    params: updateSiteMemberInput,
    result: "{siteId, userId, role, previousRole}",
    errors: ["NOT_FOUND", "FORBIDDEN"],
    run: (ctx, p) => updateSiteMember(ctx.runtime.db, p),
    audit: { action: "member.role_changed", details: (p, r) => ({ userId: p.userId, role: p.role, previousRole: r.previousRole }) },
  }),
  removeSiteMember: method({
    role: "admin",
    summary: "Takes a member off the site; it holds on every process from their next request",
    params: removeSiteMemberInput,
    result: "{siteId, userId, removed: true, role}",
    errors: ["NOT_FOUND", "FORBIDDEN", "CONFLICT"],
    run: (ctx, p) => removeSiteMember(ctx.runtime.db, p),
    audit: { action: "member.removed", details: (p, r) => ({ userId: p.userId, role: r.role }) },
  }),
  leaveSite: method({
    role: "viewer",
    summary: "The caller leaves a site they are a member of (the owner transfers it instead)",
    params: siteOnlyInput,
    result: "{siteId, userId, removed: true, role}",
    errors: ["NOT_FOUND", "CONFLICT"],
    run: (ctx, p) => leaveSite(ctx.runtime.db, ctx.userId, p),
    audit: { action: "member.left", details: (_p, r) => ({ role: r.role }) },
  }),
  transferSiteOwnership: method({
    role: "owner",
    summary: "Offers the site to one of its members (userId null withdraws the offer); it changes hands when they accept",
    params: transferSiteOwnershipInput,
    result: "{siteId, offeredTo, expiresAt}",
    errors: ["NOT_FOUND", "FORBIDDEN"],
    run: (ctx, p) => transferSiteOwnership(ctx.runtime.db, ctx.ownerId, p),
    audit: { action: { of: (p) => (p.userId === null ? "ownership.offer_withdrawn" : "ownership.offered") }, details: (p) => ({ toUserId: p.userId }) },
  }),
  acceptSiteOwnership: method({
    role: "viewer",
    summary: "A member takes the site the owner offered them; the former owner stays on as admin",
    params: siteOnlyInput,
    result: "{siteId, ownerId, previousOwnerId}",
    errors: ["NOT_FOUND", "CONFLICT"],
    run: (ctx, p) => acceptSiteOwnership(ctx.runtime.db, ctx.userId, p),
    audit: { action: "ownership.transferred", details: (_p, r) => ({ previousOwnerId: r.previousOwnerId }) },
  }),
};
