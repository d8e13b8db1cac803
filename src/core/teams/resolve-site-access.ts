import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { siteMembers, sites } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { roleAllows, type SiteRole } from "@/lib/site-roles";

export type SiteAccess = { siteId: string; ownerId: string; role: SiteRole };

/**
 * The caller's role on a site: owner when the site is theirs, else their membership's role; null when they have none
 * (or the site doesn't exist — the two look the same to them). Read from the database on every call, never cached,
 * so a removed member or a changed role holds on every process from the next request on.
 */
export async function findSiteAccess(db: Db, userId: string, siteId: string): Promise<SiteAccess | null> {
  const [row] = await db
    .select({ ownerId: sites.ownerId, memberRole: siteMembers.role })
    .from(sites)
    .leftJoin(siteMembers, and(eq(siteMembers.siteId, sites.id), eq(siteMembers.userId, userId)))
    .where(eq(sites.id, siteId))
    .limit(1);
  if (!row) return null;
  if (row.ownerId === userId) return { siteId, ownerId: row.ownerId, role: "owner" };
  return row.memberRole ? { siteId, ownerId: row.ownerId, role: row.memberRole } : null;
}

/** The caller's access when their role is at least `need`: NOT_FOUND without any role, FORBIDDEN with too weak a one. */
export async function requireSiteRole(db: Db, userId: string, siteId: string, need: SiteRole): Promise<SiteAccess> {
  const access = await findSiteAccess(db, userId, siteId);
  if (!access) throw new AppError("NOT_FOUND", "Site not found");
  if (!roleAllows(access.role, need)) throw new AppError("FORBIDDEN", forbiddenMessage(access.role, need));
  return access;
}

export function forbiddenMessage(have: SiteRole, need: SiteRole): string {
  return `This needs the ${need} role on this site; yours is ${have}`;
}
