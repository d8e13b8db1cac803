import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSitesApp, workspaceIndex, type SitesApp } from "../helpers/sites";
import { rawRequest } from "../helpers/raw-request";
import { fetchWithJar, testLogin, type CookieJar } from "../helpers/auth-client";

/**
 * Findings 8 and 9 of the security review, run as the review ran them: a signed-in visitor of `/signin` and a
 * visitor who enters a site password are sent back only to a path of the same origin, never to another host.
 */

const PASSWORD = "s3cret-pass";
let s: SitesApp;
let jar: CookieJar;
let locked: string;
let ipCounter = 0;

beforeAll(async () => {
  // TRUST_PROXY: each password post comes from its own address, so the 5-a-minute password limit never answers first.
  s = await startSitesApp([{ siteType: "docs", page: workspaceIndex.docs!, password: PASSWORD }], { env: { TRUST_PROXY: "1" } });
  [locked] = s.hosts as [string];
  jar = (await testLogin(s.app.url, "alice@example.com")).jar;
}, 300_000);
afterAll(() => s?.stop());

/** Where a browser goes with this Location header, resolved the WHATWG way. */
const landsOn = (location: string, base: string) => new URL(location, base);

const TRICKS = [
  "/%5Cevil.example/x",
  "/%09/evil.example/x",
  "/%0A/evil.example/x",
  "/%0D%0A/evil.example/x",
  "//evil.example/x",
  "/%5C/evil.example/x",
  "%5C%5Cevil.example/x",
  "/%252F%252Fevil.example/x",
  "https://evil.example/x",
  "javascript:alert(1)",
];

describe("open redirect on /signin (security review, finding 8)", () => {
  it.each(TRICKS)("a signed-in visitor with callbackUrl=%s stays on the app", async (trick) => {
    const res = await fetchWithJar(jar, `${s.app.url}/signin?callbackUrl=${trick}`);
    expect(res.status).toBe(307);
    const location = res.headers.get("location")!;
    expect(landsOn(location, s.app.url).origin).toBe(new URL(s.app.url).origin);
    expect(location).toMatch(/^\/dashboard$|^http:\/\/localhost:\d+\/dashboard$/);
  });

  it("still follows a same-origin callbackUrl", async () => {
    const res = await fetchWithJar(jar, `${s.app.url}/signin?callbackUrl=${encodeURIComponent("/dashboard?tab=sites")}`);
    expect(res.status).toBe(307);
    expect(landsOn(res.headers.get("location")!, s.app.url).href).toBe(`${s.app.url}/dashboard?tab=sites`);
  });
});

describe("open redirect after a site password (security review, finding 9)", () => {
  const postPassword = (next: string) =>
    rawRequest(`${s.app.url}/_/password`, {
      host: locked,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": `10.40.0.${++ipCounter}` },
      body: new URLSearchParams({ password: PASSWORD, next }).toString(),
    });

  it.each(["/\t/evil.example/phish", "/\n/evil.example/phish", "/\r\n/evil.example/phish", "/\\evil.example/phish", "//evil.example/phish", "/%2F%2Fevil.example/phish", "https://evil.example/phish"])(
    "the right password with next=%j lands on the site",
    async (next) => {
      const res = await postPassword(next);
      expect(res.status).toBe(303);
      expect(res.headers["set-cookie"]?.[0]).toMatch(/^site_access_/);
      const location = String(res.headers.location);
      expect(landsOn(location, `http://${locked}`).host).toBe(locked);
      expect(location).toBe("/");
    },
  );

  it("the form never carries a next= that leaves the site", async () => {
    const res = await s.get(locked, "/_/password?next=/%09/evil.example/phish");
    expect(res.status).toBe(401);
    const value = /name="next" value="([^"]*)"/.exec(res.body)?.[1];
    expect(value).toBe("/");
  });

  it("still returns to a page of the site", async () => {
    const res = await postPassword("/getting-started/quick-start?x=1");
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe("/getting-started/quick-start?x=1");
  });
});
