import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITE_ROLES, type SiteRole } from "@/lib/site-roles";
import { ENDPOINTS, roleMayCall } from "@/rpc/role-table";
import { createPlunkStub, type PlunkStub } from "../../../tools/plunk-stub/server";
import { linkIn, waitForMails } from "../../helpers/plunk";
import { rpc, signedIn, type CookieJar, type RpcReply } from "../../helpers/rpc-client";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";

/**
 * Teams over real HTTP: an owner invites an admin, an editor and a viewer by email (the Plunk stand-in receives the
 * mail, the link's token is accepted by the right signed-in address only, once), then every method of both endpoints
 * is tried by each role — allowed exactly where the declared role (docs/roles.md) says — and by a stranger.
 */

let plunk: PlunkStub;
let s: SitesApp;
let url: string;
let siteId: string;
const jars = {} as Record<SiteRole | "stranger", CookieJar>;
const emails = { admin: "ada-admin@example.com", editor: "eve-editor@example.com", viewer: "vic-viewer@example.com", stranger: "sam-stranger@example.com" };

const endpointName = (endpoint: string) => (endpoint === "/api/site" ? "site" : "user");
const call = (who: SiteRole | "stranger", method: string, params: unknown, endpoint: "site" | "user" = "site") => rpc(url, jars[who], endpoint, method, params);
const code = (reply: RpcReply) => reply.body.error?.data?.code;
const ok = <T>(reply: RpcReply): T => {
  if (reply.body.error) throw new Error(`${reply.body.error.message} (${reply.body.error.data?.code})`);
  return reply.body.result as T;
};

async function inviteAndAccept(role: "admin" | "editor" | "viewer", by: SiteRole = "owner") {
  const invited = ok<{ invitationId: string; role: string }>(await call(by, "inviteSiteMember", { siteId, email: emails[role].toUpperCase(), role }));
  expect(invited.role).toBe(role);
  const [mail] = await waitForMails(plunk.url, (m) => m.to === emails[role] && m.subject.includes("invited you"));
  const token = linkIn(mail!, "/invite/").split("/invite/")[1]!;
  return token;
}

beforeAll(async () => {
  plunk = await createPlunkStub();
  s = await startSitesApp([{ siteType: "blog", page: workspaceIndex.blog! }], {
    env: { PLUNK_API_KEY: plunk.apiKey, PLUNK_API_BASE: plunk.url, EMAIL_FROM: "Pagewright <hello@pagewright.test>" },
  });
  url = s.app.url;
  siteId = s.siteIds[0]!;
  jars.owner = await signedIn(url, s.ownerEmails[0]!);
  for (const who of ["admin", "editor", "viewer", "stranger"] as const) jars[who] = await signedIn(url, emails[who]);
}, 240_000);
afterAll(async () => {
  await s?.stop();
  await plunk?.close();
});

describe("invitations", () => {
  it("emails a link that only the invited address can accept, once", async () => {
    const token = await inviteAndAccept("admin");
    // Someone else who got hold of the link is refused, and the link still works for the right person.
    expect(code(await call("stranger", "acceptSiteInvitation", { token }))).toBe("FORBIDDEN");
    expect(ok(await call("admin", "acceptSiteInvitation", { token }))).toEqual({ siteId, role: "admin" });
    expect(code(await call("admin", "acceptSiteInvitation", { token }))).toBe("NOT_FOUND");
    expect(code(await call("stranger", "acceptSiteInvitation", { token: "not-a-token" }))).toBe("NOT_FOUND");
    // The admin manages members: they invite the editor and the viewer.
    for (const role of ["editor", "viewer"] as const) ok(await call(role, "acceptSiteInvitation", { token: await inviteAndAccept(role, "admin") }));
    const listed = ok<{ members: { email: string; role: string }[] }>(await call("viewer", "listSiteMembers", { siteId }));
    expect(listed.members.map((m) => [m.email, m.role])).toEqual([
      [s.ownerEmails[0], "owner"],
      [emails.admin, "admin"],
      [emails.editor, "editor"],
      [emails.viewer, "viewer"],
    ]);
    expect(code(await call("owner", "inviteSiteMember", { siteId, email: emails.editor, role: "viewer" }))).toBe("CONFLICT");
  });

  it("shows members their sites with their role", async () => {
    const sites = ok<{ siteId: string; role: string }[]>(await call("editor", "getUserSites", {}));
    expect(sites).toEqual([expect.objectContaining({ siteId, role: "editor" })]);
    expect(ok<unknown[]>(await call("stranger", "getUserSites", {}))).toEqual([]);
  });
});

describe("every method, tried by every role", () => {
  /** Each site method with a site role, aimed at the site; the unknown key makes an allowed call stop at its params check, changing nothing. */
  const siteScoped = () =>
    Object.entries(ENDPOINTS).flatMap(([endpoint, methods]) =>
      Object.entries(methods)
        .filter(([, m]) => m.role !== "self")
        .map(([name, m]) => ({ name, endpoint: endpointName(endpoint) as "site" | "user", need: m.role })),
    );

  it("allows a member exactly where docs/roles.md says, and refuses the rest with FORBIDDEN", async () => {
    const cells: string[] = [];
    for (const { name, endpoint, need } of siteScoped()) {
      for (const role of SITE_ROLES) {
        const reply = await call(role, name, { siteId, roleProbe: true }, endpoint);
        const expected = roleMayCall(need, role) ? "VALIDATION" : "FORBIDDEN";
        cells.push(`${name} × ${role}: ${code(reply)}`);
        expect(code(reply), `${name} by ${role}`).toBe(expected);
      }
    }
    expect(cells.length).toBe(siteScoped().length * SITE_ROLES.length);
  });

  it("answers someone with no role on the site NOT_FOUND, as for a missing site", async () => {
    for (const { name, endpoint } of siteScoped()) {
      expect(code(await call("stranger", name, { siteId, roleProbe: true }, endpoint)), name).toBe("NOT_FOUND");
      expect(code(await call("owner", name, { siteId: "no-such-site", roleProbe: true }, endpoint)), name).toBe("NOT_FOUND");
    }
  });
});

describe("members at work", () => {
  it("lets each role do its own work, on the owner's site", async () => {
    ok(await call("editor", "updateSiteRedirects", { siteId, redirects: [{ from: "/old", to: "/", permanent: true }] }));
    expect(ok<{ redirects: unknown[] }>(await call("admin", "updateSite", { siteId, name: "Team blog" }))).toMatchObject({ settings: { name: "Team blog" } });
    expect(ok(await call("viewer", "getSiteAnalytics", { siteId }))).toBeTruthy();
    const refused = await call("editor", "siteSubscribersToCsv", { siteId });
    expect(refused.body.error).toMatchObject({ message: "This needs the admin role on this site; yours is editor", data: { code: "FORBIDDEN" } });
    expect(code(await call("admin", "deleteSite", { siteId }))).toBe("FORBIDDEN");
  });

  it("changes a role, and a removed member loses the site on their next request", async () => {
    ok(await call("admin", "updateSiteMember", { siteId, userId: await userIdOf("viewer"), role: "editor" }));
    ok(await call("viewer", "syncSiteNow", { siteId }));
    ok(await call("admin", "removeSiteMember", { siteId, userId: await userIdOf("viewer") }));
    expect(code(await call("viewer", "getSiteAnalytics", { siteId }))).toBe("NOT_FOUND");
    expect(ok<unknown[]>(await call("viewer", "getUserSites", {}))).toEqual([]);
    expect(code(await call("admin", "removeSiteMember", { siteId, userId: await userIdOf("owner") }))).toBe("CONFLICT");
  });

  it("lets a member leave, but not the owner", async () => {
    ok(await call("editor", "leaveSite", { siteId }));
    expect(code(await call("editor", "listSiteMembers", { siteId }))).toBe("NOT_FOUND");
    expect(code(await call("owner", "leaveSite", { siteId }))).toBe("CONFLICT");
  });

  it("hands the site over only when both the owner and the member confirm", async () => {
    const adminId = await userIdOf("admin");
    // Only the member the offer names can take it, and only the owner can make it.
    expect(code(await call("admin", "transferSiteOwnership", { siteId, userId: adminId }))).toBe("FORBIDDEN");
    expect(code(await call("admin", "acceptSiteOwnership", { siteId }))).toBe("NOT_FOUND");
    expect(ok(await call("owner", "transferSiteOwnership", { siteId, userId: adminId }))).toMatchObject({ offeredTo: adminId });
    expect(code(await call("owner", "deleteSite", { siteId, roleProbe: true }))).toBe("VALIDATION");
    expect(ok(await call("admin", "acceptSiteOwnership", { siteId }))).toMatchObject({ ownerId: adminId });
    // Roles swapped: the new owner may delete the site, the former owner is an admin.
    expect(code(await call("admin", "deleteSite", { siteId, roleProbe: true }))).toBe("VALIDATION");
    expect(code(await call("owner", "deleteSite", { siteId, roleProbe: true }))).toBe("FORBIDDEN");
    const listed = ok<{ members: { email: string; role: string }[] }>(await call("owner", "listSiteMembers", { siteId }));
    expect(listed.members.map((m) => [m.email, m.role])).toEqual([
      [emails.admin, "owner"],
      [s.ownerEmails[0], "admin"],
    ]);
  });
});

async function userIdOf(who: SiteRole | "stranger"): Promise<string> {
  const reply = await fetch(`${url}/api/auth/session`, { headers: { cookie: jars[who].header() } });
  return ((await reply.json()) as { user: { id: string } }).user.id;
}

describe("the audit log", () => {
  const PASSWORD = "correct horse battery staple";
  type Log = { entries: { action: string; actorEmail: string; method: string; details: Record<string, unknown> }[]; nextBefore: string | null };

  it("records who did what, filters by kind, exports CSV, and never holds a secret", async () => {
    // After the hand-over the admin's account owns the site and the first owner is an admin.
    ok(await call("admin", "updateSitePassword", { siteId, password: PASSWORD }));
    ok(await call("admin", "updateSitePassword", { siteId, password: null }));
    const { token } = ok<{ token: string }>(await call("owner", "createAgentToken", { siteId, name: "CI agent" }));
    ok(await call("owner", "updateSiteDomain", { siteId, domain: "docs.team.example" }));
    const log = ok<Log>(await call("admin", "getSiteAuditLog", { siteId }));
    const actions = log.entries.map((e) => e.action);
    for (const action of ["member.invited", "member.joined", "member.role_changed", "member.removed", "member.left", "ownership.offered", "ownership.transferred", "settings.updated", "redirects.updated", "password.set", "password.removed", "agent_token.created", "domain.updated"]) {
      expect(actions, action).toContain(action);
    }
    // Newest first, with who did it.
    expect(log.entries[0]).toMatchObject({ action: "domain.updated", actorEmail: s.ownerEmails[0], method: "updateSiteDomain", details: { domain: "docs.team.example" } });
    expect(log.entries.find((e) => e.action === "password.set")).toMatchObject({ actorEmail: emails.admin, details: {} });
    const members = ok<Log>(await call("admin", "getSiteAuditLog", { siteId, action: "member" }));
    expect(members.entries.length).toBeGreaterThan(0);
    expect(members.entries.every((e) => e.action.startsWith("member."))).toBe(true);
    const { csv } = ok<{ csv: string }>(await call("owner", "siteAuditLogToCsv", { siteId }));
    expect(csv.split("\n")[0]).toBe("at,actor_email,action,method,via,details");
    expect(csv).toContain("password.removed");
    for (const text of [JSON.stringify(log), csv]) {
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain(token);
    }
    // The export itself is an entry; someone with no role on the site sees nothing.
    expect(ok<Log>(await call("admin", "getSiteAuditLog", { siteId, limit: 1 })).entries[0]!.action).toBe("audit_log.exported");
    expect(code(await call("stranger", "getSiteAuditLog", { siteId }))).toBe("NOT_FOUND");
  });
});
