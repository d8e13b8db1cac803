import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { paddleJsStandIn } from "./paddle-js";

/**
 * A local stand-in for Paddle Billing (issue 10): the API calls the product makes (`GET /prices`,
 * `GET|PATCH /subscriptions/:id`, `POST /subscriptions/:id/cancel`) in Paddle's JSON shapes with bearer auth, and
 * the other direction — correctly (or deliberately badly) signed webhooks POSTed to the product. `/paddle.js` is a
 * stand-in of Paddle.js v2 for browser tests (served through page.route), whose "Pay" goes through `/__stub/checkout`.
 *
 * Control: POST /__stub/checkout {priceId, customData, email} · POST /__stub/webhook {event_type, data, event_id?,
 * occurred_at?, signature?: "good"|"bad"|"stale"} · POST /__stub/config {webhookUrl} · GET /__stub/calls ·
 * GET /__stub/webhooks · POST /__stub/reset.
 */

export type StubPrice = { id: string; productId: string; productName: string; name: string; amount: string; currency: string; interval: "month" | "year"; plan: string };

export const DEFAULT_PRICES: StubPrice[] = [
  { id: "pri_pro_monthly", productId: "pro_site", productName: "Pro site", name: "Pro monthly", amount: "1200", currency: "USD", interval: "month", plan: "pro" },
  { id: "pri_pro_yearly", productId: "pro_site", productName: "Pro site", name: "Pro yearly", amount: "12000", currency: "USD", interval: "year", plan: "pro" },
  // Sold in the same Paddle account for something else: the product must ignore it (no custom_data.plan of ours).
  { id: "pri_other", productId: "other", productName: "Consulting", name: "Consulting hour", amount: "9900", currency: "USD", interval: "month", plan: "" },
];

type Subscription = Record<string, unknown> & { id: string; status: string; items: Record<string, unknown>[] };
type Delivery = { eventId: string; eventType: string; status: number; body: string };

export type PaddleStub = { url: string; close(): Promise<void> };

export async function createPaddleStub(opts: { apiKey: string; webhookSecret: string; webhookUrl?: string; port?: number; host?: string; prices?: StubPrice[] }): Promise<PaddleStub> {
  const prices = opts.prices ?? DEFAULT_PRICES;
  let webhookUrl = opts.webhookUrl ?? "";
  let subscriptions = new Map<string, Subscription>();
  let calls: { method: string; path: string; body: unknown }[] = [];
  let deliveries: Delivery[] = [];
  let baseUrl = "";

  const id = (prefix: string) => `${prefix}_${crypto.randomBytes(13).toString("hex")}`;
  const priceEntity = (p: StubPrice, withProduct: boolean) => ({
    id: p.id,
    product_id: p.productId,
    name: p.name,
    description: p.name,
    status: "active",
    billing_cycle: { interval: p.interval, frequency: 1 },
    trial_period: null,
    tax_mode: "account_setting",
    unit_price: { amount: p.amount, currency_code: p.currency },
    quantity: { minimum: 1, maximum: 1 },
    custom_data: p.plan ? { plan: p.plan } : null,
    ...(withProduct ? { product: { id: p.productId, name: p.productName, status: "active", custom_data: null } } : {}),
  });
  const addPeriod = (from: Date, interval: "month" | "year") => {
    const d = new Date(from);
    if (interval === "year") d.setUTCFullYear(d.getUTCFullYear() + 1);
    else d.setUTCMonth(d.getUTCMonth() + 1);
    return d;
  };

  function newSubscription(price: StubPrice, customData: unknown, customerId: string): Subscription {
    const now = new Date();
    const ends = addPeriod(now, price.interval);
    return {
      id: id("sub"),
      status: "active",
      customer_id: customerId,
      address_id: id("add"),
      currency_code: price.currency,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      started_at: now.toISOString(),
      first_billed_at: now.toISOString(),
      next_billed_at: ends.toISOString(),
      canceled_at: null,
      collection_mode: "automatic",
      billing_cycle: { interval: price.interval, frequency: 1 },
      current_billing_period: { starts_at: now.toISOString(), ends_at: ends.toISOString() },
      scheduled_change: null,
      custom_data: customData ?? null,
      items: [{ status: "active", quantity: 1, recurring: true, price: priceEntity(price, false) }],
    };
  }

  async function sendWebhook(input: { event_type: string; data: unknown; event_id?: string; occurred_at?: string; signature?: "good" | "bad" | "stale" }): Promise<Delivery> {
    const event = {
      event_id: input.event_id ?? id("evt"),
      event_type: input.event_type,
      occurred_at: input.occurred_at ?? new Date().toISOString(),
      notification_id: id("ntf"),
      data: input.data,
    };
    const body = JSON.stringify(event);
    const now = Math.floor(Date.now() / 1000);
    const signature =
      input.signature === "bad"
        ? paddleSignature("not-the-secret", body, now)
        : input.signature === "stale"
          ? paddleSignature(opts.webhookSecret, body, now - 3600)
          : paddleSignature(opts.webhookSecret, body, now);
    let delivery: Delivery;
    try {
      const res = await fetch(webhookUrl, { method: "POST", headers: { "content-type": "application/json", "paddle-signature": signature }, body });
      delivery = { eventId: event.event_id, eventType: event.event_type, status: res.status, body: await res.text() };
    } catch (err) {
      delivery = { eventId: event.event_id, eventType: event.event_type, status: 0, body: String(err) };
    }
    deliveries.push(delivery);
    return delivery;
  }

  const paddleError = (status: number, code: string, detail: string) => ({ status, body: { error: { type: "request_error", code, detail, documentation_url: "https://developer.paddle.com/v1/errors" }, meta: { request_id: crypto.randomUUID() } } });
  const ok = (data: unknown, extra: Record<string, unknown> = {}) => ({ status: 200, body: { data, meta: { request_id: crypto.randomUUID(), ...extra } } });

  async function api(method: string, url: URL, body: unknown, auth: string | undefined): Promise<{ status: number; body: unknown }> {
    if (auth !== `Bearer ${opts.apiKey}`) return paddleError(403, "forbidden", "You aren't permitted to perform this request.");
    const subMatch = /^\/subscriptions\/([^/]+)(\/cancel)?$/.exec(url.pathname);
    if (method === "GET" && url.pathname === "/prices") {
      const withProduct = (url.searchParams.get("include") ?? "").split(",").includes("product");
      const list = prices.filter(() => !url.searchParams.get("status") || url.searchParams.get("status") === "active").map((p) => priceEntity(p, withProduct));
      return ok(list, { pagination: { per_page: 200, next: `${baseUrl}/prices?after=${list.at(-1)?.id ?? ""}`, has_more: false, estimated_total: list.length } });
    }
    if (subMatch) {
      const sub = subscriptions.get(decodeURIComponent(subMatch[1]!));
      if (!sub) return paddleError(404, "entity_not_found", `Entity ${subMatch[1]} not found`);
      if (method === "GET" && !subMatch[2]) return ok(sub);
      if (method === "PATCH" && !subMatch[2]) {
        const priceId = (body as { items?: { price_id?: string }[] })?.items?.[0]?.price_id;
        const price = prices.find((p) => p.id === priceId);
        if (!price) return paddleError(400, "bad_request", "Invalid request: items[0].price_id is not a price of this account");
        sub.items = [{ status: "active", quantity: 1, recurring: true, price: priceEntity(price, false) }];
        sub.billing_cycle = { interval: price.interval, frequency: 1 };
        sub.updated_at = new Date().toISOString();
        void sendWebhook({ event_type: "subscription.updated", data: sub });
        return ok(sub);
      }
      if (method === "POST" && subMatch[2]) {
        const effective = (body as { effective_from?: string })?.effective_from ?? "next_billing_period";
        const now = new Date().toISOString();
        if (effective === "immediately") Object.assign(sub, { status: "canceled", canceled_at: now, scheduled_change: null, next_billed_at: null });
        else sub.scheduled_change = { action: "cancel", effective_at: (sub.current_billing_period as { ends_at: string }).ends_at, resume_at: null };
        sub.updated_at = now;
        void sendWebhook({ event_type: sub.status === "canceled" ? "subscription.canceled" : "subscription.updated", data: sub });
        return ok(sub);
      }
    }
    return paddleError(404, "not_found", `No route for ${method} ${url.pathname}`);
  }

  async function control(method: string, url: URL, body: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
    switch (`${method} ${url.pathname}`) {
      case "POST /__stub/checkout": {
        const price = prices.find((p) => p.id === body.priceId);
        if (!price) return { status: 400, body: { error: `unknown price ${String(body.priceId)}` } };
        const sub = newSubscription(price, body.customData, id("ctm"));
        subscriptions.set(sub.id, sub);
        const delivery = await sendWebhook({ event_type: "subscription.created", data: sub });
        return { status: 200, body: { subscription: sub, transactionId: id("txn"), delivery } };
      }
      case "POST /__stub/webhook":
        return { status: 200, body: await sendWebhook(body as Parameters<typeof sendWebhook>[0]) };
      case "POST /__stub/config":
        if (typeof body.webhookUrl === "string") webhookUrl = body.webhookUrl;
        return { status: 200, body: { webhookUrl } };
      case "GET /__stub/calls":
        return { status: 200, body: calls };
      case "GET /__stub/webhooks":
        return { status: 200, body: deliveries };
      case "GET /__stub/subscriptions":
        return { status: 200, body: [...subscriptions.values()] };
      case "POST /__stub/reset":
        subscriptions = new Map();
        calls = [];
        deliveries = [];
        return { status: 200, body: { reset: true } };
    }
    return { status: 404, body: { error: "unknown control route" } };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void (async () => {
        const url = new URL(req.url ?? "/", baseUrl);
        // The browser stand-in calls /__stub/checkout from the app's origin.
        res.setHeader("access-control-allow-origin", "*");
        res.setHeader("access-control-allow-headers", "content-type");
        if (req.method === "OPTIONS") return void res.writeHead(204).end();
        if (req.method === "GET" && url.pathname === "/paddle.js") {
          res.writeHead(200, { "content-type": "text/javascript; charset=utf-8" });
          return void res.end(paddleJsStandIn(baseUrl, prices));
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        let body: unknown = null;
        try {
          body = raw ? JSON.parse(raw) : null;
        } catch {
          res.writeHead(400, { "content-type": "application/json" });
          return void res.end(JSON.stringify(paddleError(400, "bad_request", "Invalid JSON").body));
        }
        const isControl = url.pathname.startsWith("/__stub/");
        if (!isControl) calls.push({ method: req.method ?? "GET", path: url.pathname + url.search, body });
        const out = isControl ? await control(req.method ?? "GET", url, (body ?? {}) as Record<string, unknown>) : await api(req.method ?? "GET", url, body, req.headers.authorization);
        res.writeHead(out.status, { "content-type": "application/json" });
        res.end(JSON.stringify(out.body));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://${opts.host ?? "127.0.0.1"}:${port}`;
  return {
    url: baseUrl,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Signs a webhook the way Paddle does: `ts=<unix seconds>;h1=<hex HMAC-SHA256(secret, "<ts>:<raw body>")>`. Written
 * here on purpose rather than imported from the product, so the stand-in and the product's verifier can't share a bug.
 */
function paddleSignature(secret: string, rawBody: string, ts: number): string {
  return `ts=${ts};h1=${crypto.createHmac("sha256", secret).update(`${ts}:${rawBody}`).digest("hex")}`;
}
