import { and, desc, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/db/client";
import { postNotifications, subscribers } from "@/db/schema";
import { getSiteForOwnerOrThrow } from "@/core/sites/get-site-for-owner-or-throw";
import { dashed, postEmailInput } from "./site-post";

/** A queued row's state in the log: waiting (pending or being sent), sent, failed after its last try, or cancelled. */
export type PostEmailCounts = { queued: number; sent: number; failed: number; cancelled: number };

/**
 * A post's send log: how many emails are queued, sent, failed and cancelled, and the latest problems — sends that
 * failed for good, and queued ones whose last try failed — with the provider's reason.
 */
export async function postEmailLog(db: Db, ownerId: string, input: z.input<typeof postEmailInput>) {
  const { siteId, postId } = postEmailInput.parse(input);
  const site = await getSiteForOwnerOrThrow(db, ownerId, siteId);
  const pageIds = [dashed(postId)];
  const mine = and(eq(postNotifications.siteId, site.id), inArray(postNotifications.pageId, pageIds));
  const rows = await db.select({ status: postNotifications.status, n: sql<number>`count(*)::int` }).from(postNotifications).where(mine).groupBy(postNotifications.status);
  const counts: PostEmailCounts = { queued: 0, sent: 0, failed: 0, cancelled: 0 };
  for (const r of rows) {
    const key = r.status === "pending" || r.status === "sending" ? "queued" : (r.status as keyof PostEmailCounts);
    if (key in counts) counts[key] += Number(r.n);
  }
  const failures = await db
    .select({ email: subscribers.email, status: postNotifications.status, attempts: postNotifications.attempts, lastError: postNotifications.lastError })
    .from(postNotifications)
    .innerJoin(subscribers, eq(subscribers.id, postNotifications.subscriberId))
    .where(and(mine, ne(postNotifications.status, "sent"), isNotNull(postNotifications.lastError)))
    .orderBy(desc(postNotifications.createdAt))
    .limit(50);
  return { ...counts, failures };
}
