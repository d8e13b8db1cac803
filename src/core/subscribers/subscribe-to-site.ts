import crypto from "node:crypto";
import { and, count, eq, gt, ne, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { subscribers } from "@/db/schema";
import type { EmailProvider } from "@/integrations/email";
import { AppError } from "@/lib/errors";
import { mailReaderLink, READER_LINK_PATHS } from "@/core/readers/mail-reader-link";
import { SUBSCRIBE_LIMITS } from "@/core/limits";
import { canonicalMailbox } from "@/lib/mailbox";
import type { SubscriptionSite } from "./subscription-site";

export const subscribeInput = z.object({ email: z.email("Please enter a valid email address").trim().max(254) });

export const CONFIRM_PATH = READER_LINK_PATHS.subscribe;

export const newSubscriptionToken = () => crypto.randomBytes(32).toString("base64url");

/** canonicalMailbox() in SQL, so one mailbox's rows can be counted across sites. */
function canonicalMailboxSql(column: typeof subscribers.email): SQL {
  const untagged = sql`regexp_replace(lower(trim(${column})), '^([^@+]+)\\+[^@]*@', '\\1@')`;
  return sql`(case when ${untagged} ~ '@(gmail|googlemail)\\.com$' then coalesce(nullif(replace(split_part(${untagged}, '@', 1), '.', ''), ''), split_part(${untagged}, '@', 1)) || '@gmail.com' else ${untagged} end)`;
}

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
 * confirmation link on the site's own host; only the link confirms it. The answer is the same in every case, so the
 * form never reveals who is subscribed — and never relays mail:
 * - the mail has a fixed subject and names the product and the site's address, with no owner-chosen name, sender
 *   or Reply-To (the owner's sender settings apply only to mail their confirmed subscribers asked for);
 * - an address has one pending confirmation per site: asking again within SUBSCRIBE_LIMITS.resendAfterMs sends
 *   nothing; later it mails a new single-use link. For an unconfirmed row `createdAt` is when its link was last mailed;
 * - one mailbox (`a+1@x` is `a@x`) gets at most SUBSCRIBE_LIMITS.confirmationsPerMailboxPerDay confirmations a day
 *   across every site; past that the address is not stored and nothing is sent;
 * - a confirmed address gets nothing; an unsubscribed one starts over with a new link (old links are used or expired).
 * The per-IP and per-site request limits are SubscribeLimits, checked by the endpoint before this runs.
 */
export async function subscribeToSite(
  deps: { db: Db; email: EmailProvider },
  site: SubscriptionSite,
  input: z.input<typeof subscribeInput>,
  limits: { subscribers: number | null },
  now = new Date(),
): Promise<void> {
  const { email } = subscribeInput.parse(input);
  const { db } = deps;
  await ensureRoomForSubscriber(db, site.id, email, limits.subscribers);
  const [existing] = await db
    .select()
    .from(subscribers)
    .where(and(eq(subscribers.siteId, site.id), sql`lower(${subscribers.email}) = lower(${email})`));
  if (existing?.status === "confirmed") return;
  if (existing?.status === "unconfirmed" && now.getTime() - existing.createdAt.getTime() < SUBSCRIBE_LIMITS.resendAfterMs) return;

  const since = new Date(now.getTime() - SUBSCRIBE_LIMITS.mailboxWindowMs);
  const [{ pending } = { pending: 0 }] = await db
    .select({ pending: sql<number>`count(*)::int` })
    .from(subscribers)
    .where(and(eq(subscribers.status, "unconfirmed"), gt(subscribers.createdAt, since), sql`${canonicalMailboxSql(subscribers.email)} = ${canonicalMailbox(email)}`));
  if (pending >= SUBSCRIBE_LIMITS.confirmationsPerMailboxPerDay) return;

  let target: { id: string; email: string };
  if (!existing) {
    const [inserted] = await db
      .insert(subscribers)
      .values({ siteId: site.id, email, unsubscribeToken: newSubscriptionToken(), createdAt: now })
      .onConflictDoNothing()
      .returning({ id: subscribers.id, email: subscribers.email });
    if (!inserted) return; // the same address a moment ago, in a parallel request: that one mails
    target = inserted;
  } else {
    // An unconfirmed or unsubscribed address gets a new single-use link.
    await db.update(subscribers).set({ status: "unconfirmed", createdAt: now, unsubscribedAt: null, confirmedAt: null }).where(eq(subscribers.id, existing.id));
    target = existing;
  }
  await mailReaderLink(deps, site, { email: target.email, purpose: "subscribe", subjectId: target.id }, now);
}
