import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { sites, subscribers } from "@/db/schema";
import { createPaddleStub, type PaddleStub } from "../../../tools/paddle-stub/server";
import { createAiStub, type AiStub } from "../../../tools/ai-stub/server";
import { aiStubControl } from "../../../tools/ai-stub/control";
import { fetchWithJar, getSession } from "../../helpers/auth-client";
import { rawRequest, type RawResponse } from "../../helpers/raw-request";
import { rpc, signedIn, type CookieJar } from "../../helpers/rpc-client";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";

/**
 * Plans enforced when serving (security review, finding 1) over real HTTP: the real server with billing on against the
 * Paddle and AI stand-ins. The review's reproduction, run as written, now gets the safe answer; a free site's limits
 * hold even when its stored settings say otherwise; and with billing off nothing changes.
 */

const API_KEY = "pdl_test_apikey_plans_0123456789";
const SECRET = "pdl_ntfset_test_plans_secret_0123456789";
const UNAVAILABLE = "The assistant is not available on this site.";
const BADGE = "Published with";

/** A free site whose stored settings turn every paid setting on (set while billing was off, or on a plan since gone). */
const PAID_SETTINGS = { name: "Carol Blog", showBadge: false, email: { notifySubscribers: true }, ai: { enabled: true }, widget: { enabled: true }, analytics: { plausibleDomain: "carol.example" } };
const FREE_LIMIT = 100;

let paddle: PaddleStub;
let aiStub: AiStub;
let s: SitesApp;
let url: string;
let bob: CookieJar;
let bobId: string;
let bobSite: string;
let carolSite: string;

const control = async (path: string, body?: unknown) => {
  const res = await fetch(`${paddle.url}/__stub/${path}`, body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return res.json() as Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
};
const siteRpc = (method: string, params: unknown) => rpc(url, bob, "site", method, params);
const errorCode = (reply: Awaited<ReturnType<typeof rpc>>) => reply.body.error?.data?.code;

const passwordCookie = async (app: SitesApp, host: string, password: string) => {
  const res = await rawRequest(`${app.app.url}/_/password`, { host, method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ password, next: "/" }).toString() });
  expect(res.status).toBe(303);
  return String(res.headers["set-cookie"]).split(";")[0]!;
};
const ask = (app: SitesApp, host: string, cookie?: string): Promise<RawResponse> =>
  rawRequest(`${app.app.url}/_/chat`, {
    host,
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ messages: [{ role: "user", content: "What does Lumen cost?" }] }),
  });
const subscribe = (app: SitesApp, host: string, email: string, cookie?: string) =>
  rawRequest(`${app.app.url}/_/subscribe`, { host, method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) }, body: new URLSearchParams({ email }).toString() });

/** Fills a site's list to the free plan's limit, as if it had grown there. */
const fillSubscribers = (siteId: string) =>
  Array.from({ length: FREE_LIMIT }, (_, i) => ({ siteId, email: `reader${i}@example.org`, status: "confirmed", confirmedAt: new Date() }));

beforeAll(async () => {
  paddle = await createPaddleStub({ apiKey: API_KEY, webhookSecret: SECRET });
  aiStub = await createAiStub();
  s = await startSitesApp(
    [
      { siteType: "blog", page: workspaceIndex.blog, settings: { name: "Bob Site", email: { notifySubscribers: true } } },
      { siteType: "blog", page: workspaceIndex.blog, settings: PAID_SETTINGS },
      { siteType: "blog", page: workspaceIndex.blog, settings: { name: "Dan Blog", email: { notifySubscribers: true } }, customDomain: "blog.dan.example" },
    ],
    {
      env: { PADDLE_API_KEY: API_KEY, PADDLE_WEBHOOK_SECRET: SECRET, PADDLE_CLIENT_TOKEN: "test_client_token", PADDLE_API_BASE: paddle.url, AI_BASE_URL: aiStub.baseUrl, AI_MODEL: "stub-model" },
      beforeStart: async (db) => {
        const carol = (await db.select({ id: sites.id, settings: sites.settings }).from(sites)).find((r) => (r.settings as { name?: string }).name === "Carol Blog");
        await db.insert(subscribers).values(fillSubscribers(carol!.id));
      },
    },
  );
  url = s.app.url;
  [bobSite, carolSite] = s.siteIds as [string, string];
  bob = await signedIn(url, s.ownerEmails[0]!);
  bobId = (await getSession(url, bob))!.user.id;
  await control("config", { webhookUrl: `${url}/api/webhooks/paddle` });
}, 240_000);
afterAll(async () => {
  await s?.stop();
  await paddle?.close();
  await aiStub?.close();
});

describe("the review's reproduction of finding 1, run as written", () => {
  let subscription: Record<string, unknown>;
  let cookie: string;
  const host = () => s.hosts[0]!;

  it("a Pro site sets a password, the chatbot and no badge", async () => {
    expect(errorCode(await siteRpc("updateSitePassword", { siteId: bobSite, password: "bobpass1" }))).toBe("PAYMENT_REQUIRED");
    const checkout = await control("checkout", { priceId: "pri_pro_monthly", customData: { userId: bobId, siteId: bobSite } });
    expect(JSON.parse(checkout.delivery.body)).toMatchObject({ outcome: "applied" });
    subscription = checkout.subscription;
    expect((await siteRpc("updateSitePassword", { siteId: bobSite, password: "bobpass1" })).body.result).toMatchObject({ hasPassword: true });
    expect(errorCode(await siteRpc("upsertAiCustomization", { siteId: bobSite, ai: { enabled: true } }))).toBeUndefined();
    expect(errorCode(await siteRpc("updateSite", { siteId: bobSite, settings: { showBadge: false } }))).toBeUndefined();
    cookie = await passwordCookie(s, host(), "bobpass1");
    expect((await s.get(host(), "/", { cookie })).body).not.toContain(BADGE);
    await aiStubControl(aiStub.url).reset();
    const answered = await ask(s, host(), cookie);
    expect(answered.headers["content-type"]).toContain("text/event-stream");
    expect((await aiStubControl(aiStub.url).requests()).length).toBe(1);
  });

  it("after subscription.canceled: still locked, the badge is back, the chatbot is unavailable and calls no model", async () => {
    const ended = await control("webhook", { event_type: "subscription.canceled", data: { ...subscription, status: "canceled", canceled_at: new Date().toISOString() } });
    expect(JSON.parse(ended.body)).toMatchObject({ outcome: "applied" });
    expect((await rpc(url, bob, "user", "getSubscriptions", {})).body.result).toMatchObject([{ siteId: bobSite, status: "canceled" }]);
    // No waiting for a cache to expire: the webhook dropped the site's caches.
    expect((await s.get(host(), "/")).status).toBe(401);
    const page = await s.get(host(), "/", { cookie });
    expect(page.status).toBe(200);
    expect(page.body).toContain(BADGE);
    await aiStubControl(aiStub.url).reset();
    const refused = await ask(s, host(), cookie);
    expect(refused.status).toBe(404);
    expect(refused.headers["content-type"]).toContain("application/json");
    expect(JSON.parse(refused.body).error.message).toBe(UNAVAILABLE);
    expect(await aiStubControl(aiStub.url).requests()).toEqual([]);
    // The page no longer offers the chat launcher.
    expect(page.body).not.toContain('data-label="Ask ');
  });

  it("the owner is told what lapsed, and can't change the password (but could remove it)", async () => {
    const html = await (await fetchWithJar(bob, `${url}/dashboard/sites/${bobSite}`)).text();
    expect(html).toContain("Your Pro plan ended on");
    expect(html).toContain("The AI chatbot, hiding the badge and new-post emails are paused; your settings are kept.");
    expect(html).toContain("Your site stays password-protected");
    expect(errorCode(await siteRpc("updateSitePassword", { siteId: bobSite, password: "newpass22" }))).toBe("PAYMENT_REQUIRED");
    const { settings } = (await siteRpc("updateSite", { siteId: bobSite })).body.result as { settings: { ai: { enabled: boolean }; showBadge: boolean } };
    expect(settings).toMatchObject({ ai: { enabled: true }, showBadge: false });
  });

  it("renewing brings everything back: same password (old cookie still works), no badge, the chatbot answers", async () => {
    const checkout = await control("checkout", { priceId: "pri_pro_yearly", customData: { userId: bobId, siteId: bobSite } });
    expect(JSON.parse(checkout.delivery.body)).toMatchObject({ outcome: "applied" });
    const page = await s.get(host(), "/", { cookie });
    expect(page.status).toBe(200);
    expect(page.body).not.toContain(BADGE);
    const answered = await ask(s, host(), cookie);
    expect(answered.headers["content-type"]).toContain("text/event-stream");
    const html = await (await fetchWithJar(bob, `${url}/dashboard/sites/${bobSite}`)).text();
    expect(html).not.toContain("plan ended on");
  });
});

describe("a free site with billing on, whatever its stored settings", () => {
  const host = () => s.hosts[1]!;

  it("shows the badge, drops its own analytics and offers no chatbot", async () => {
    const page = await s.get(host(), "/");
    expect(page.status).toBe(200);
    expect(page.body).toContain(BADGE);
    expect(page.body).not.toContain("plausible.io/js");
    expect(page.body).not.toContain('data-label="Ask ');
    const refused = await ask(s, host());
    expect(refused.status).toBe(404);
    expect(JSON.parse(refused.body).error.message).toBe(UNAVAILABLE);
    expect((await s.get(host(), "/_/chat")).status).toBe(404);
    expect(await (await fetch(`${url}/api/widget/${carolSite}`)).json()).toEqual({ enabled: false });
  });

  it("sends its custom domain's visitors to its own address, which serves the site", async () => {
    const own = s.hosts[2]!;
    const viaDomain = await s.get("blog.dan.example", "/introducing-lumen-20?x=1");
    expect(viaDomain.status).toBe(302);
    expect(viaDomain.headers.location).toMatch(new RegExp(`^https?://${own.replace(/[.:]/g, "\\$&")}/introducing-lumen-20\\?x=1$`));
    // The site's own address no longer sends visitors to the domain: it serves the site.
    expect((await s.get(own, "/introducing-lumen-20")).status).toBe(200);
  });

  it("takes no subscriber while the plan has new-post emails paused (the site never promises mail it won't send)", async () => {
    for (const address of ["new.reader@example.org", "reader7@example.org"]) {
      const refused = await subscribe(s, host(), address);
      expect(refused.status).toBe(404);
      expect(refused.body).toMatch(/This site doesn('|&#x27;|&#39;)t send emails about new posts\./);
    }
  });

  it("the owner's assistant needs a plan", async () => {
    const carol = await signedIn(url, s.ownerEmails[1]!);
    const reply = await rpc(url, carol, "site", "askSiteAssistant", { siteId: carolSite, messages: [{ role: "user", content: "Hi" }] });
    expect(reply.body.error?.data?.code).toBe("PAYMENT_REQUIRED");
  });
});

describe("billing off (self-hosted)", () => {
  let off: SitesApp;
  beforeAll(async () => {
    off = await startSitesApp([{ siteType: "blog", page: workspaceIndex.blog, settings: PAID_SETTINGS, customDomain: "blog.selfhosted.example", password: "selfpass" }], {
      beforeStart: async (db) => {
        const [row] = await db.select({ id: sites.id }).from(sites);
        await db.insert(subscribers).values(fillSubscribers(row!.id));
        await db.update(sites).set({ settings: PAID_SETTINGS }).where(eq(sites.id, row!.id));
      },
    });
  }, 240_000);
  afterAll(async () => {
    await off?.stop();
  });

  it("keeps every paid setting working: custom domain, password, no badge, chatbot, no subscriber limit", async () => {
    const domain = "blog.selfhosted.example";
    expect((await off.get(off.hosts[0]!, "/")).status).toBe(301);
    expect((await off.get(domain, "/")).status).toBe(401);
    const cookie = await passwordCookie(off, domain, "selfpass");
    const page = await off.get(domain, "/", { cookie });
    expect(page.status).toBe(200);
    expect(page.body).not.toContain(BADGE);
    expect(page.body).toContain("plausible.io/js");
    expect(page.body).toContain('data-label="Ask ');
    const answered = await ask(off, domain, cookie);
    expect(answered.status).toBe(200);
    expect(answered.headers["content-type"]).toContain("text/event-stream");
    expect((await subscribe(off, domain, "one.more@example.org", cookie)).status).toBe(303);
  });
});
