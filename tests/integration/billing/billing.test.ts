import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { redeemCodes, sites } from "@/db/schema";
import { signPaddleBody } from "@/integrations/payments/webhook-signature";
import { createPaddleStub, type PaddleStub } from "../../../tools/paddle-stub/server";
import { getSession } from "../../helpers/auth-client";
import { rawRequest } from "../../helpers/raw-request";
import { rpc, signedIn, type CookieJar } from "../../helpers/rpc-client";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";

/**
 * Plans and payments over real HTTP (issue 10): the real server with billing on, pointed at the Paddle stand-in
 * server, which both answers the product's API calls and sends it signed webhooks. Owner A has a blog and a docs
 * site, owner B a blog.
 */

const API_KEY = "pdl_test_apikey_0123456789";
const SECRET = "pdl_ntfset_test_secret_0123456789";

let paddle: PaddleStub;
let s: SitesApp;
let url: string;
let a: CookieJar;
let b: CookieJar;
let aUserId: string;
let blogId: string;
let docsId: string;
let bBlogId: string;

type Reply = Awaited<ReturnType<typeof rpc>>;
const result = <T = unknown>(reply: Reply): T => {
  if (reply.body.error) throw new Error(`${reply.body.error.message} (${reply.body.error.data?.code})`);
  return reply.body.result as T;
};
const error = (reply: Reply) => ({ code: reply.body.error?.data?.code, message: reply.body.error?.message });
const site = (jar: CookieJar, method: string, params: unknown) => rpc(url, jar, "site", method, params);
const user = (jar: CookieJar, method: string, params: unknown) => rpc(url, jar, "user", method, params);
const control = async (path: string, body?: unknown) => {
  const res = await fetch(`${paddle.url}/__stub/${path}`, body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return res.json() as Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
};
type Sub = { siteId: string; provider: string; status: string; paddleUserId?: string; unit_price: string | null; currency: string | null; plan: string; nextBilledAt: string | null; endsAt: string | null };
const subsOf = async (jar: CookieJar, siteId: string) => result<Sub[]>(await user(jar, "getSubscriptions", {})).filter((x) => x.siteId === siteId);
const postWebhook = (body: string, signature?: string) =>
  fetch(`${url}/api/webhooks/paddle`, { method: "POST", headers: { "content-type": "application/json", ...(signature ? { "paddle-signature": signature } : {}) }, body });

beforeAll(async () => {
  paddle = await createPaddleStub({ apiKey: API_KEY, webhookSecret: SECRET });
  s = await startSitesApp(
    [
      { siteType: "blog", page: workspaceIndex.blog, settings: { name: "Acme Blog" } },
      { siteType: "docs", page: workspaceIndex.docs, settings: { name: "Acme Docs" } },
      { siteType: "blog", page: workspaceIndex.blog, settings: { name: "Bee Blog" } },
    ],
    {
      env: { PADDLE_API_KEY: API_KEY, PADDLE_WEBHOOK_SECRET: SECRET, PADDLE_CLIENT_TOKEN: "test_client_token", PADDLE_API_BASE: paddle.url },
      beforeStart: async (db) => {
        await db.insert(redeemCodes).values([{ code: "LTD-AAAA-BBBB-CCCC", plan: "pro" }]);
        // One owner for the first two sites.
        const rows = await db.select().from(sites);
        const blog = rows.find((r) => (r.settings as { name?: string }).name === "Acme Blog")!;
        const docs = rows.find((r) => (r.settings as { name?: string }).name === "Acme Docs")!;
        await db.update(sites).set({ ownerId: blog.ownerId }).where(eq(sites.id, docs.id));
      },
    },
  );
  url = s.app.url;
  [blogId, docsId, bBlogId] = s.siteIds as [string, string, string];
  a = await signedIn(url, s.ownerEmails[0]!);
  b = await signedIn(url, s.ownerEmails[2]!);
  aUserId = (await getSession(url, a))!.user.id;
  await control("config", { webhookUrl: `${url}/api/webhooks/paddle` });
}, 240_000);
afterAll(async () => {
  await s?.stop();
  await paddle?.close();
});

describe("a free site with billing on", () => {
  it("gets PAYMENT_REQUIRED for each paid feature, with a message naming it, and nothing changes", async () => {
    const attempts: [string, string, Record<string, unknown>, RegExp][] = [
      ["site", "updateSitePassword", { siteId: blogId, password: "secret-pass" }, /^Password protection needs the Pro plan/],
      ["site", "upsertWidget", { siteId: blogId, widget: { enabled: true } }, /^Search and chat widget .* needs the Pro plan/],
      ["site", "upsertAiCustomization", { siteId: blogId, ai: { enabled: true } }, /^AI chatbot .* needs the Pro plan/],
      ["site", "upsertAnalyticsCustomization", { siteId: blogId, analytics: { plausibleDomain: "acme.example" } }, /^Google Analytics or Plausible on your site needs the Pro plan/],
      ["site", "updateSite", { siteId: blogId, settings: { showBadge: false } }, /badge needs the Pro plan/],
      ["site", "updateSite", { siteId: blogId, settings: { headCode: "<script>chat()</script>" } }, /^Your own scripts and widgets on your domain needs the Pro plan/],
      ["site", "updateSiteEmailSettings", { siteId: blogId, email: { notifySubscribers: true } }, /^New-post emails .* needs the Pro plan/],
      ["site", "updateSiteDomain", { siteId: blogId, domain: "blog.acme.example" }, /^Custom domain .* needs the Pro plan/],
    ];
    for (const [endpoint, method, params, message] of attempts) {
      const reply = await rpc(url, a, endpoint as "site", method, params);
      expect(error(reply).code, method).toBe("PAYMENT_REQUIRED");
      expect(reply.body.error?.code, method).toBe(-32402);
      expect(error(reply).message, method).toMatch(message);
    }
    const { settings } = result<{ settings: { widget: { enabled: boolean }; ai: { enabled: boolean }; showBadge: boolean; analytics: { plausibleDomain: string | null }; email: { notifySubscribers: boolean } } }>(
      await site(a, "updateSite", { siteId: blogId }),
    );
    expect(settings.widget.enabled).toBe(false);
    expect(settings.ai.enabled).toBe(false);
    expect(settings.showBadge).toBe(true);
    expect(settings.analytics.plausibleDomain).toBeNull();
    expect(settings.email.notifySubscribers).toBe(false);
    expect(result(await site(a, "getSiteDomain", { siteId: blogId }))).toMatchObject({ domain: null });
    // No password was set: the site is open.
    expect((await s.get(s.hosts[0]!, "/")).status).toBe(200);
  });

  it("can still change free settings, and settings of a paid feature that stays off", async () => {
    expect(result(await site(a, "updateSite", { siteId: blogId, name: "Acme Journal" }))).toMatchObject({ siteId: blogId });
    expect(result<{ settings: { widget: { color: string } } }>(await site(a, "upsertWidget", { siteId: blogId, widget: { color: "#112233" } })).settings.widget.color).toBe("#112233");
    expect(error(await site(a, "updateSitePassword", { siteId: blogId, password: null })).code).toBeUndefined();
  });
});

describe("checkout, webhooks and subscriptions", () => {
  let firstEvent: { eventId: string };
  let subscriptionId: string;

  it("lists the Pro prices from Paddle's catalogue (and only ours), calling Paddle with the API key", async () => {
    const products = result<{ billing: string; products: { priceId: string; plan: string; amount: number; currency: string; interval: string; unit_price: string }[]; currentPlan: string }>(
      await user(a, "getProductsForChangePlan", { siteId: blogId }),
    );
    expect(products.billing).toBe("on");
    expect(products.currentPlan).toBe("free");
    expect(products.products.map((p) => [p.priceId, p.plan, p.amount, p.currency, p.interval])).toEqual([
      ["pri_pro_monthly", "pro", 12, "USD", "month"],
      ["pri_pro_yearly", "pro", 120, "USD", "year"],
    ]);
    const calls = (await control("calls")) as { method: string; path: string }[];
    expect(calls.some((c) => c.method === "GET" && c.path.startsWith("/prices?"))).toBe(true);
  });

  it("a completed checkout's signed subscription.created webhook makes the site Pro", async () => {
    const checkout = await control("checkout", { priceId: "pri_pro_monthly", customData: { userId: aUserId, siteId: blogId }, email: "a@example.com" });
    expect(checkout.delivery.status).toBe(200);
    expect(JSON.parse(checkout.delivery.body)).toMatchObject({ outcome: "applied" });
    firstEvent = { eventId: checkout.delivery.eventId };
    subscriptionId = checkout.subscription.id;
    const [sub] = await subsOf(a, blogId);
    expect(sub).toMatchObject({ provider: "paddle", status: "active", paddleUserId: checkout.subscription.customer_id, unit_price: "12.00", currency: "USD", plan: "pro", endsAt: null });
    expect(new Date(sub!.nextBilledAt!).getTime()).toBeGreaterThan(Date.now());
    expect(result(await site(a, "waitForSubscription", { siteId: blogId, timeoutMs: 0 }))).toEqual({ siteId: blogId, active: true, billing: "on" });
    // Paid features now work on this site, and only this one.
    expect(error(await site(a, "updateSitePassword", { siteId: blogId, password: "secret-pass" })).code).toBeUndefined();
    expect((await s.get(s.hosts[0]!, "/")).status).toBe(401);
    expect(error(await site(a, "upsertWidget", { siteId: docsId, widget: { enabled: true } })).code).toBe("PAYMENT_REQUIRED");
  });

  it("waitForSubscription streams checks until the webhook lands", async () => {
    const waiting = rpc(url, a, "site", "waitForSubscription", { siteId: docsId, timeoutMs: 20_000 }, { headers: { accept: "text/event-stream" } });
    await new Promise((r) => setTimeout(r, 1500));
    await control("checkout", { priceId: "pri_pro_yearly", customData: { userId: aUserId, siteId: docsId } });
    const stream = await waiting;
    expect(stream.text).toMatch(/^event: data\ndata: \{"attempt":1,"active":false\}\n\n/);
    expect(stream.text).toMatch(/event: result\ndata: \{"jsonrpc":"2.0","id":\d+,"result":\{"siteId":"[^"]+","active":true,"billing":"on"\}\}\n\n$/);
    const [sub] = await subsOf(a, docsId);
    expect(sub).toMatchObject({ unit_price: "120.00", plan: "pro" });
  });

  it("a replayed event is recognised and changes nothing", async () => {
    const [paddleSub] = ((await control("subscriptions")) as { id: string }[]).filter((x) => x.id === subscriptionId);
    const replay = await control("webhook", { event_type: "subscription.updated", event_id: firstEvent.eventId, data: { ...paddleSub, status: "paused" } });
    expect(replay.status).toBe(200);
    expect(JSON.parse(replay.body)).toMatchObject({ outcome: "duplicate" });
    expect((await subsOf(a, blogId))[0]!.status).toBe("active");
  });

  it("an event older than the last one applied is stale and changes nothing", async () => {
    const [paddleSub] = ((await control("subscriptions")) as { id: string }[]).filter((x) => x.id === subscriptionId);
    const old = await control("webhook", { event_type: "subscription.past_due", occurred_at: new Date(Date.now() - 3_600_000).toISOString(), data: { ...paddleSub, status: "past_due" } });
    expect(JSON.parse(old.body)).toMatchObject({ outcome: "stale" });
    expect((await subsOf(a, blogId))[0]!.status).toBe("active");
  });

  it("a badly signed, stale-signed or unsigned webhook is 400 and stores nothing", async () => {
    const [paddleSub] = ((await control("subscriptions")) as { id: string }[]).filter((x) => x.id === subscriptionId);
    const eventId = "evt_forged_0001";
    const bad = await control("webhook", { event_type: "subscription.canceled", event_id: eventId, signature: "bad", data: { ...paddleSub, status: "canceled" } });
    expect(bad.status).toBe(400);
    const stale = await control("webhook", { event_type: "subscription.canceled", event_id: eventId, signature: "stale", data: { ...paddleSub, status: "canceled" } });
    expect(stale.status).toBe(400);
    const body = JSON.stringify({ event_id: eventId, event_type: "subscription.canceled", occurred_at: new Date().toISOString(), data: { ...paddleSub, status: "canceled" } });
    expect((await postWebhook(body)).status).toBe(400);
    // Signed over other bytes than those sent (the body was altered on the way).
    expect((await postWebhook(body.replace("canceled", "cancelled"), signPaddleBody(SECRET, body, Math.floor(Date.now() / 1000)))).status).toBe(400);
    expect((await subsOf(a, blogId))[0]!.status).toBe("active");
    // The forged event's id was not stored: the same id, correctly signed, is applied.
    const real = await control("webhook", { event_type: "subscription.past_due", event_id: eventId, data: { ...paddleSub, status: "past_due" } });
    expect(JSON.parse(real.body)).toMatchObject({ outcome: "applied" });
    const [sub] = await subsOf(a, blogId);
    expect(sub!.status).toBe("past_due");
    // Past due is Paddle's retry period: the site keeps Pro.
    expect(error(await site(a, "upsertWidget", { siteId: blogId, widget: { enabled: true } })).code).toBeUndefined();
  });

  it("a webhook naming a site of another user is ignored", async () => {
    const checkout = await control("checkout", { priceId: "pri_pro_monthly", customData: { userId: aUserId, siteId: bBlogId } });
    expect(JSON.parse(checkout.delivery.body)).toMatchObject({ outcome: "ignored" });
    expect(await subsOf(b, bBlogId)).toEqual([]);
    expect(error(await site(b, "upsertWidget", { siteId: bBlogId, widget: { enabled: true } })).code).toBe("PAYMENT_REQUIRED");
  });

  it("a subscription to a price that names no plan of ours (another product in the account) is ignored, logged, and grants nothing", async () => {
    const bUserId = (await getSession(url, b))!.user.id;
    const checkout = await control("checkout", { priceId: "pri_other", customData: { userId: bUserId, siteId: bBlogId } });
    expect(checkout.subscription.items[0].price).toMatchObject({ id: "pri_other", custom_data: null });
    expect(checkout.delivery.status).toBe(200);
    expect(JSON.parse(checkout.delivery.body)).toMatchObject({ outcome: "ignored" });
    expect(s.app.output()).toContain(`[billing] ignored subscription.created ${checkout.delivery.eventId}: subscription ${checkout.subscription.id} is for price pri_other, which names no plan of ours`);
    // Its later events change nothing either.
    const renewed = await control("webhook", { event_type: "subscription.updated", data: { ...checkout.subscription, status: "active" } });
    expect(JSON.parse(renewed.body)).toMatchObject({ outcome: "ignored" });
    expect(await subsOf(b, bBlogId)).toEqual([]);
    expect(result<{ siteId: string; plan: string }[]>(await site(b, "getUserSites", {})).find((x) => x.siteId === bBlogId)?.plan).toBe("free");
    expect(error(await site(b, "updateSitePassword", { siteId: bBlogId, password: "abcd-efgh" })).code).toBe("PAYMENT_REQUIRED");
  });

  it("another owner can't see, change or cancel the subscription", async () => {
    for (const [method, params] of [
      ["getProductsForChangePlan", { siteId: blogId }],
      ["changeSubscriptionPlan", { siteId: blogId, priceId: "pri_pro_yearly" }],
      ["cancelSubscription", { siteId: blogId }],
      ["redeemCode", { code: "LTD-AAAA-BBBB-CCCC", siteId: blogId }],
    ] as const) {
      expect(error(await user(b, method, params)).code, method).toBe("NOT_FOUND");
    }
    expect(result<unknown[]>(await user(b, "getSubscriptions", {}))).toEqual([]);
    expect((await subsOf(a, blogId))[0]).toMatchObject({ unit_price: "12.00", endsAt: null });
  });

  it("changes plan through Paddle's API; the webhook that follows updates the price", async () => {
    expect(error(await user(a, "changeSubscriptionPlan", { siteId: blogId, priceId: "pri_other" })).code).toBe("VALIDATION");
    expect(result(await user(a, "changeSubscriptionPlan", { siteId: blogId, priceId: "pri_pro_yearly" }))).toMatchObject({ siteId: blogId, priceId: "pri_pro_yearly" });
    const calls = (await control("calls")) as { method: string; path: string; body: { items: { price_id: string }[] } }[];
    expect(calls.find((c) => c.method === "PATCH")).toMatchObject({ path: `/subscriptions/${subscriptionId}`, body: { items: [{ price_id: "pri_pro_yearly", quantity: 1 }] } });
    await expect.poll(async () => (await subsOf(a, blogId))[0]!.unit_price, { timeout: 10_000 }).toBe("120.00");
  });

  it("cancels at the end of the period, and a cancelled site is free again", async () => {
    const cancelled = result<{ endsAt: string }>(await user(a, "cancelSubscription", { siteId: blogId }));
    expect(new Date(cancelled.endsAt).getTime()).toBeGreaterThan(Date.now());
    await expect.poll(async () => (await subsOf(a, blogId))[0]!.endsAt, { timeout: 10_000 }).toBe(cancelled.endsAt);
    // Until then the site keeps Pro…
    expect(error(await site(a, "upsertAiCustomization", { siteId: blogId, ai: { enabled: true } })).code).toBeUndefined();
    // …and when Paddle says it's over, it is free.
    const [paddleSub] = ((await control("subscriptions")) as { id: string }[]).filter((x) => x.id === subscriptionId);
    const ended = await control("webhook", { event_type: "subscription.canceled", data: { ...paddleSub, status: "canceled", canceled_at: new Date().toISOString() } });
    expect(JSON.parse(ended.body)).toMatchObject({ outcome: "applied" });
    expect((await subsOf(a, blogId))[0]!.status).toBe("canceled");
    expect(error(await site(a, "upsertWidget", { siteId: blogId, widget: { enabled: false } })).code).toBeUndefined();
    expect(error(await site(a, "upsertWidget", { siteId: blogId, widget: { enabled: true } })).code).toBe("PAYMENT_REQUIRED");
  });
});

describe("lifetime-deal codes", () => {
  it("redeem once, case-insensitively, into a subscription without a paddleUserId", async () => {
    expect(result(await user(b, "redeemCode", { code: " ltd-aaaa-bbbb-cccc ", siteId: bBlogId }))).toMatchObject({ siteId: bBlogId, plan: "pro" });
    expect(error(await user(b, "redeemCode", { code: "LTD-AAAA-BBBB-CCCC", siteId: bBlogId })).code).toBe("CONFLICT");
    const [sub] = await subsOf(b, bBlogId);
    expect(sub).toMatchObject({ provider: "lifetime", status: "active", plan: "pro" });
    expect(sub!.paddleUserId).toBeUndefined();
    expect(error(await site(b, "upsertWidget", { siteId: bBlogId, widget: { enabled: true } })).code).toBeUndefined();
  });

  it("are rate-limited per user", async () => {
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 12; i++) codes.push(error(await user(b, "redeemCode", { code: `LTD-GUESS-${i}`, siteId: bBlogId })).code);
    expect(codes).toContain("NOT_FOUND");
    expect(codes.at(-1)).toBe("RATE_LIMITED");
    // Another user is not affected.
    expect(error(await user(a, "redeemCode", { code: "LTD-GUESS-X", siteId: blogId })).code).toBe("NOT_FOUND");
  });
});

describe("the webhook endpoint", () => {
  it("refuses a body that is not JSON even when signed, and non-subscription events are acknowledged and ignored", async () => {
    const ts = Math.floor(Date.now() / 1000);
    expect((await postWebhook("not json", signPaddleBody(SECRET, "not json", ts))).status).toBe(400);
    const body = JSON.stringify({ event_id: "evt_txn_1", event_type: "transaction.completed", occurred_at: new Date().toISOString(), data: { id: "txn_1" } });
    const res = await postWebhook(body, signPaddleBody(SECRET, body, ts));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: "ignored" });
  });

  it("is not served on a site host (the site server answers, refusing the POST)", async () => {
    const res = await rawRequest(`${url}/api/webhooks/paddle`, { host: s.hosts[2]!, method: "POST", body: "{}" });
    expect(res.status).toBe(405);
    expect(res.body).not.toContain("signature");
  });
});
