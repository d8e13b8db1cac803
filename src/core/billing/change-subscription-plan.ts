import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { subscriptions } from "@/db/schema";
import { AppError } from "@/lib/errors";
import type { PaymentProvider } from "@/integrations/payments";
import { sitePaddleSubscriptionOrThrow } from "./site-paddle-subscription";
import { isPlanId } from "./site-plan";

export const changeSubscriptionPlanInput = z.object({ siteId: z.string().min(1).max(64), priceId: z.string().min(1).max(100) }).strict();

/**
 * Moves a site's Paddle subscription to another price of the catalogue (prorated now). The webhook that follows
 * brings the stored row up to date; the new price is stored at once so the dashboard shows it.
 */
export async function changeSubscriptionPlan(deps: { db: Db; payments: PaymentProvider | null }, userId: string, input: z.input<typeof changeSubscriptionPlanInput>) {
  const { siteId, priceId } = changeSubscriptionPlanInput.parse(input);
  const { sub } = await sitePaddleSubscriptionOrThrow(deps.db, userId, siteId);
  if (!deps.payments) throw new AppError("NOT_FOUND", "Billing is off");
  const prices = await deps.payments.listPrices();
  if (!prices.some((p) => p.priceId === priceId && isPlanId(p.plan) && p.plan !== "free")) throw new AppError("VALIDATION", "That plan is not for sale");
  const updated = await deps.payments.changePrice(sub.paddleSubscriptionId, priceId);
  await deps.db.update(subscriptions).set({ paddlePriceId: updated.priceId, status: updated.status, updatedAt: new Date() }).where(eq(subscriptions.id, sub.id));
  return { siteId, subscriptionId: sub.id, priceId: updated.priceId, status: updated.status };
}
