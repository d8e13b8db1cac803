import crypto from "node:crypto";
import { and, count, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { subscribers } from "@/db/schema";
import type { EmailProvider } from "@/integrations/email";
import { AppError } from "@/lib/errors";
import { subscriberConfirmationEmail } from "@/core/email/templates";
import { siteEndpointUrl, type SubscriptionSite } from "./subscription-site";

export const subscribeInput = z.object({ email: z.email("Please enter a valid email address").trim().max(254) });

export const CONFIRM_PATH = "/_/subscribe/confirm";

export const newSubscriptionToken = () => crypto.randomBytes(32).toString("base64url");

/** What a visitor is told when the site's plan has no room for another subscriber (the owner sees the limit). */
export const SUBSCRIBER_LIMIT_MESSAGE = "This site can't take new subscribers right now. Please try again later.";

/**
 * The site's plan limit on subscribers (featuresOf; null = none): a new address past it is refused (FORBIDDEN), while
 * addresses already on the list (unconfirmed, or coming back) go on as before. Pending and confirmed ones count; two
 * sign-ups at the same instant may pass it by one.
 */
async function ensureRoomForSubscriber(db: Db, siteId: string, email: string, limit: number | null): Promise<void> {
  if (limit === null) return;
  const [known] = await db
    .select({ id: subscribers.id })
    .from(subscribers)
    .where(and(eq(subscribers.siteId, siteId), sql`lower(${subscribers.email}) = lower(${email})`))
    .limit(1);
  if (known) return;
  const [row] = await db
    .select({ n: count() })
    .from(subscribers)
    .where(and(eq(subscribers.siteId, siteId), ne(subscribers.status, "unsubscribed")));
  if ((row?.n ?? 0) >= limit) throw new AppError("FORBIDDEN", SUBSCRIBER_LIMIT_MESSAGE);
}

/**
 * A visitor subscribes to a blog or changelog (double opt-in): the address is stored unconfirmed and gets a
 * confirmation link on the site's own host; only the link confirms it. Subscribing again resends the link (an
 * unsubscribed address starts over); an address that is already confirmed gets nothing. The answer is the same in
 * every case, so the form never reveals who is subscribed.
 */
export async function subscribeToSite(
  deps: { db: Db; email: EmailProvider },
  site: SubscriptionSite,
  input: z.input<typeof subscribeInput>,
  limits: { subscribers: number | null },
): Promise<void> {
  const { email } = subscribeInput.parse(input);
  const { db } = deps;
  await ensureRoomForSubscriber(db, site.id, email, limits.subscribers);
  const fresh = newSubscriptionToken();
  const [inserted] = await db
    .insert(subscribers)
    .values({ siteId: site.id, email, confirmToken: fresh, unsubscribeToken: newSubscriptionToken() })
    .onConflictDoNothing()
    .returning({ email: subscribers.email, confirmToken: subscribers.confirmToken });
  let target = inserted;
  if (!target) {
    const [existing] = await db
      .select()
      .from(subscribers)
      .where(and(eq(subscribers.siteId, site.id), sql`lower(${subscribers.email}) = lower(${email})`));
    if (!existing || existing.status === "confirmed") return;
    if (existing.status === "unsubscribed") {
      // Coming back needs a new confirmation; old links stay dead.
      await db
        .update(subscribers)
        .set({ status: "unconfirmed", confirmToken: fresh, unsubscribedAt: null, confirmedAt: null })
        .where(eq(subscribers.id, existing.id));
      target = { email: existing.email, confirmToken: fresh };
    } else {
      target = { email: existing.email, confirmToken: existing.confirmToken };
    }
  }
  const mail = subscriberConfirmationEmail({ siteName: site.name, confirmUrl: siteEndpointUrl(site, CONFIRM_PATH, target.confirmToken), accentColor: site.accentColor });
  await deps.email.send({ to: target.email, ...mail, fromName: site.senderName || site.name, replyTo: site.replyTo ?? undefined });
}
