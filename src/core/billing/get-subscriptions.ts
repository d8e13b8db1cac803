import { desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { sites, subscriptions } from "@/db/schema";

export type SubscriptionView = {
  id: string;
  siteId: string;
  provider: string;
  status: string;
  paddleUserId?: string;
  unit_price: string | null;
  currency: string | null;
  plan: string;
  nextBilledAt: string | null;
  endsAt: string | null;
  createdAt: string;
};

/** docs/contracts.md §7 getSubscriptions: the subscriptions of the owner's sites, newest first. */
export async function getSubscriptions(db: Db, userId: string): Promise<SubscriptionView[]> {
  const rows = await db
    .select({ s: subscriptions })
    .from(subscriptions)
    .innerJoin(sites, eq(sites.id, subscriptions.siteId))
    .where(eq(sites.ownerId, userId))
    .orderBy(desc(subscriptions.createdAt));
  return rows.map(({ s }) => ({
    id: s.id,
    siteId: s.siteId,
    provider: s.provider,
    status: s.status,
    ...(s.paddleUserId ? { paddleUserId: s.paddleUserId } : {}),
    unit_price: s.unitPrice,
    currency: s.currency,
    plan: s.plan,
    nextBilledAt: s.nextBilledAt?.toISOString() ?? null,
    endsAt: s.endsAt?.toISOString() ?? null,
    createdAt: s.createdAt.toISOString(),
  }));
}
