import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stubControl } from "../../../tools/notion-stub/control";
import { createPlunkStub, type PlunkStub } from "../../../tools/plunk-stub/server";
import { plunkStubControl } from "../../../tools/plunk-stub/control";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";
import { rawRequest } from "../../helpers/raw-request";
import { rpc, signedIn } from "../../helpers/rpc-client";
import { CookieJar, fetchWithJar, getSession, testLogin } from "../../helpers/auth-client";
import { linkIn, sentMails, waitForMails, type SentMail } from "../../helpers/plunk";

/**
 * Every email over real HTTP: the real server with PLUNK_API_KEY pointed at the Plunk stand-in, the Notion stand-in
 * serving the demo blog. Double opt-in, new-post notification from a Notion change, unsubscribe from the link,
 * magic-link sign-in, welcome and cancellation emails — each checked at the stand-in with its plain-text part.
 */

const DRAFT = "24221022-4d6a-4128-94bb-d7d3cb28ac18"; // hidden in the demo blog until the test un-hides it
const TEAM = "team@pagewright.test";
let plunk: PlunkStub;
let s: SitesApp;
let blog: string;

beforeAll(async () => {
  plunk = await createPlunkStub();
  s = await startSitesApp([{ siteType: "blog", page: workspaceIndex.blog!, settings: { name: "Lumen Blog", email: { notifySubscribers: true, senderName: "Lumen Team", replyTo: "hello@lumen.test" } } }], {
    env: { PLUNK_API_KEY: plunk.apiKey, PLUNK_API_BASE: plunk.url, EMAIL_FROM: "Pagewright <hello@pagewright.test>", TEAM_EMAIL: TEAM, REVALIDATE_SECONDS: "1", TRUST_PROXY: "1" },
  });
  [blog] = s.hosts as [string];
}, 300_000);
afterAll(async () => {
  await s?.stop();
  await plunk?.close();
});

const subscribe = (email: string) =>
  rawRequest(`${s.app.url}/_/subscribe`, { host: blog, method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", referer: `http://${blog}/` }, body: `email=${encodeURIComponent(email)}` });
/** Opens a link from an email: its host is a site host, reached through the app's port. */
const open = (link: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) => {
  const url = new URL(link);
  return rawRequest(`${s.app.url}${url.pathname}${url.search}`, { host: url.host, ...init });
};
const mailsTo = (to: string, subjectStart: string) => (m: SentMail) => m.to === to && m.subject.startsWith(subjectStart);
const expectPlainText = (mail: SentMail) => {
  expect(mail.text.length).toBeGreaterThan(40);
  expect(mail.text).not.toMatch(/<\/?[a-z]/);
  expect(mail.body).toMatch(/^<!doctype html>/);
};
async function subscriberStatuses(): Promise<Record<string, string>> {
  const jar = await signedIn(s.app.url, s.ownerEmails[0]!);
  const reply = await rpc(s.app.url, jar, "site", "siteSubscribersToCsv", { siteId: s.siteIds[0] });
  const { csv } = reply.body.result as { csv: string };
  return Object.fromEntries(csv.trim().split("\n").slice(1).map((line) => [line.split(",")[0]!, line.split(",")[1]!]));
}
async function subscribeAndConfirm(email: string) {
  expect((await subscribe(email)).status).toBe(303);
  const [mail] = await waitForMails(plunk.url, mailsTo(email, "Confirm your subscription"));
  expect((await open(linkIn(mail!, "/_/subscribe/confirm"))).status).toBe(200);
}

describe("subscribers (double opt-in)", () => {
  it("emails a confirmation link on the site's own host; only the link confirms", async () => {
    expect((await s.get(blog, "/")).status).toBe(200); // first sync: the baseline, no emails
    const res = await subscribe("ada@example.com");
    expect(res.status).toBe(303);
    const [mail] = await waitForMails(plunk.url, mailsTo("ada@example.com", "Confirm your subscription"));
    // Anyone can type an address into the form: the confirmation carries none of the owner's sender settings.
    expect(mail!.subject).toBe("Confirm your subscription");
    expect(mail!.name).toBe(`${blog} via Pagewright`);
    expect(mail!.reply).toBeUndefined();
    expectPlainText(mail!);
    const link = linkIn(mail!, "/_/subscribe/confirm");
    expect(link).toMatch(new RegExp(`^http://${blog.replace(/\./g, "\\.")}/_/subscribe/confirm\\?token=[A-Za-z0-9_-]{40,}$`));
    expect(mail!.body).toContain(`href="${link}"`);
    expect((await subscriberStatuses())["ada@example.com"]).toBe("unconfirmed");

    const confirmed = await open(link);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toContain("You&#39;re subscribed!");
    expect(confirmed.body).toContain("Lumen Blog");
    expect((await subscriberStatuses())["ada@example.com"]).toBe("confirmed");
    expect((await open(link)).body).toContain("You&#39;re already subscribed");
    expect((await open(link.replace(/token=.*/, "token=not-a-real-token-at-all-000000"))).status).toBe(404);

    // A confirmed address subscribing again gets no email (and the form answers as always).
    const before = (await sentMails(plunk.url)).length;
    expect((await subscribe("ADA@example.com")).status).toBe(303);
    await new Promise((r) => setTimeout(r, 300));
    expect((await sentMails(plunk.url)).length).toBe(before);
  });

  it("answers a failed confirmation email with 502 and a message for visitors, not the provider's words", async () => {
    await plunkStubControl(plunk.url).fault({ status: 500, message: "Provider database on fire", times: 1, endpoint: "send" });
    // Its own visitor address (TRUST_PROXY is on), so the form's rate limit is not what answers.
    const res = await rawRequest(`${s.app.url}/_/subscribe`, {
      host: blog,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "203.0.113.9" },
      body: "email=unlucky%40example.com",
    });
    expect(res.status).toBe(502);
    expect(res.body).toContain("We could not send the confirmation email just now");
    expect(res.body).not.toContain("Provider database on fire");
  });

  it("mails a new post in Notion once to each confirmed subscriber, with a working unsubscribe link", async () => {
    expect((await s.get(blog, "/")).status).toBe(200); // the first sync (a no-op when an earlier test made it)
    await subscribeAndConfirm("grace@example.com");
    await subscribeAndConfirm("linus@example.com");
    expect((await subscribe("pending@example.com")).status).toBe(303);
    const confirmed = Object.entries(await subscriberStatuses()).filter(([, status]) => status === "confirmed").map(([address]) => address).sort();
    expect(confirmed).toEqual(expect.arrayContaining(["grace@example.com", "linus@example.com"]));

    await stubControl(s.stub.url).touch(DRAFT, undefined, { "2eda": [["No"]] });
    await new Promise((r) => setTimeout(r, 1100));
    await s.get(blog, "/"); // a visit after the revalidate window refreshes the snapshot in the background
    const isPost = (m: SentMail) => m.subject === "Draft: Lumen for mobile apps — Lumen Blog";
    const posts = await waitForMails(plunk.url, isPost, confirmed.length);
    expect(posts.map((m) => m.to).sort()).toEqual(confirmed);
    for (const mail of posts) {
      expectPlainText(mail);
      expect(mail.name).toBe("Lumen Team");
      expect(linkIn(mail, "/draft-lumen-for-mobile-apps")).toBe(`http://${blog}/draft-lumen-for-mobile-apps`);
      expect(mail.headers?.["List-Unsubscribe"]).toBe(`<${linkIn(mail, "/_/unsubscribe")}>`);
      expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    }

    // The post changes again: the page shows it, and nobody is mailed a second time.
    await stubControl(s.stub.url).touch(DRAFT, "Lumen for mobile apps, revised");
    await new Promise((r) => setTimeout(r, 1100));
    await s.get(blog, "/");
    for (let i = 0; i < 100 && !(await s.get(blog, "/")).body.includes("Lumen for mobile apps, revised"); i++) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1000));
    expect((await sentMails(plunk.url)).filter((m) => m.subject.includes("mobile apps"))).toHaveLength(confirmed.length);

    // Unsubscribe from the link: the page asks, its button unsubscribes.
    const graceMail = posts.find((m) => m.to === "grace@example.com")!;
    const linusMail = posts.find((m) => m.to === "linus@example.com")!;
    const asked = await open(linkIn(graceMail, "/_/unsubscribe"));
    expect(asked.status).toBe(200);
    expect(asked.body).toContain("Unsubscribe?");
    expect(asked.body).toContain("grace@example.com");
    const action = /<form method="post" action="([^"]+)"/.exec(asked.body)![1]!.replace(/&amp;/g, "&");
    const done = await rawRequest(`${s.app.url}${action}`, { host: blog, method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect(done.status).toBe(200);
    expect(done.body).toContain("You&#39;re unsubscribed");
    // A mail client's one-click unsubscribe (RFC 8058) posts straight to the header's link.
    const oneClick = await open(linkIn(linusMail, "/_/unsubscribe"), { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect(oneClick.status).toBe(200);
    expect(await subscriberStatuses()).toMatchObject({ "grace@example.com": "unsubscribed", "linus@example.com": "unsubscribed", "pending@example.com": "unconfirmed" });
    expect((await open(linkIn(graceMail, "/_/unsubscribe"))).body).toContain("You&#39;re unsubscribed");
  });
});

describe("account emails", () => {
  it("signs in with a magic link: one email, one use, a new user with isNewUser and a welcome email", async () => {
    const jar = new CookieJar();
    const csrf = (await (await fetchWithJar(jar, `${s.app.url}/api/auth/csrf`)).json()) as { csrfToken: string };
    const address = "new.owner@example.com";
    const res = await fetchWithJar(jar, `${s.app.url}/api/auth/signin/email`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken: csrf.csrfToken, email: address, callbackUrl: `${s.app.url}/dashboard`, json: "true" }).toString(),
    });
    expect(res.status).toBe(200);
    const [mail] = await waitForMails(plunk.url, mailsTo(address, "Sign in to"));
    expectPlainText(mail!);
    const link = linkIn(mail!, "/api/auth/callback/email");
    expect(link.startsWith(`${s.app.url}/api/auth/callback/email?`)).toBe(true);

    const callback = await fetchWithJar(jar, link);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe(`${s.app.url}/dashboard`);
    const session = await getSession(s.app.url, jar);
    expect(session?.user.email).toBe(address);
    expect(session?.user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(session?.jwt.isNewUser).toBe(true);
    const [welcome] = await waitForMails(plunk.url, mailsTo(address, "Welcome to"));
    expectPlainText(welcome!);
    expect(linkIn(welcome!, "/new-site")).toBe(`${s.app.url}/new-site`);

    // The link works once.
    const again = await fetchWithJar(new CookieJar(), link);
    expect(again.headers.get("location")).toContain("error=Verification");
    // Signing in again later is not a new user, and sends no second welcome.
    const jar2 = new CookieJar();
    const csrf2 = (await (await fetchWithJar(jar2, `${s.app.url}/api/auth/csrf`)).json()) as { csrfToken: string };
    await fetchWithJar(jar2, `${s.app.url}/api/auth/signin/email`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken: csrf2.csrfToken, email: address, callbackUrl: `${s.app.url}/dashboard`, json: "true" }).toString(),
    });
    const links = await waitForMails(plunk.url, mailsTo(address, "Sign in to"), 2);
    await fetchWithJar(jar2, linkIn(links[1]!, "/api/auth/callback/email"));
    const second = await getSession(s.app.url, jar2);
    expect(second?.user.id).toBe(session?.user.id);
    expect(second?.jwt.isNewUser).toBe(false);
    await new Promise((r) => setTimeout(r, 300));
    expect((await sentMails(plunk.url)).filter(mailsTo(address, "Welcome to"))).toHaveLength(1);
  });

  it("never mails a sign-in link into an account the test login created, and welcomes new test-login users once", async () => {
    const address = `tester-${Date.now()}@example.com`;
    const first = await testLogin(s.app.url, address);
    expect((await getSession(s.app.url, first.jar))?.jwt.isNewUser).toBe(true);
    await waitForMails(plunk.url, mailsTo(address, "Welcome to"));
    await testLogin(s.app.url, address);

    const jar = new CookieJar();
    const csrf = (await (await fetchWithJar(jar, `${s.app.url}/api/auth/csrf`)).json()) as { csrfToken: string };
    const res = await fetchWithJar(jar, `${s.app.url}/api/auth/signin/email`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken: csrf.csrfToken, email: address, callbackUrl: `${s.app.url}/dashboard`, json: "true" }).toString(),
    });
    expect(((await res.json()) as { url: string }).url).toContain("error=AccessDenied");
    await new Promise((r) => setTimeout(r, 300));
    const toTester = (await sentMails(plunk.url)).filter((m) => m.to === address);
    expect(toTester.map((m) => m.subject)).toEqual(["Welcome to Pagewright"]);
  });

  it("sends the cancellation reason to the team and a 'cancellation received' email to the owner", async () => {
    const owner = s.ownerEmails[0]!;
    const jar = await signedIn(s.app.url, owner);
    const reply = await rpc(s.app.url, jar, "site", "sendCancellationReason", { siteId: s.siteIds[0], reason: "too_expensive", text: "Costs more than <b>we</b> earn" });
    expect(reply.body.result).toEqual({ received: true });
    const [team] = await waitForMails(plunk.url, mailsTo(TEAM, "Cancellation: too_expensive"));
    // The owner's words go into the plain text as they were typed, and escaped into the HTML.
    expect(team!.body).toMatch(/^<!doctype html>/);
    expect(team!.text).toContain(`Who: ${owner}`);
    expect(team!.text).toContain("> Costs more than <b>we</b> earn");
    expect(team!.body).toContain("Costs more than &lt;b&gt;we&lt;/b&gt; earn");
    expect(team!.reply).toBe(owner);
    const [received] = await waitForMails(plunk.url, mailsTo(owner, "We received your cancellation"));
    expectPlainText(received!);
  });
});
