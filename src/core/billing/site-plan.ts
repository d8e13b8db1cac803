import { and, desc, eq, gt, inArray, isNull, or, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { subscriptions } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { FEATURE_LABELS, PAID_STATUSES, PLANS, planForFeature, planHasFeature, type PaidFeature, type PlanId } from "@/lib/plans";

export { PAID_STATUSES };

export type BillingDeps = { db: Db; billingEnabled: boolean };

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === "string" && Object.hasOwn(PLANS, value);
}

/**
 * A subscription that pays for its site now: in a paid status (past_due is Paddle's retry period; when its retries run
 * out Paddle cancels or pauses it) and not past the end date of a cancellation — so a missed "canceled" webhook can't
 * keep a plan alive after the period that was paid for.
 */
export function liveSubscriptionOf(siteId: string, now = new Date()): SQL {
  return and(
    eq(subscriptions.siteId, siteId),
    inArray(subscriptions.status, [...PAID_STATUSES]),
    or(isNull(subscriptions.endsAt), gt(subscriptions.endsAt, now)),
  )!;
}

/** The plan a site is on: its best live subscription's plan, else free. Billing off → null (no plans at all). */
export async function getSitePlan(deps: BillingDeps, siteId: string, now = new Date()): Promise<PlanId | null> {
  if (!deps.billingEnabled) return null;
  const rows = await deps.db
    .select({ plan: subscriptions.plan })
    .from(subscriptions)
    .where(liveSubscriptionOf(siteId, now))
    .orderBy(desc(subscriptions.createdAt));
  return rows.map((r) => r.plan).find(isPlanId) ?? "free";
}

export function paymentRequiredMessage(feature: PaidFeature): string {
  return `${FEATURE_LABELS[feature]} needs the ${planForFeature(feature).name} plan. Upgrade this site to use it.`;
}

/** Throws PAYMENT_REQUIRED when billing is on and the site's plan lacks any of these features. */
export async function requireSiteFeatures(deps: BillingDeps, siteId: string, features: readonly PaidFeature[]): Promise<void> {
  if (!deps.billingEnabled || features.length === 0) return;
  const plan = (await getSitePlan(deps, siteId)) ?? "free";
  const missing = features.find((f) => !planHasFeature(plan, f));
  if (missing) throw new AppError("PAYMENT_REQUIRED", paymentRequiredMessage(missing));
}
