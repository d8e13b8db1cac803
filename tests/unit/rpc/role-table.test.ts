import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENDPOINTS, renderRoleDocs, roleMayCall } from "@/rpc/role-table";

describe("docs/roles.md", () => {
  it("is what `npm run roles:docs` writes from the methods' declared roles today", () => {
    const committed = fs.readFileSync(path.resolve(import.meta.dirname, "../../../docs/roles.md"), "utf8");
    expect(committed === renderRoleDocs(), "docs/roles.md is stale: run `npm run roles:docs`").toBe(true);
  });

  it("has a row for every method of both endpoints", () => {
    const doc = renderRoleDocs();
    for (const [endpoint, methods] of Object.entries(ENDPOINTS)) for (const name of Object.keys(methods)) expect(doc).toContain(`| \`${name}\` | \`${endpoint}\` |`);
  });

  it("orders the roles: each can do what the weaker ones can", () => {
    expect(roleMayCall("editor", "admin")).toBe(true);
    expect(roleMayCall("editor", "viewer")).toBe(false);
    expect(roleMayCall("owner", "admin")).toBe(false);
    expect(roleMayCall("self", "viewer")).toBe(true);
  });

  it("keeps billing, deleting and handing over to the owner, and exports of people's addresses from editors", () => {
    const need = (name: string) => ENDPOINTS["/api/site"]![name]?.role ?? ENDPOINTS["/api/user"]![name]?.role;
    for (const name of ["deleteSite", "transferSiteOwnership", "changeSubscriptionPlan", "cancelSubscription", "redeemCode"]) expect(need(name), name).toBe("owner");
    for (const name of ["siteSubscribersToCsv", "roadmapVotersToCsv", "inviteSiteMember", "removeSiteMember"]) expect(need(name), name).toBe("admin");
  });
});
