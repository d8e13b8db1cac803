/** What the product needs of a payment provider; Paddle Billing implements it (paddle.ts). */

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
