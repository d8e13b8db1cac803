import { z } from "zod";
import { getProductsForChangePlan, getProductsForChangePlanInput } from "@/core/billing/get-products-for-change-plan";
import { getSubscriptions } from "@/core/billing/get-subscriptions";
import { cancelSubscription, cancelSubscriptionInput } from "@/core/billing/cancel-subscription";
import { changeSubscriptionPlan, changeSubscriptionPlanInput } from "@/core/billing/change-subscription-plan";
import { redeemCode, redeemCodeInput } from "@/core/billing/redeem-code";
import { deleteUser, deleteUserInput } from "@/core/users/delete-user";
import { trackConversionEvent, trackConversionEventInput } from "@/core/users/track-conversion-event";
import { trackUserData, trackUserDataInput } from "@/core/users/track-user-data";
import { expectWebhookVerification, expectWebhookVerificationInput } from "@/core/notion-connections/expect-webhook-verification";
import { method, type RpcContext } from "./method";

const payments = (ctx: RpcContext) => ({ db: ctx.runtime.db, payments: ctx.runtime.payments });

/** The user RPC (`POST /api/user`, docs/product.md §7). */
export const userMethods = {
  getSubscriptions: method({
    role: "self",
    readOnly: true,
    summary: "The subscriptions of the user's sites, newest first (the subscription lookup of docs/product.md §4 uses the best active one)",
    params: z.object({}).strict(),
    result: "[{id, siteId, provider, status, paddleUserId?, unit_price, currency, plan, nextBilledAt, endsAt, createdAt}]",
    run: (ctx) => getSubscriptions(ctx.runtime.db, ctx.userId),
  }),
  redeemCode: method({
    role: "owner",
    summary: "Redeems a lifetime-deal code (case-insensitive, once) for one of the user's sites; 10 tries an hour",
    params: redeemCodeInput,
    result: "{siteId, subscriptionId, plan}",
    errors: ["NOT_FOUND", "CONFLICT", "RATE_LIMITED"],
    run: (ctx, p) => redeemCode({ db: ctx.runtime.db, siteEvents: ctx.runtime.siteEvents }, ctx.ownerId, p),
    audit: { action: "plan.code_redeemed", details: (_p, r) => ({ plan: r.plan }) },
  }),
  getProductsForChangePlan: method({
    role: "owner",
    summary: "The paid prices on sale (from Paddle's catalogue, custom_data.plan), and the named site's current plan; none with billing off",
    params: getProductsForChangePlanInput,
    result: "{billing: 'on' | 'off', products: [{priceId, plan, name, unit_price, amount, currency, interval, frequency}], currentPlan}",
    errors: ["NOT_FOUND", "UPSTREAM"],
    run: (ctx, p) => getProductsForChangePlan(payments(ctx), ctx.ownerId, p),
  }),
  changeSubscriptionPlan: method({
    role: "owner",
    summary: "Moves a site's Paddle subscription to another price (prorated now)",
    params: changeSubscriptionPlanInput,
    result: "{siteId, subscriptionId, priceId, status}",
    errors: ["NOT_FOUND", "VALIDATION", "UPSTREAM"],
    run: (ctx, p) => changeSubscriptionPlan(payments(ctx), ctx.ownerId, p),
    audit: { action: "plan.changed", details: (p) => ({ priceId: p.priceId }) },
  }),
  cancelSubscription: method({
    role: "owner",
    summary: "Cancels a site's Paddle subscription at the end of the paid period",
    params: cancelSubscriptionInput,
    result: "{siteId, subscriptionId, status, endsAt}",
    errors: ["NOT_FOUND", "UPSTREAM"],
    run: (ctx, p) => cancelSubscription(payments(ctx), ctx.ownerId, p),
    audit: { action: "plan.cancelled" },
  }),
  trackUserData: method({
    role: "self",
    summary: "Stores the sign-up reason and UTC offset sent once after sign-up",
    params: trackUserDataInput,
    result: "{saved: true}",
    run: (ctx, p) => trackUserData(ctx.runtime.db, ctx.userId, p),
  }),
  trackConversionEvent: method({
    role: "self",
    summary: "Sends a conversion event (docs/product.md §9) to the email-marketing destination for the signed-in user (not for test addresses; only with Plunk configured)",
    params: trackConversionEventInput,
    result: "{sent: boolean}",
    errors: ["UPSTREAM"],
    run: (ctx, p) => trackConversionEvent({ db: ctx.runtime.db, email: ctx.runtime.email }, ctx.userId, p),
  }),
  expectNotionWebhookVerification: method({
    role: "self",
    summary:
      "Operators (ADMIN_EMAILS) only: the next Notion webhook verification request within 15 minutes becomes the signing key, replacing the stored one; anyone else gets NOT_FOUND",
    params: expectWebhookVerificationInput,
    result: "{until}",
    errors: ["NOT_FOUND"],
    run: (ctx) => expectWebhookVerification({ db: ctx.runtime.db, adminEmails: ctx.runtime.env.ADMIN_EMAILS }, ctx.email),
  }),
  deleteUser: method({
    role: "self",
    sessionOnly: true,
    summary: 'Deletes the account and everything it owns; params {confirm: "DELETE"}',
    params: deleteUserInput,
    result: "{deleted: true, sites}",
    run: (ctx, p) => deleteUser({ db: ctx.runtime.db, siteEvents: ctx.runtime.siteEvents, storage: ctx.runtime.storage }, ctx.userId, p),
  }),
};
