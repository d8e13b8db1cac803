import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { roadmapIdeas, roadmapVoters, roadmapVotes } from "@/db/schema";
import { SUBSCRIPTION_TOKEN_RE } from "@/core/subscribers/subscription-site";

/** How long a mailed confirmation link works: it also signs a browser in as the voter, so not forever. */
export const VOTER_LINK_DAYS = 7;

/**
 * The link in the voter confirmation mail: the address is confirmed, the vote it asked for is cast (if that item is
 * still on the board), its ideas go to the owner, and the answer carries the session token for the cookie. The link
 * keeps working for VOTER_LINK_DAYS after it was last mailed (a new browser signs in with it); null for a bad or old
 * link (voting again mails it anew).
 */
export async function confirmVoter(
  db: Db,
  siteId: string,
  token: string,
  isItem: (itemId: string) => boolean,
  now = new Date(),
): Promise<{ sessionToken: string; votedFor: string | null } | null> {
  if (!SUBSCRIPTION_TOKEN_RE.test(token)) return null;
  const [voter] = await db.select().from(roadmapVoters).where(and(eq(roadmapVoters.siteId, siteId), eq(roadmapVoters.confirmToken, token)));
  if (!voter || now.getTime() - voter.createdAt.getTime() > VOTER_LINK_DAYS * 86_400_000) return null;
  const votedFor = voter.pendingItemId && isItem(voter.pendingItemId) ? voter.pendingItemId : null;
  await db.transaction(async (tx) => {
    await tx.update(roadmapVoters).set({ status: "confirmed", confirmedAt: voter.confirmedAt ?? new Date(), pendingItemId: null }).where(eq(roadmapVoters.id, voter.id));
    if (votedFor) await tx.insert(roadmapVotes).values({ siteId, itemId: votedFor, voterId: voter.id }).onConflictDoNothing();
    await tx.update(roadmapIdeas).set({ status: "pending" }).where(and(eq(roadmapIdeas.voterId, voter.id), eq(roadmapIdeas.status, "unconfirmed")));
  });
  return { sessionToken: voter.sessionToken, votedFor };
}
