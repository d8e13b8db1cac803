import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { emailOutbox, siteAuditLog, siteMembers, users } from "@/db/schema";
import { purgeOldAuditEntries, recordAuditEntry } from "@/core/audit/record-audit-entry";
import { outboxEmailProvider } from "@/integrations/email/outbox-provider";
import { acceptSiteInvitation } from "@/core/teams/accept-site-invitation";
import { inviteSiteMember } from "@/core/teams/invite-site-member";
import { listSiteMembers } from "@/core/teams/list-site-members";
import { acceptSiteOwnership, transferSiteOwnership } from "@/core/teams/transfer-site-ownership";
import { findSiteAccess } from "@/core/teams/resolve-site-access";
import { insertSite, openTestDatabase } from "../../helpers/test-db";

/** The rules that need the clock: invitations' expiry and one use under a race, an offer's lifetime, the audit log's year. */

let database: Database;
const DAY = 24 * 3600_000;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

async function invite(email: string, role: "viewer" | "editor" | "admin" = "editor") {
  const { db } = database;
  const { site, user: owner } = await insertSite(database, "docs", "00000000-0000-0000-0000-0000000000aa");
  const sent = await inviteSiteMember({ db, email: outboxEmailProvider(db, { log: () => {} }), appUrl: "http://app.localhost:3000" }, { userId: owner.id, email: owner.email }, { siteId: site.id, email, role });
  const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
  const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail!.text ?? "")![1]!;
  const [invitee] = await db.insert(users).values({ email, createdVia: "email" }).returning();
  return { site, owner, invitee: invitee!, token, sent };
}

describe("invitations", () => {
  it("expire after seven days", async () => {
    const { invitee, token, sent } = await invite("late@example.com");
    expect(new Date(sent.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * DAY);
    const later = new Date(Date.now() + 7 * DAY + 60_000);
    await expect(acceptSiteInvitation(database.db, { userId: invitee.id, email: invitee.email }, { token }, later)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("work once, even when two accepts race", async () => {
    const { site, invitee, token } = await invite("racer@example.com", "viewer");
    const caller = { userId: invitee.id, email: invitee.email };
    const results = await Promise.allSettled([acceptSiteInvitation(database.db, caller, { token }), acceptSiteInvitation(database.db, caller, { token })]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await findSiteAccess(database.db, invitee.id, site.id)).toMatchObject({ role: "viewer" });
  });

  it("keep only the token's hash, and leave nothing in the list once accepted", async () => {
    const { site, invitee, token } = await invite("hash@example.com");
    const { siteInvitations } = await import("@/db/schema");
    const rows = await database.db.select().from(siteInvitations).where(eq(siteInvitations.siteId, site.id));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect((await listSiteMembers(database.db, { siteId: site.id })).invitations).toHaveLength(1);
    await acceptSiteInvitation(database.db, { userId: invitee.id, email: invitee.email }, { token });
    expect((await listSiteMembers(database.db, { siteId: site.id })).invitations).toHaveLength(0);
  });
});

describe("ownership offers", () => {
  it("lapse after seven days, and go nowhere unless the named member accepts", async () => {
    const { site, owner, invitee, token } = await invite("heir@example.com", "admin");
    await acceptSiteInvitation(database.db, { userId: invitee.id, email: invitee.email }, { token });
    await transferSiteOwnership(database.db, owner.id, { siteId: site.id, userId: invitee.id });
    await expect(acceptSiteOwnership(database.db, owner.id, { siteId: site.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(acceptSiteOwnership(database.db, invitee.id, { siteId: site.id }, new Date(Date.now() + 8 * DAY))).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await findSiteAccess(database.db, owner.id, site.id)).toMatchObject({ role: "owner" });
    await transferSiteOwnership(database.db, owner.id, { siteId: site.id, userId: invitee.id });
    await acceptSiteOwnership(database.db, invitee.id, { siteId: site.id });
    expect(await findSiteAccess(database.db, invitee.id, site.id)).toMatchObject({ role: "owner" });
    expect(await findSiteAccess(database.db, owner.id, site.id)).toMatchObject({ role: "admin" });
    expect(await database.db.select().from(siteMembers).where(eq(siteMembers.siteId, site.id))).toEqual([expect.objectContaining({ userId: owner.id, role: "admin" })]);
  });
});

describe("the audit log", () => {
  it("keeps a year, and an entry for a deleted site is dropped quietly", async () => {
    const { db } = database;
    const { site, user } = await insertSite(database, "docs", "00000000-0000-0000-0000-0000000000bb");
    const entry = { siteId: site.id, actorId: user.id, actorEmail: user.email, method: "updateSite", via: "session" as const, details: {} };
    await recordAuditEntry(db, { ...entry, action: "settings.updated" });
    await db.insert(siteAuditLog).values([
      { ...entry, action: "old.kept", createdAt: new Date(Date.now() - 364 * DAY) },
      { ...entry, action: "old.dropped", createdAt: new Date(Date.now() - 366 * DAY) },
    ]);
    expect(await purgeOldAuditEntries(db)).toBeGreaterThanOrEqual(1);
    const left = await db.select({ action: siteAuditLog.action }).from(siteAuditLog).where(eq(siteAuditLog.siteId, site.id));
    expect(left.map((r) => r.action).sort()).toEqual(["old.kept", "settings.updated"]);
    await expect(recordAuditEntry(db, { ...entry, siteId: "no-such-site", action: "site.deleted" })).resolves.toBeUndefined();
  });
});
