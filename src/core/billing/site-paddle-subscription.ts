import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { subscriptions } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { getSiteForOwnerOrThrow } from "@/core/sites/get-site-for-owner-or-throw";
import { PAID_STATUSES } from "./site-plan";

/** The owner's site's live Paddle subscription (the one change-plan and cancel act on), or NOT_FOUND. */
export async function sitePaddleSubscriptionOrThrow(db: Db, userId: string, siteId: string) {
  const site = await getSiteForOwnerOrThrow(db, userId, siteId);
  const [sub] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.siteId, site.id), eq(subscriptions.provider, "paddle"), inArray(subscriptions.status, [...PAID_STATUSES])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  if (!sub?.paddleSubscriptionId) throw new AppError("NOT_FOUND", "This site has no paid subscription to change");
  return { site, sub: { ...sub, paddleSubscriptionId: sub.paddleSubscriptionId } };
}
