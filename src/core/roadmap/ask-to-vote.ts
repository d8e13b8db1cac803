import { and, eq, gt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { roadmapVoters } from "@/db/schema";
import type { EmailProvider } from "@/integrations/email";
import { SUBSCRIBE_LIMITS } from "@/core/limits";
import { mailReaderLink, READER_LINK_PATHS } from "@/core/readers/mail-reader-link";
import { newSubscriptionToken } from "@/core/subscribers/subscribe-to-site";
import type { SubscriptionSite } from "@/core/subscribers/subscription-site";
import { ideaInput, submitIdea } from "./submit-idea";

export const VOTE_CONFIRM_PATH = READER_LINK_PATHS.vote;

export const voterEmailInput = z.email("Please enter a valid email address").trim().max(254);

type Deps = { db: Db; email: EmailProvider };

/** The site's voter row for this address, created unconfirmed when new. */
async function voterRow(db: Db, siteId: string, email: string, now: Date): Promise<{ id: string; email: string; createdAt: Date; fresh: boolean }> {
  const byAddress = and(eq(roadmapVoters.siteId, siteId), sql`lower(${roadmapVoters.email}) = lower(${email})`);
  const [existing] = await db.select().from(roadmapVoters).where(byAddress);
  if (existing) return { ...existing, fresh: false };
  const [inserted] = await db
    .insert(roadmapVoters)
    .values({ siteId, email, sessionToken: newSubscriptionToken(), unsubscribeToken: newSubscriptionToken(), createdAt: now })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { ...inserted, fresh: true };
  // The same address a moment ago, in a parallel request: that one mails.
  const [row] = await db.select().from(roadmapVoters).where(byAddress);
  return { ...row!, fresh: false };
}

/**
 * A visitor without the voter cookie gives an email to vote: the address is stored unconfirmed and gets the
 * product's confirmation mail (never owner text: anyone can type any address) with a single-use link that casts this
 * vote. Like subscriptions, the answer never says whether the address is known, and an address is mailed again only
 * after SUBSCRIBE_LIMITS.resendAfterMs (a confirmed one too: its cookie may be gone). Returns the voter's id.
 */
export async function askToVote(deps: Deps, site: SubscriptionSite, input: { email: string; itemId: string | null }, now = new Date()): Promise<string> {
  const email = voterEmailInput.parse(input.email);
  const voter = await voterRow(deps.db, site.id, email, now);
  if (!voter.fresh) {
    // `createdAt` is when this address was last mailed: once a day at most.
    const since = new Date(now.getTime() - SUBSCRIBE_LIMITS.resendAfterMs);
    const [due] = await deps.db
      .update(roadmapVoters)
      .set({ createdAt: now })
      .where(and(eq(roadmapVoters.id, voter.id), sql`not (${gt(roadmapVoters.createdAt, since)})`))
      .returning({ id: roadmapVoters.id });
    if (!due) return voter.id;
  }
  await mailReaderLink(deps, site, { email: voter.email, purpose: "vote", subjectId: input.itemId }, now);
  return voter.id;
}

/**
 * An idea from a visitor without the voter cookie: stored "unconfirmed" and mailed a link that sends this idea (and
 * only this one) to the owner. Each idea gets its own mail; the endpoint's per-address and per-mailbox limits bound them.
 */
export async function askToConfirmIdea(deps: Deps, site: SubscriptionSite, input: { email: string; idea: z.input<typeof ideaInput> }, now = new Date()): Promise<string> {
  const email = voterEmailInput.parse(input.email);
  const voter = await voterRow(deps.db, site.id, email, now);
  const ideaId = await submitIdea(deps.db, site.id, { id: voter.id, confirmed: false }, input.idea);
  await mailReaderLink(deps, site, { email: voter.email, purpose: "idea", subjectId: ideaId }, now);
  return ideaId;
}
