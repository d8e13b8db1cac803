import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { subscribers } from "@/db/schema";
import { spendReaderLink } from "@/core/readers/reader-links";
import { enqueueWebhookEvent } from "@/core/webhooks/enqueue-webhook-event";

export type ConfirmResult = "confirmed" | "already-confirmed" | "expired" | "invalid";

/**
 * The link in the confirmation email, used once: the unconfirmed subscriber it names becomes confirmed (and the site's
 * webhooks hear of it). Opening it again only says the address is subscribed; a link past its day says so.
 */
export async function confirmSubscription(db: Db, siteId: string, token: string, now = new Date()): Promise<ConfirmResult> {
  const used = await spendReaderLink(db, siteId, ["subscribe"], token, now);
  if (used.state === "invalid" || !used.link.subjectId) return "invalid";
  const bySubject = and(eq(subscribers.siteId, siteId), eq(subscribers.id, used.link.subjectId));
  if (used.state === "ok") {
    const [confirmed] = await db
      .update(subscribers)
      .set({ status: "confirmed", confirmedAt: now })
      .where(and(bySubject, eq(subscribers.status, "unconfirmed")))
      .returning({ id: subscribers.id, email: subscribers.email });
    if (confirmed) {
      await enqueueWebhookEvent(db, siteId, "subscriber.confirmed", { subscriberId: confirmed.id, email: confirmed.email });
      return "confirmed";
    }
  }
  const [row] = await db.select({ status: subscribers.status }).from(subscribers).where(bySubject);
  if (row?.status === "confirmed") return "already-confirmed";
  return used.state === "expired" ? "expired" : "invalid";
}
