import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { redeemCodes, subscriptions } from "@/db/schema";
import type { SiteEvents } from "@/core/sites/site-events";
import { AppError } from "@/lib/errors";
import { takeSharedRateLimit } from "@/core/usage/rate-limits";
import { isPlanId } from "./site-plan";
import { getSiteForOwnerOrThrow } from "@/core/sites/get-site-for-owner-or-throw";

export const TOO_MANY_ATTEMPTS_MESSAGE = "Too many attempts, please try again in an hour";

export const redeemCodeInput = z.object({ code: z.string().trim().min(4).max(64), siteId: z.string().min(1).max(64) }).strict();

/**
 * docs/product.md §7 redeemCode: a lifetime-deal code gives one of the owner's sites a lifetime subscription (no Paddle ids).
 * Codes are compared case-insensitively (stored upper-case). A code is used once: the claim and the subscription are
 * one transaction.
 */
export async function redeemCode(deps: { db: Db; siteEvents: Pick<SiteEvents, "emitSiteChanged"> }, userId: string, input: z.input<typeof redeemCodeInput>) {
  const { code, siteId } = redeemCodeInput.parse(input);
  const { db } = deps;
  const site = await getSiteForOwnerOrThrow(db, userId, siteId);
  // Guessing codes is slow: RATE_LIMITS.redeemCode tries per user, counted across every process.
  if (!(await takeSharedRateLimit(db, "redeemCode", userId))) throw new AppError("RATE_LIMITED", TOO_MANY_ATTEMPTS_MESSAGE);
  const redeemed = await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(redeemCodes).where(eq(redeemCodes.code, code.toUpperCase())).limit(1);
    if (!existing) throw new AppError("NOT_FOUND", "This code does not exist");
    const claimed = await tx
      .update(redeemCodes)
      .set({ redeemedAt: sql`now()`, redeemedBySiteId: site.id })
      .where(and(eq(redeemCodes.code, existing.code), isNull(redeemCodes.redeemedAt)))
      .returning();
    if (!claimed.length) throw new AppError("CONFLICT", "This code has already been used");
    const [subscription] = await tx.insert(subscriptions).values({ siteId: site.id, provider: "lifetime", status: "active", plan: isPlanId(existing.plan) && existing.plan !== "free" ? existing.plan : "pro", unitPrice: null, currency: "USD" }).returning();
    return { siteId: site.id, subscriptionId: subscription!.id, plan: subscription!.plan };
  });
  // The site's features change with its plan: its caches drop it now.
  deps.siteEvents.emitSiteChanged(site.id);
  return redeemed;
}
