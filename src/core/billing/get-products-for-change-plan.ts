import { z } from "zod";
import type { Db } from "@/db/client";
import type { PaymentProvider } from "@/integrations/payments";
import { fromMinorUnits } from "@/lib/currency";
import { PLANS, type PlanId } from "@/lib/plans";
import { getSiteForOwnerOrThrow } from "@/core/sites/get-site-for-owner-or-throw";
import { getSitePlan, isPlanId } from "./site-plan";

export const getProductsForChangePlanInput = z.object({ siteId: z.string().min(1).max(64).optional() }).strict();

export type PlanProduct = {
  priceId: string;
  plan: PlanId;
  name: string;
  /** The price as a decimal string in `currency` ("12.00"), like a subscription's unit_price. */
  unit_price: string;
  amount: number;
  currency: string;
  interval: "day" | "week" | "month" | "year";
  frequency: number;
};

/**
 * docs/product.md §7 getProductsForChangePlan: the paid prices of the provider's catalogue that sell a plan of our plan table
 * (custom_data.plan), cheapest first, with the site's current plan when a site is named. Billing off → nothing to buy.
 */
export async function getProductsForChangePlan(
  deps: { db: Db; payments: PaymentProvider | null },
  userId: string,
  input: z.input<typeof getProductsForChangePlanInput>,
): Promise<{ billing: "on" | "off"; products: PlanProduct[]; currentPlan: PlanId | null }> {
  const { siteId } = getProductsForChangePlanInput.parse(input);
  if (siteId) await getSiteForOwnerOrThrow(deps.db, userId, siteId);
  if (!deps.payments) return { billing: "off", products: [], currentPlan: null };
  const prices = await deps.payments.listPrices();
  const products = prices
    .filter((p): p is typeof p & { plan: PlanId } => isPlanId(p.plan) && p.plan !== "free")
    .map((p) => {
      const amount = fromMinorUnits(p.unitAmount, p.currency);
      return { priceId: p.priceId, plan: p.plan, name: `${PLANS[p.plan].name}`, unit_price: String(amount), amount, currency: p.currency, interval: p.interval, frequency: p.frequency };
    })
    .sort((a, b) => a.amount - b.amount);
  const currentPlan = siteId ? await getSitePlan({ db: deps.db, billingEnabled: true }, siteId) : null;
  return { billing: "on", products, currentPlan };
}
