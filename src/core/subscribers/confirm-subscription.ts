import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { subscribers } from "@/db/schema";
import { enqueueWebhookEvent } from "@/core/webhooks/enqueue-webhook-event";
import { SUBSCRIPTION_TOKEN_RE } from "./subscription-site";

export type ConfirmResult = "confirmed" | "already-confirmed" | "invalid";

/** The link in the confirmation email: an unconfirmed subscriber of this site becomes confirmed (and the site's webhooks hear of it). */
export async function confirmSubscription(db: Db, siteId: string, token: string): Promise<ConfirmResult> {
  if (!SUBSCRIPTION_TOKEN_RE.test(token)) return "invalid";
  const bySiteAndToken = and(eq(subscribers.siteId, siteId), eq(subscribers.confirmToken, token));
  const [confirmed] = await db
    .update(subscribers)
    .set({ status: "confirmed", confirmedAt: new Date() })
    .where(and(bySiteAndToken, eq(subscribers.status, "unconfirmed")))
    .returning({ id: subscribers.id, email: subscribers.email });
  if (confirmed) {
    await enqueueWebhookEvent(db, siteId, "subscriber.confirmed", { subscriberId: confirmed.id, email: confirmed.email });
    return "confirmed";
  }
  const [row] = await db.select({ status: subscribers.status }).from(subscribers).where(bySiteAndToken);
  return row?.status === "confirmed" ? "already-confirmed" : "invalid";
}
