import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { paymentEvents, sites, subscriptions } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { paddleSubscriptionSchema, toProviderSubscription } from "@/integrations/payments/paddle";
import { verifyPaddleSignature } from "@/integrations/payments/webhook-signature";
import { fromMinorUnits, currencyMinorDigits } from "@/lib/currency";
import type { SiteEvents } from "@/core/sites/site-events";
import { isPlanId } from "./site-plan";

const envelopeSchema = z.object({
  event_id: z.string().min(1).max(200),
  event_type: z.string().min(1).max(100),
  occurred_at: z.iso.datetime({ offset: true }),
  data: z.unknown(),
});

const SUBSCRIPTION_EVENTS = new Set([
  "subscription.created",
  "subscription.updated",
  "subscription.activated",
  "subscription.canceled",
  "subscription.past_due",
  "subscription.paused",
  "subscription.resumed",
  "subscription.trialing",
]);

export type WebhookOutcome = "applied" | "duplicate" | "stale" | "ignored";

/**
 * A Paddle webhook: the signature is checked on the raw body before anything is parsed (bad → 400, nothing
 * stored). Each event id is applied once; an event older than the one already applied to a subscription changes
 * nothing, so out-of-order delivery can't bring back an old state. Subscriptions belong to the site named in the
 * checkout's custom data, and only if that site belongs to the user named there; and they grant a plan only when
 * their price names one of ours (custom_data.plan), otherwise the event is logged and ignored. An applied event emits
 * "site changed", so the site server's caches drop the site and its new plan (featuresOf) applies at once.
 */
export async function handlePaddleWebhook(
  deps: { db: Db; webhookSecret: string; siteEvents: Pick<SiteEvents, "emitSiteChanged"> },
  rawBody: string,
  signatureHeader: string | null,
): Promise<{ outcome: WebhookOutcome; eventId: string }> {
  if (!verifyPaddleSignature(deps.webhookSecret, rawBody, signatureHeader)) {
    throw new AppError("VALIDATION", "Invalid webhook signature");
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new AppError("VALIDATION", "The webhook body is not JSON");
  }
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) throw new AppError("VALIDATION", "Not a Paddle event");
  const { event_id: eventId, event_type: eventType } = envelope.data;
  const occurredAt = new Date(envelope.data.occurred_at);

  const parsed = SUBSCRIPTION_EVENTS.has(eventType) ? paddleSubscriptionSchema.safeParse(envelope.data.data) : null;
  const sub = parsed?.success ? toProviderSubscription(parsed.data) : null;
  const siteId = typeof sub?.customData?.siteId === "string" ? sub.customData.siteId : null;
  const userId = typeof sub?.customData?.userId === "string" ? sub.customData.userId : null;

  const result = await deps.db.transaction(async (tx) => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({ eventId, eventType, occurredAt, outcome: "applied" })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (!recorded.length) return { outcome: "duplicate" as const, eventId };
    const finish = async (outcome: WebhookOutcome) => {
      if (outcome !== "applied") await tx.update(paymentEvents).set({ outcome }).where(eq(paymentEvents.eventId, eventId));
      return { outcome, eventId };
    };

    if (!sub || !siteId || !userId) return finish("ignored");
    const [site] = await tx
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.id, siteId), eq(sites.ownerId, userId)))
      .limit(1);
    if (!site) return finish("ignored");

    // Only our prices grant our plans: a price without a paid plan of ours in custom_data.plan (another product sold in
    // the same Paddle account, chosen in the checkout) buys nothing here.
    // Tagged on the price or its product, as the catalogue reads them (getProductsForChangePlan).
    const item = parsed?.data?.items[0];
    const planValue = item?.price.custom_data?.plan ?? item?.product?.custom_data?.plan;
    if (!isPlanId(planValue) || planValue === "free") {
      console.warn(`[billing] ignored ${eventType} ${eventId}: subscription ${sub.id} is for price ${sub.priceId ?? "(none)"}, which names no plan of ours`);
      return finish("ignored");
    }

    const [existing] = await tx.select().from(subscriptions).where(eq(subscriptions.paddleSubscriptionId, sub.id)).limit(1);
    if (existing?.lastEventAt && existing.lastEventAt.getTime() >= occurredAt.getTime()) return finish("stale");

    const values = {
      siteId: site.id,
      provider: "paddle",
      status: sub.status,
      paddleUserId: sub.customerId,
      paddleSubscriptionId: sub.id,
      paddlePriceId: sub.priceId,
      unitPrice: sub.unitAmount === null ? null : fromMinorUnits(sub.unitAmount, sub.currency).toFixed(currencyMinorDigits(sub.currency)),
      currency: sub.currency,
      plan: planValue,
      nextBilledAt: sub.nextBilledAt ? new Date(sub.nextBilledAt) : null,
      endsAt: sub.endsAt ? new Date(sub.endsAt) : null,
      lastEventAt: occurredAt,
      updatedAt: new Date(),
    };
    if (existing) await tx.update(subscriptions).set(values).where(eq(subscriptions.id, existing.id));
    else await tx.insert(subscriptions).values(values);
    return finish("applied");
  });
  if (result.outcome === "applied" && siteId) deps.siteEvents.emitSiteChanged(siteId);
  return result;
}
