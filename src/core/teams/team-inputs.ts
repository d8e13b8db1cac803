/** The params of the members' operations, shared by the core and the RPC table. */
import { z } from "zod";
import { MEMBER_ROLES } from "@/lib/site-roles";

export const siteIdField = z.string().min(1).max(64);
const userIdField = z.string().min(1).max(64);
export const memberRoleField = z.enum(MEMBER_ROLES, { message: "The role must be viewer, editor or admin" });

export const inviteSiteMemberInput = z.object({ siteId: siteIdField, email: z.email({ message: "Enter an email address" }).max(254), role: memberRoleField }).strict();
export const acceptSiteInvitationInput = z.object({ token: z.string().min(1).max(200) }).strict();
export const revokeSiteInvitationInput = z.object({ siteId: siteIdField, invitationId: z.string().min(1).max(64) }).strict();
export const siteOnlyInput = z.object({ siteId: siteIdField }).strict();
export const updateSiteMemberInput = z.object({ siteId: siteIdField, userId: userIdField, role: memberRoleField }).strict();
export const removeSiteMemberInput = z.object({ siteId: siteIdField, userId: userIdField }).strict();
/** `userId: null` withdraws the owner's pending offer. */
export const transferSiteOwnershipInput = z.object({ siteId: siteIdField, userId: userIdField.nullable() }).strict();

/** How long an invitation link and an ownership offer stay good. */
export const INVITATION_TTL_DAYS = 7;
export const OWNERSHIP_OFFER_TTL_DAYS = 7;
