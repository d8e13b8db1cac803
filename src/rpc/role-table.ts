import { roleAllows, SITE_ROLES, type SiteRole } from "@/lib/site-roles";
import type { MethodAccess, MethodTable } from "./method";
import { siteMethods } from "./site-methods";
import { userMethods } from "./user-methods";

/**
 * docs/roles.md, generated from every method's declared `role` (`npm run roles:docs`). A unit test fails when the
 * committed file differs, and an integration test tries a member of each role against every method, so the table, the
 * code and what the server does can't drift apart.
 */

export const ENDPOINTS = { "/api/site": siteMethods, "/api/user": userMethods } as unknown as Record<string, MethodTable>;

/** Whether a caller with `role` on the site passes a method's declared access ("self" methods act on the caller's own account). */
export function roleMayCall(access: MethodAccess, role: SiteRole): boolean {
  return access === "self" || roleAllows(role, access);
}

const ROLES_STRONGEST_FIRST = [...SITE_ROLES].reverse();

export function renderRoleDocs(): string {
  const rows = Object.entries(ENDPOINTS).flatMap(([endpoint, methods]) =>
    Object.entries(methods).map(([name, m]) => {
      const cells = ROLES_STRONGEST_FIRST.map((role) => (m.role === "self" ? "own account" : roleMayCall(m.role, role) ? "✓" : "—"));
      return `| \`${name}\` | \`${endpoint}\` | ${m.role} | ${cells.join(" | ")} |`;
    }),
  );
  return [
    "# Roles: who may call which method",
    "",
    "Generated from the `role` each method declares in `src/rpc/site-methods/*.ts` and `src/rpc/user-methods.ts` by",
    "`npm run roles:docs` — do not edit by hand. How teams work: `docs/teams.md`.",
    "",
    "A site's people have one role each: **owner** (billing, deleting the site, handing it over), **admin** (everything",
    "else, and its members), **editor** (content settings, versions, redirects, syncs, votes and ideas; no exports of",
    "subscribers or voters), **viewer** (reads the dashboard and analytics). The role is checked by one function",
    "(`src/rpc/access.ts`) before a method's params are read, against the site its `siteId` names: without any role on",
    "it the answer is NOT_FOUND (as for a missing site), with too weak a role FORBIDDEN. `self` methods act only on the",
    "caller's own account (their Notion connections, new sites, their subscriptions) and name no site.",
    "",
    `| method | endpoint | needs | ${ROLES_STRONGEST_FIRST.join(" | ")} |`,
    `|---|---|---|${ROLES_STRONGEST_FIRST.map(() => "---").join("|")}|`,
    ...rows,
    "",
  ].join("\n");
}
