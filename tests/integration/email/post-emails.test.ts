import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sites, subscribers } from "@/db/schema";
import { createPlunkStub, type PlunkStub } from "../../../tools/plunk-stub/server";
import { plunkStubControl } from "../../../tools/plunk-stub/control";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";
import { rpc, signedIn, type CookieJar } from "../../helpers/rpc-client";
import { sentMails, waitForMails, type SentMail } from "../../helpers/plunk";
import { until } from "../../helpers/until";

/**
 * A post's email through the real server: preview, a test to the owner, the send to subscribers (each once, with
 * one-click unsubscribe headers), its send log and a retry, against the Plunk stand-in over HTTP; another owner's
 * calls are not found.
 */

const POST = "12671a2d-0c48-4c9f-abff-a8aa1c4d76ce"; // "How we made dashboards 10× faster" in the demo blog: code, math, a table, a toggle
const DRAFT = "24221022-4d6a-4128-94bb-d7d3cb28ac18"; // hidden in the demo blog
const READERS = ["ada@example.com", "grace@example.com", "linus@example.com"];
let plunk: PlunkStub;
let s: SitesApp;
let owner: CookieJar;
let other: CookieJar;
let blogId: string;

beforeAll(async () => {
  plunk = await createPlunkStub();
  const on = { name: "Lumen Blog", email: { notifySubscribers: true, senderName: "Lumen Team", replyTo: "hello@lumen.test" } };
  s = await startSitesApp(
    [
      { siteType: "blog", page: workspaceIndex.blog!, settings: on },
      { siteType: "blog", page: workspaceIndex.blog!, settings: on },
    ],
    {
      env: { PLUNK_API_KEY: plunk.apiKey, PLUNK_API_BASE: plunk.url, EMAIL_FROM: "Pagewright <hello@pagewright.test>" },
      beforeStart: async (db) => {
        const [first] = await db.select({ id: sites.id }).from(sites).orderBy(sites.createdAt).limit(1);
        const rows = [...READERS.map((email) => ({ email, status: "confirmed" })), { email: "gone@example.com", status: "unsubscribed" }];
        await db.insert(subscribers).values(rows.map((r, i) => ({ siteId: first!.id, email: r.email, status: r.status, confirmToken: `confirm-${i}-xxxxxxxxxxxxxxxxxxxx`, unsubscribeToken: `unsub-${i}-xxxxxxxxxxxxxxxxxxxxxx` })));
      },
    },
  );
  blogId = s.siteIds[0]!;
  owner = await signedIn(s.app.url, s.ownerEmails[0]!);
  other = await signedIn(s.app.url, s.ownerEmails[1]!);
  expect((await s.get(s.hosts[0]!, "/")).status).toBe(200); // the first sync
}, 300_000);
afterAll(async () => {
  await s?.stop();
  await plunk?.close();
});

const call = (jar: CookieJar, method: string, params: unknown) => rpc(s.app.url, jar, "site", method, params);
const result = <T>(reply: Awaited<ReturnType<typeof call>>) => {
  expect(reply.body.error).toBeUndefined();
  return reply.body.result as T;
};
const postMails = async () => (await sentMails(plunk.url)).filter((m: SentMail) => m.subject === "How we made dashboards 10× faster — Lumen Blog");

describe("a post's email", () => {
  it("previews the whole post as email-safe HTML and plain text", async () => {
    const mail = result<{ subject: string; html: string; text: string }>(await call(owner, "previewPostEmail", { siteId: blogId, postId: POST }));
    expect(mail.subject).toBe("How we made dashboards 10× faster — Lumen Blog");
    expect(mail.text).toContain("A dashboard in Lumen 1.x ran one SQL query per chart against raw events.");
    expect(mail.text).toContain("T(n) = c \\cdot n + t_{\\text{overhead}}");
    expect(mail.text).toContain("Why not a materialized view?");
    expect(mail.html).toContain("SELECT date_trunc(&#39;day&#39;, ts) AS day");
    expect(mail.html).toMatch(/<table [^>]*style="[^"]*border-collapse:collapse/);
    expect(mail.html).not.toMatch(/<script|<iframe| class="/);
    // The mention of another post links to it on the site's host.
    expect(mail.html).toMatch(new RegExp(`href="http://${s.hosts[0]!.replace(/\./g, "\\.")}/introducing-lumen-20"`));
  });

  it("answers not found for a post that is not published, and for another owner's site", async () => {
    expect((await call(owner, "previewPostEmail", { siteId: blogId, postId: DRAFT })).body.error?.message).toBe("This post is not published on the site");
    for (const method of ["previewPostEmail", "sendPostEmail", "postEmailLog"]) {
      const reply = await call(other, method, { siteId: blogId, postId: POST });
      expect(reply.body.error?.data?.code, method).toBe("NOT_FOUND");
    }
    expect(await sentMails(plunk.url)).toEqual([]);
  });

  it("sends a test to the owner only, then the post to each confirmed subscriber once, with one-click unsubscribe", async () => {
    const test = result<{ test: boolean; to: string }>(await call(owner, "sendPostEmail", { siteId: blogId, postId: POST, test: true }));
    expect(test).toMatchObject({ test: true, to: s.ownerEmails[0] });
    const [tested] = await waitForMails(plunk.url, (m) => m.subject === "[Test] How we made dashboards 10× faster — Lumen Blog");
    expect(tested!.to).toBe(s.ownerEmails[0]);
    expect(await postMails()).toEqual([]);

    expect(result<{ queued: number }>(await call(owner, "sendPostEmail", { siteId: blogId, postId: POST })).queued).toBe(3);
    const mails = await waitForMails(plunk.url, (m) => m.subject === "How we made dashboards 10× faster — Lumen Blog", 3);
    expect(mails.map((m) => m.to).sort()).toEqual([...READERS].sort());
    for (const mail of mails) {
      const unsubscribe = /Unsubscribe: (\S+)/.exec(mail.text)![1]!;
      expect(unsubscribe).toMatch(/\/_\/unsubscribe\?token=unsub-\d-x+$/);
      expect(mail.headers).toEqual({ "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
      expect(mail.name).toBe("Lumen Team");
      expect(mail.text).toContain("A dashboard in Lumen 1.x ran one SQL query per chart against raw events.");
    }
    await until(async () => result<{ sent: number }>(await call(owner, "postEmailLog", { siteId: blogId, postId: POST })).sent === 3, 10_000);

    // Sending again mails nobody twice.
    expect(result<{ queued: number }>(await call(owner, "sendPostEmail", { siteId: blogId, postId: POST })).queued).toBe(0);
    const log = result<{ queued: number; sent: number; failed: number }>(await call(owner, "postEmailLog", { siteId: blogId, postId: POST }));
    expect(log).toMatchObject({ queued: 0, sent: 3, failed: 0 });
    expect(await postMails()).toHaveLength(3);

    const audit = result<{ entries: { action: string; details: Record<string, unknown> }[] }>(await call(owner, "getSiteAuditLog", { siteId: blogId }));
    expect(audit.entries.map((e) => e.action)).toEqual(expect.arrayContaining(["post_email.tested", "post_email.sent"]));
  });

  it("logs a send the provider refused, with its reason, and sends it on the retry", async () => {
    const LAUNCH = "7e1e5e08-f03b-451e-8be2-a689ce56a717"; // "Introducing Lumen 2.0"
    type Log = { queued: number; sent: number; failed: number; failures: { email: string; lastError: string }[] };
    const log = async () => result<Log>(await call(owner, "postEmailLog", { siteId: blogId, postId: LAUNCH }));
    await plunkStubControl(plunk.url).fault({ status: 500, message: "Mailbox unavailable", endpoint: "send" });
    expect(result<{ queued: number }>(await call(owner, "sendPostEmail", { siteId: blogId, postId: LAUNCH })).queued).toBe(3);
    await until(async () => (await log()).failures.length > 0, 10_000);
    const refused = await log();
    expect(refused.sent).toBe(0);
    expect(refused.queued + refused.failed).toBe(3);
    expect(refused.failures[0]!.lastError).toBe("Mailbox unavailable");

    await plunkStubControl(plunk.url).reset(); // the provider takes mail again
    await call(owner, "sendPostEmail", { siteId: blogId, postId: LAUNCH });
    await until(async () => (await log()).sent === 3, 10_000);
    expect(await log()).toMatchObject({ queued: 0, sent: 3, failed: 0, failures: [] });
    const sent = (await sentMails(plunk.url)).filter((m) => m.subject.startsWith("Introducing Lumen 2.0"));
    expect(sent.map((m) => m.to).sort()).toEqual([...READERS].sort());
  });
});
