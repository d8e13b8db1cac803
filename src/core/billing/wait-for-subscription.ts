import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { subscriptions } from "@/db/schema";
import { getSiteForOwnerOrThrow } from "@/core/sites/get-site-for-owner-or-throw";

export const waitForSubscriptionInput = z.object({ siteId: z.string().min(1).max(64), timeoutMs: z.number().int().min(0).max(60_000).default(30_000) }).strict();

/**
 * docs/product.md §7 waitForSubscription (streaming): after checkout, waits until the site's subscription is active (the
 * payment webhook writes it), reporting each check. With billing off every site counts as active at once.
 */
export async function waitForSubscription(
  deps: { db: Db; billingEnabled: boolean },
  userId: string,
  input: z.input<typeof waitForSubscriptionInput>,
  opts: { signal?: AbortSignal; onCheck?: (check: { attempt: number; active: boolean }) => void; intervalMs?: number } = {},
) {
  const { siteId, timeoutMs } = waitForSubscriptionInput.parse(input);
  const site = await getSiteForOwnerOrThrow(deps.db, userId, siteId);
  if (!deps.billingEnabled) return { siteId: site.id, active: true, billing: "off" as const };
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 1; ; attempt++) {
    const [active] = await deps.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.siteId, site.id), eq(subscriptions.status, "active")))
      .limit(1);
    opts.onCheck?.({ attempt, active: Boolean(active) });
    if (active) return { siteId: site.id, active: true, billing: "on" as const };
    if (Date.now() >= deadline || opts.signal?.aborted) return { siteId: site.id, active: false, billing: "on" as const };
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 1000));
  }
}
