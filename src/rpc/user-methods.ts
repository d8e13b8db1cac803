import { z } from "zod";
import { getProductsForChangePlan, getProductsForChangePlanInput } from "@/core/billing/get-products-for-change-plan";
import { getSubscriptions } from "@/core/billing/get-subscriptions";
import { redeemCode, redeemCodeInput } from "@/core/billing/redeem-code";
import { deleteUser, deleteUserInput } from "@/core/users/delete-user";
import { trackUserData, trackUserDataInput } from "@/core/users/track-user-data";
import { method } from "./method";

/** The user RPC (`POST /api/user`, SPEC §7). */
export const userMethods = {
  getSubscriptions: method({
    summary: "The subscriptions of the user's sites, newest first (the SPEC's subscription lookup uses the best active one)",
    params: z.object({}).strict(),
    result: "[{id, siteId, provider, status, paddleUserId?, unit_price, currency, createdAt}]",
    run: (ctx) => getSubscriptions(ctx.runtime.db, ctx.userId),
  }),
  redeemCode: method({
    summary: "Redeems a lifetime-deal code for one of the user's sites",
    params: redeemCodeInput,
    result: "{siteId, subscriptionId, plan}",
    errors: ["NOT_FOUND", "CONFLICT"],
    run: (ctx, p) => redeemCode(ctx.runtime.db, ctx.userId, p),
  }),
  getProductsForChangePlan: method({
    summary: "Plans the user can switch to (none with billing off)",
    params: getProductsForChangePlanInput,
    result: "{billing: 'on' | 'off', products: [{priceId, name, unit_price, currency, interval}]}",
    run: (ctx, p) => getProductsForChangePlan({ billingEnabled: Boolean(ctx.runtime.env.PADDLE_API_KEY) }, p),
  }),
  trackUserData: method({
    summary: "Stores the sign-up reason and UTC offset sent once after sign-up",
    params: trackUserDataInput,
    result: "{saved: true}",
    run: (ctx, p) => trackUserData(ctx.runtime.db, ctx.userId, p),
  }),
  deleteUser: method({
    summary: 'Deletes the account and everything it owns; params {confirm: "DELETE"}',
    params: deleteUserInput,
    result: "{deleted: true, sites}",
    run: (ctx, p) => deleteUser({ db: ctx.runtime.db, bus: ctx.runtime.bus, storage: ctx.runtime.storage }, ctx.userId, p),
  }),
};
