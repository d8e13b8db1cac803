import { and, eq, gt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { roadmapVoters } from "@/db/schema";
import type { EmailProvider } from "@/integrations/email";
import { voterConfirmationEmail } from "@/core/email/templates";
import { SUBSCRIBE_LIMITS } from "@/core/limits";
import { newSubscriptionToken } from "@/core/subscribers/subscribe-to-site";
import { siteEndpointUrl, type SubscriptionSite } from "@/core/subscribers/subscription-site";
import { PRODUCT_NAME } from "@/lib/brand";

export const VOTE_CONFIRM_PATH = "/_/vote/confirm";

export const voterEmailInput = z.email("Please enter a valid email address").trim().max(254);

/**
 * A visitor without the voter cookie gives an email to vote (or to suggest an idea): the address is stored
 * unconfirmed with the vote it asked for, and gets the product's confirmation mail (never owner text: anyone can type
 * any address). Like subscriptions, the answer never says whether the address is known, an unconfirmed address is
 * mailed again only after SUBSCRIBE_LIMITS.resendAfterMs, and a confirmed one is mailed a new sign-in link (its
 * cookie may be gone) on the same schedule. Returns the voter's id.
 */
export async function askToVote(
  deps: { db: Db; email: EmailProvider },
  site: SubscriptionSite,
  input: { email: string; itemId: string | null },
  now = new Date(),
): Promise<string> {
  const email = voterEmailInput.parse(input.email);
  const { db } = deps;
  const [existing] = await db
    .select()
    .from(roadmapVoters)
    .where(and(eq(roadmapVoters.siteId, site.id), sql`lower(${roadmapVoters.email}) = lower(${email})`));
  if (existing) {
    const since = new Date(now.getTime() - SUBSCRIBE_LIMITS.resendAfterMs);
    // The latest wish wins; the link is mailed again only once the last one is a day old.
    const [due] = await db
      .update(roadmapVoters)
      .set({ pendingItemId: input.itemId ?? existing.pendingItemId, createdAt: now })
      .where(and(eq(roadmapVoters.id, existing.id), sql`not (${gt(roadmapVoters.createdAt, since)})`))
      .returning({ id: roadmapVoters.id });
    if (!due) {
      if (input.itemId) await db.update(roadmapVoters).set({ pendingItemId: input.itemId }).where(eq(roadmapVoters.id, existing.id));
      return existing.id;
    }
    await mailLink(deps, site, existing.email, existing.confirmToken);
    return existing.id;
  }
  const [inserted] = await db
    .insert(roadmapVoters)
    .values({
      siteId: site.id,
      email,
      confirmToken: newSubscriptionToken(),
      sessionToken: newSubscriptionToken(),
      unsubscribeToken: newSubscriptionToken(),
      pendingItemId: input.itemId,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!inserted) {
    // The same address a moment ago, in a parallel request: that one mails.
    const [row] = await db.select({ id: roadmapVoters.id }).from(roadmapVoters).where(and(eq(roadmapVoters.siteId, site.id), sql`lower(${roadmapVoters.email}) = lower(${email})`));
    return row!.id;
  }
  await mailLink(deps, site, inserted.email, inserted.confirmToken);
  return inserted.id;
}

async function mailLink(deps: { email: EmailProvider }, site: SubscriptionSite, to: string, token: string): Promise<void> {
  const siteAddress = `${new URL(site.origin).host}${site.basePath}`;
  const mail = voterConfirmationEmail({ siteAddress, confirmUrl: siteEndpointUrl(site, VOTE_CONFIRM_PATH, token), accentColor: site.accentColor });
  await deps.email.send({ to, ...mail, fromName: `${siteAddress} via ${PRODUCT_NAME}` });
}
