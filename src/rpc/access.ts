import type { Db } from "@/db/client";
import { requireSiteRole } from "@/core/teams/resolve-site-access";
import type { SiteRole } from "@/lib/site-roles";
import type { MethodAccess } from "./method";

export type CallerAccess = { ownerId: string; role: SiteRole | null; siteId: string | null };

/**
 * The one role check every RPC method goes through, from the method's declared access: a site role is checked
 * against the site that `params.siteId` names. Without a siteId string the call acts on the caller's own account
 * (a method whose siteId is required then fails its params check; one whose siteId is optional covers their own sites).
 */
export async function callerAccess(db: Db, access: MethodAccess, userId: string, params: unknown): Promise<CallerAccess> {
  const siteId = access === "self" ? undefined : siteIdOf(params);
  if (access === "self" || siteId === undefined) return { ownerId: userId, role: null, siteId: null };
  const granted = await requireSiteRole(db, userId, siteId, access);
  return { ownerId: granted.ownerId, role: granted.role, siteId };
}

function siteIdOf(params: unknown): string | undefined {
  if (params === null || typeof params !== "object" || Array.isArray(params)) return undefined;
  const siteId = (params as { siteId?: unknown }).siteId;
  return typeof siteId === "string" && siteId.length > 0 && siteId.length <= 64 ? siteId : undefined;
}
