import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { subscriptions } from "@/db/schema";
import { AppError } from "@/lib/errors";
import type { PaymentProvider } from "@/integrations/payments";
import { sitePaddleSubscriptionOrThrow } from "./site-paddle-subscription";

export const cancelSubscriptionInput = z.object({ siteId: z.string().min(1).max(64) }).strict();

/** Cancels a site's Paddle subscription at the end of the period it was paid for; `endsAt` says when. */
export async function cancelSubscription(deps: { db: Db; payments: PaymentProvider | null }, userId: string, input: z.input<typeof cancelSubscriptionInput>) {
  const { siteId } = cancelSubscriptionInput.parse(input);
  const { sub } = await sitePaddleSubscriptionOrThrow(deps.db, userId, siteId);
  if (!deps.payments) throw new AppError("NOT_FOUND", "Billing is off");
  const updated = await deps.payments.cancel(sub.paddleSubscriptionId);
  const endsAt = updated.endsAt ? new Date(updated.endsAt) : null;
  await deps.db.update(subscriptions).set({ endsAt, status: updated.status, updatedAt: new Date() }).where(eq(subscriptions.id, sub.id));
  return { siteId, subscriptionId: sub.id, status: updated.status, endsAt: endsAt?.toISOString() ?? null };
}
