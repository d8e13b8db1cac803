import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlunkStub, type PlunkStub } from "../../../tools/plunk-stub/server";
import { startApp, type AppProcess } from "../../helpers/app-server";
import { CookieJar, fetchWithJar } from "../../helpers/auth-client";
import { sentMails } from "../../helpers/plunk";
import { RATE_LIMITS } from "@/core/usage/rate-limits";
import { awayFromMinuteEdge } from "../../helpers/usage-window";

/**
 * Finding 11 of the security review, over real HTTP: the magic-link form can't flood one inbox through
 * plus-addressing, and one IP can't mail a list of addresses. TRUST_PROXY=1 lets the test speak from different
 * addresses (one X-Forwarded-For entry each).
 */

let plunk: PlunkStub;
let app: AppProcess;
let ipCounter = 0;
const freshIp = () => `10.30.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  plunk = await createPlunkStub();
  app = await startApp({ env: { PLUNK_API_KEY: plunk.apiKey, PLUNK_API_BASE: plunk.url, EMAIL_FROM: "Pagewright <hello@pagewright.test>", TRUST_PROXY: "1", AUTH_TEST_LOGIN: "0" } });
}, 300_000);
afterAll(async () => {
  await app?.stop();
  await plunk?.close();
});

async function askForLink(email: string, ip: string, extraHeaders: Record<string, string> = {}): Promise<number> {
  const jar = new CookieJar();
  const headers = { "x-forwarded-for": ip, ...extraHeaders };
  const csrf = (await (await fetchWithJar(jar, `${app.url}/api/auth/csrf`, { headers })).json()) as { csrfToken: string };
  const res = await fetchWithJar(jar, `${app.url}/api/auth/signin/email`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken: csrf.csrfToken, email, callbackUrl: `${app.url}/dashboard`, json: "true" }).toString(),
  });
  await res.text();
  return res.status;
}
const signInMailsTo = async (match: (to: string) => boolean) => (await sentMails(plunk.url)).filter((m) => match(m.to) && m.subject.startsWith("Sign in to"));
/** Lets sends already accepted reach the stand-in: polls until its mail count stops changing for 300 ms. */
async function settle(): Promise<void> {
  let last = -1;
  for (let count = (await sentMails(plunk.url)).length; count !== last; count = (await sentMails(plunk.url)).length) {
    last = count;
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe("magic-link limits (security review, finding 11)", () => {
  it("counts plus-addresses as one mailbox: the review's 7 + 8 requests send 5 mails, not 13", async () => {
    // The limits' windows are 15 minutes on the UTC clock: all requests in one.
    await awayFromMinuteEdge(20_000, RATE_LIMITS.magicLink.minutes);
    for (let i = 0; i < 7; i++) expect(await askForLink("mallory-victim@example.org", freshIp())).toBe(200);
    for (let i = 0; i < 8; i++) expect(await askForLink(`mallory-victim+${i}@example.org`, freshIp())).toBe(200);
    await settle();
    expect(await signInMailsTo((to) => /^mallory-victim(\+\d+)?@example\.org$/.test(to))).toHaveLength(RATE_LIMITS.magicLink.limit);
  });

  it("limits one IP whatever the addresses, and a made-up client-address header does not get round it", async () => {
    const ip = "10.31.0.1";
    const { limit } = RATE_LIMITS.magicLinkPerIp;
    await awayFromMinuteEdge(20_000, RATE_LIMITS.magicLinkPerIp.minutes);
    for (let i = 0; i < limit + 3; i++) await askForLink(`list-${i}@example.net`, ip, { "x-pagewright-client-ip": `192.0.2.${i}` });
    await settle();
    expect(await signInMailsTo((to) => /^list-\d+@example\.net$/.test(to))).toHaveLength(limit);
    // Another IP still gets its link.
    expect(await askForLink("unrelated@example.net", "10.31.0.2")).toBe(200);
    await settle();
    expect(await signInMailsTo((to) => to === "unrelated@example.net")).toHaveLength(1);
  });
});
