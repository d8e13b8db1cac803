/**
 * The roles a person can have on a site, weakest first. Each role can do what the ones before it can:
 * viewer reads the dashboard and analytics; editor also changes content settings (property map, versions, sync,
 * redirects, votes and ideas); admin everything else but billing, deleting and handing the site over, and manages
 * members; owner all of it. Which role each RPC method needs is declared in its method table (docs/roles.md).
 */
export const SITE_ROLES = ["viewer", "editor", "admin", "owner"] as const;
export type SiteRole = (typeof SITE_ROLES)[number];
/** Roles an invitation or a role change can give: there is one owner, changed only by a transfer. */
export const MEMBER_ROLES = ["viewer", "editor", "admin"] as const satisfies readonly SiteRole[];
export type MemberRole = (typeof MEMBER_ROLES)[number];

export function roleAllows(have: SiteRole, need: SiteRole): boolean {
  return SITE_ROLES.indexOf(have) >= SITE_ROLES.indexOf(need);
}
