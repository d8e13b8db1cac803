import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc } from "drizzle-orm";
import { emailOutbox } from "@/db/schema";
import { outboxEmailProvider } from "@/integrations/email/outbox-provider";
import type { Database } from "@/db/client";
import { startSitesApp, workspaceIndex } from "../../helpers/sites";
import { rawRequest } from "../../helpers/raw-request";
import { withDatabase } from "../../helpers/seed";
import { openTestDatabase } from "../../helpers/test-db";

/** Without PLUNK_API_KEY, mail goes to the email_outbox table and one log line per email (the development sink). */

describe("the outbox provider", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  }, 60_000);
  afterAll(() => database?.close());

  it("keeps each email and event as a row, and logs one line per email with its links", async () => {
    const lines: string[] = [];
    const outbox = outboxEmailProvider(database.db, { defaultFrom: "Pagewright <hello@p.test>", log: (l) => lines.push(l) });
    await outbox.send({ to: "a@example.com", subject: "Sign in", html: "<p>x</p>", text: "Sign in: https://app.test/api/auth/callback/email?token=t\n", replyTo: "r@example.com", headers: { "X-Test": "1" } });
    await outbox.track({ event: "SignUp", email: "a@example.com", subscribed: false, data: { plan: "free" } });
    expect(lines).toEqual([
      '[email] outbox (no PLUNK_API_KEY): to=a@example.com subject="Sign in" links: https://app.test/api/auth/callback/email?token=t',
      '[email] outbox (no PLUNK_API_KEY): track "SignUp" for a@example.com',
    ]);
    const rows = await database.db.select().from(emailOutbox).orderBy(asc(emailOutbox.createdAt));
    expect(rows.map((r) => [r.kind, r.to, r.subject, r.text])).toEqual([
      ["send", "a@example.com", "Sign in", "Sign in: https://app.test/api/auth/callback/email?token=t\n"],
      ["track", "a@example.com", "SignUp", ""],
    ]);
    expect(rows[0]!.html).toBe("<p>x</p>");
    expect(rows[0]!.meta).toEqual({ from: "Pagewright <hello@p.test>", fromName: null, replyTo: "r@example.com", headers: { "X-Test": "1" } });
    expect(rows[1]!.meta).toEqual({ subscribed: false, data: { plan: "free" } });
  });
});

describe("a server without PLUNK_API_KEY", () => {
  it("puts the subscriber confirmation in the outbox and the log", async () => {
    const s = await startSitesApp([{ siteType: "blog", page: workspaceIndex.blog!, settings: { name: "Outbox Blog", email: { notifySubscribers: true } } }]);
    const host = s.hosts[0]!;
    try {
      const res = await rawRequest(`${s.app.url}/_/subscribe`, { host: s.hosts[0], method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "email=reader%40example.com" });
      expect(res.status).toBe(303);
      expect(s.app.output()).toMatch(new RegExp(`\\[email\\] outbox \\(no PLUNK_API_KEY\\): to=reader@example.com subject="Confirm your subscription" links: http://${s.hosts[0]!.replace(/\./g, "\\.")}/_/subscribe/confirm\\?token=`));
    } finally {
      await s.stop();
    }
    const rows = await withDatabase({ dataDir: s.app.dataDir, databaseUrl: s.app.databaseUrl }, (db) => db.select().from(emailOutbox));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "send", to: "reader@example.com", subject: "Confirm your subscription" });
    expect(rows[0]!.meta).toMatchObject({ fromName: `${host} via Pagewright`, replyTo: null });
    expect(rows[0]!.text).toContain("/_/subscribe/confirm?token=");
    expect(rows[0]!.html).toContain("/_/subscribe/confirm?token=");
    // It starts a server of its own: a start takes longer than the default 30 s on a loaded machine.
  }, 180_000);
});
