import type { Env } from "@/env";
import { createPaddleClient } from "./paddle";

/**
 * The payment provider behind an interface (issue 10). Today Paddle Billing; the stand-in server in
 * tools/paddle-stub speaks the same wire format, so tests run this very client.
 */

export type ProviderPrice = {
  priceId: string;
  productId: string;
  name: string;
  /** Amount in minor units as the provider sends it ("1200" = 12.00 USD). */
  unitAmount: string;
  currency: string;
  interval: "day" | "week" | "month" | "year";
  frequency: number;
  /** custom_data.plan of the price or its product: which plan-table row it sells. */
  plan: string | null;
};

export type ProviderSubscription = {
  id: string;
  status: string;
  customerId: string;
  priceId: string | null;
  unitAmount: string | null;
  currency: string;
  nextBilledAt: string | null;
  /** When a scheduled cancellation (or a past cancellation) takes effect. */
  endsAt: string | null;
  customData: Record<string, unknown> | null;
};

export interface PaymentProvider {
  listPrices(): Promise<ProviderPrice[]>;
  /** Moves the subscription to another price, prorated now. */
  changePrice(subscriptionId: string, priceId: string): Promise<ProviderSubscription>;
  /** Cancels at the end of the billing period (the owner keeps what they paid for). */
  cancel(subscriptionId: string): Promise<ProviderSubscription>;
}

const PADDLE_API = { sandbox: "https://sandbox-api.paddle.com", production: "https://api.paddle.com" } as const;

/** null when billing is off (no API key): self-hosted, every feature unlocked. */
export function createPaymentProvider(env: Env): PaymentProvider | null {
  if (!env.PADDLE_API_KEY) return null;
  return createPaddleClient({ apiKey: env.PADDLE_API_KEY, baseUrl: env.PADDLE_API_BASE ?? PADDLE_API[env.PADDLE_ENV] });
}
