import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { subscribers } from "@/db/schema";
import { SUBSCRIPTION_TOKEN_RE } from "./subscription-site";

const bySiteAndToken = (siteId: string, token: string) => and(eq(subscribers.siteId, siteId), eq(subscribers.unsubscribeToken, token));

/** Who an unsubscribe link belongs to (for the page that asks to confirm), or null for a bad link. */
export async function findSubscriptionForUnsubscribe(db: Db, siteId: string, token: string): Promise<{ email: string; status: string } | null> {
  if (!SUBSCRIPTION_TOKEN_RE.test(token) && !/^[0-9a-f-]{36}$/.test(token)) return null;
  const [row] = await db.select({ email: subscribers.email, status: subscribers.status }).from(subscribers).where(bySiteAndToken(siteId, token));
  return row ?? null;
}

/** The unsubscribe link in every notification: the address gets no more mail from this site. false for a bad link. */
export async function unsubscribeFromSite(db: Db, siteId: string, token: string): Promise<boolean> {
  if (!(await findSubscriptionForUnsubscribe(db, siteId, token))) return false;
  await db
    .update(subscribers)
    .set({ status: "unsubscribed", unsubscribedAt: new Date() })
    .where(bySiteAndToken(siteId, token));
  return true;
}
