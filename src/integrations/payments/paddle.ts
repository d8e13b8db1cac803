import { z } from "zod";
import { AppError } from "@/lib/errors";
import type { PaymentProvider, ProviderPrice, ProviderSubscription } from "./types";

/** A small Paddle Billing API client (fetch): only the calls we make, each validated with zod. */

const REQUEST_TIMEOUT_MS = 10_000;

const money = z.object({ amount: z.string(), currency_code: z.string() });
const customData = z.record(z.string(), z.unknown()).nullable().optional();

const priceSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  name: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  status: z.string(),
  billing_cycle: z.object({ interval: z.enum(["day", "week", "month", "year"]), frequency: z.number() }).nullable(),
  unit_price: money,
  custom_data: customData,
  product: z.object({ name: z.string(), custom_data: customData }).partial().optional(),
});

/** Paddle's subscription entity, the fields we read (also the `data` of subscription.* webhooks). */
export const paddleSubscriptionSchema = z.object({
  id: z.string(),
  status: z.string(),
  customer_id: z.string(),
  currency_code: z.string(),
  next_billed_at: z.string().nullable().optional(),
  canceled_at: z.string().nullable().optional(),
  scheduled_change: z.object({ action: z.string(), effective_at: z.string() }).nullable().optional(),
  custom_data: customData,
  items: z
    .array(
      z
        .object({
          price: z.object({ id: z.string(), unit_price: money.optional(), custom_data: customData }).passthrough(),
          product: z.object({ custom_data: customData }).passthrough().nullable().optional(),
        })
        .passthrough(),
    )
    .default([]),
});

export function toProviderSubscription(data: z.infer<typeof paddleSubscriptionSchema>): ProviderSubscription {
  const price = data.items[0]?.price;
  const cancelAt = data.scheduled_change?.action === "cancel" ? data.scheduled_change.effective_at : null;
  return {
    id: data.id,
    status: data.status,
    customerId: data.customer_id,
    priceId: price?.id ?? null,
    unitAmount: price?.unit_price?.amount ?? null,
    currency: price?.unit_price?.currency_code ?? data.currency_code,
    nextBilledAt: data.next_billed_at ?? null,
    endsAt: cancelAt ?? data.canceled_at ?? null,
    customData: data.custom_data ?? null,
  };
}

const errorBody = z.object({ error: z.object({ code: z.string().optional(), detail: z.string().optional() }) });

export function createPaddleClient({ apiKey, baseUrl, timeoutMs = REQUEST_TIMEOUT_MS }: { apiKey: string; baseUrl: string; timeoutMs?: number }): PaymentProvider {
  const base = baseUrl.replace(/\/+$/, "");

  async function request<T>(method: string, path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json", accept: "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new AppError("UPSTREAM", "The payment provider did not answer, please try again", { cause: err });
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // A non-JSON answer (a proxy's error page) is handled as an error below.
    }
    if (!res.ok) {
      const detail = errorBody.safeParse(json).data?.error.detail;
      throw new AppError("UPSTREAM", detail ? `The payment provider refused: ${detail}` : `The payment provider answered ${res.status}`);
    }
    const parsed = z.object({ data: schema }).safeParse(json);
    if (!parsed.success) throw new AppError("UPSTREAM", "The payment provider sent an answer we could not read", { cause: parsed.error });
    return parsed.data.data;
  }

  return {
    async listPrices(): Promise<ProviderPrice[]> {
      const prices = await request("GET", "/prices?status=active&include=product&per_page=200", z.array(priceSchema));
      return prices
        .filter((p) => p.billing_cycle)
        .map((p) => ({
          priceId: p.id,
          productId: p.product_id,
          name: p.name ?? p.product?.name ?? p.description ?? p.id,
          unitAmount: p.unit_price.amount,
          currency: p.unit_price.currency_code,
          interval: p.billing_cycle!.interval,
          frequency: p.billing_cycle!.frequency,
          plan: stringOrNull(p.custom_data?.plan) ?? stringOrNull(p.product?.custom_data?.plan),
        }));
    },
    async changePrice(subscriptionId, priceId) {
      const sub = await request("PATCH", `/subscriptions/${encodeURIComponent(subscriptionId)}`, paddleSubscriptionSchema, {
        items: [{ price_id: priceId, quantity: 1 }],
        proration_billing_mode: "prorated_immediately",
      });
      return toProviderSubscription(sub);
    },
    async cancel(subscriptionId) {
      const sub = await request("POST", `/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`, paddleSubscriptionSchema, {
        effective_from: "next_billing_period",
      });
      return toProviderSubscription(sub);
    },
  };
}

function stringOrNull(v: unknown): string | null {
  return typeof v === "string" && v ? v : null;
}
