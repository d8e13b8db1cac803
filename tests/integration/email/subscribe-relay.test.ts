import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlunkStub, type PlunkStub } from "../../../tools/plunk-stub/server";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";
import { rawRequest } from "../../helpers/raw-request";
import { sentMails, waitForMails, type SentMail } from "../../helpers/plunk";
import { SUBSCRIBE_LIMITS } from "@/core/limits";
import { RATE_LIMITS } from "@/core/usage/rate-limits";
import { awayFromMinuteEdge } from "../../helpers/usage-window";

/**
 * Finding 4 of the security review, over real HTTP: the subscribe form can't be used to relay mail. Confirmation
 * mails carry a fixed subject, a sender that names the product and the site's address, no owner-chosen Reply-To or
 * site name; each address gets at most one pending confirmation per site per day and a few per day across all
 * sites (plus-addresses are the same mailbox); each IP and each site has a request limit. TRUST_PROXY=1 lets the
 * test speak from different addresses (one X-Forwarded-For entry each).
 */

const PHISHING_NAME = "PayPal: your account is limited - reply to restore access";
let plunk: PlunkStub;
let s: SitesApp;
let ipCounter = 0;
const freshIp = () => `10.20.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  plunk = await createPlunkStub();
  s = await startSitesApp(
    [
      { siteType: "blog", page: workspaceIndex.blog!, settings: { name: "Bob Blog", email: { notifySubscribers: true } } },
      { siteType: "changelog", page: workspaceIndex.changelog!, settings: { name: "Bob Changelog", email: { notifySubscribers: true } } },
      { siteType: "blog", page: workspaceIndex.blog!, settings: { name: PHISHING_NAME, email: { notifySubscribers: true, senderName: "PayPal Security", replyTo: "restore@evil.example" } } },
      { siteType: "blog", page: workspaceIndex.blog!, settings: { name: "Busy Blog", email: { notifySubscribers: true } } },
    ],
    { env: { PLUNK_API_KEY: plunk.apiKey, PLUNK_API_BASE: plunk.url, EMAIL_FROM: "Pagewright <hello@pagewright.test>", TRUST_PROXY: "1" } },
  );
}, 300_000);
afterAll(async () => {
  await s?.stop();
  await plunk?.close();
});

const subscribe = (host: string, email: string, ip = freshIp()) =>
  rawRequest(`${s.app.url}/_/subscribe`, {
    host,
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", referer: `http://${host}/`, "x-forwarded-for": ip },
    body: `email=${encodeURIComponent(email)}`,
  });
const confirmationsTo = async (match: (to: string) => boolean): Promise<SentMail[]> =>
  (await sentMails(plunk.url)).filter((m) => match(m.to) && m.subject.startsWith("Confirm your subscription"));
/** Mails go out before the 303; a short wait only guards against a late extra one. */
const settle = () => new Promise((r) => setTimeout(r, 300));

describe("subscribe form: no relay (security review, finding 4)", () => {
  it("sends confirmations with a fixed subject and a sender naming the product and the site's address — no owner text, no owner Reply-To", async () => {
    const host = s.hosts[2]!;
    expect((await subscribe(host, "victim2@example.org")).status).toBe(303);
    const [mail] = await waitForMails(plunk.url, (m) => m.to === "victim2@example.org");
    expect(mail!.subject).toBe("Confirm your subscription");
    expect(mail!.name).toBe(`${host} via Pagewright`);
    expect(mail!.reply).toBeUndefined();
    for (const text of [mail!.subject, mail!.name ?? "", mail!.text, mail!.body]) {
      expect(text).not.toContain("PayPal");
      expect(text).not.toContain("restore@evil.example");
    }
    expect(mail!.text).toContain(host);
  });

  it("sends one pending confirmation per address and site a day: the review's 12 alternating posts give one mail per site", async () => {
    const [blog, changelog] = s.hosts as [string, string];
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await subscribe(i % 2 ? changelog : blog, "victim@example.org")).status);
    expect(statuses).toEqual(Array(12).fill(303)); // the form answers the same whatever happens to the mail
    await settle();
    const mails = await confirmationsTo((to) => to === "victim@example.org");
    expect(mails).toHaveLength(2);
  });

  it("caps confirmations per mailbox across sites and plus-addresses", async () => {
    const [a, b, c] = s.hosts as [string, string, string];
    const tries: [string, string][] = [
      [a, "carol@example.org"],
      [a, "carol+1@example.org"],
      [b, "carol@example.org"],
      [b, "Carol+2@Example.org"],
      [c, "carol+3@example.org"],
      [a, "carol+4@example.org"],
    ];
    for (const [host, address] of tries) expect((await subscribe(host, address)).status).toBe(303);
    await settle();
    const mails = await confirmationsTo((to) => /^carol(\+\d)?@example\.org$/i.test(to));
    expect(mails).toHaveLength(SUBSCRIBE_LIMITS.confirmationsPerMailboxPerDay);
  });

  it("limits one IP across sites", async () => {
    const ip = "10.99.0.1";
    const { limit, minutes } = RATE_LIMITS.subscribePerIp;
    await awayFromMinuteEdge(60_000, minutes);
    const statuses: number[] = [];
    // Spread over three sites so the older per-site-and-IP limit never decides.
    for (let i = 0; i < limit + 2; i++) statuses.push((await subscribe(s.hosts[i % 3]!, `ip-test-${i}@example.org`, ip)).status);
    expect(statuses.slice(0, limit)).toEqual(Array(limit).fill(303));
    expect(statuses.slice(limit)).toEqual([429, 429]);
    // Another address is not held up.
    expect((await subscribe(s.hosts[0]!, "someone-else@example.org", "10.99.0.2")).status).toBe(303);
  }, 180_000);

  it("limits one site across IPs", async () => {
    const host = s.hosts[3]!;
    const { limit, minutes } = RATE_LIMITS.subscribePerSite;
    // A hundred forms must land in one window of the limit, even on a slow machine.
    await awayFromMinuteEdge(60_000, minutes);
    for (let i = 0; i < limit; i++) expect((await subscribe(host, `fan-${i}@example.net`)).status, `request ${i + 1}`).toBe(303);
    expect((await subscribe(host, "one-too-many@example.net")).status).toBe(429);
    // The other sites are not held up.
    expect((await subscribe(s.hosts[1]!, "elsewhere@example.net")).status).toBe(303);
  }, 180_000);
});
