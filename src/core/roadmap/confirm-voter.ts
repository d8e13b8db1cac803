import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { roadmapIdeas, roadmapVoters, roadmapVotes } from "@/db/schema";
import { spendReaderLink } from "@/core/readers/reader-links";

export type VoterConfirmation =
  | { state: "ok"; sessionToken: string; votedFor: string | null; ideaSent: boolean }
  | { state: "used" | "expired" | "invalid" };

/**
 * The link in a voter's confirmation mail, used once: the address is confirmed and the answer carries the session
 * token for the cookie. A "vote" link casts the vote it names (if that item is still on the board); an "idea" link
 * sends the one idea it names to the owner — never other ideas filed under the same address by someone else.
 */
export async function confirmVoter(db: Db, siteId: string, token: string, isItem: (itemId: string) => boolean, now = new Date()): Promise<VoterConfirmation> {
  const used = await spendReaderLink(db, siteId, ["vote", "idea"], token, now);
  if (used.state !== "ok") return { state: used.state };
  const { link } = used;
  const [voter] = await db.select().from(roadmapVoters).where(and(eq(roadmapVoters.siteId, siteId), sql`lower(${roadmapVoters.email}) = lower(${link.email})`));
  if (!voter) return { state: "invalid" };
  const votedFor = link.purpose === "vote" && link.subjectId && isItem(link.subjectId) ? link.subjectId : null;
  let ideaSent = false;
  await db.transaction(async (tx) => {
    await tx.update(roadmapVoters).set({ status: "confirmed", confirmedAt: voter.confirmedAt ?? now }).where(eq(roadmapVoters.id, voter.id));
    if (votedFor) await tx.insert(roadmapVotes).values({ siteId, itemId: votedFor, voterId: voter.id }).onConflictDoNothing();
    if (link.purpose === "idea" && link.subjectId) {
      const sent = await tx
        .update(roadmapIdeas)
        .set({ status: "pending" })
        .where(and(eq(roadmapIdeas.id, link.subjectId), eq(roadmapIdeas.voterId, voter.id), eq(roadmapIdeas.status, "unconfirmed")))
        .returning({ id: roadmapIdeas.id });
      ideaSent = sent.length > 0;
    }
  });
  return { state: "ok", sessionToken: voter.sessionToken, votedFor, ideaSent };
}
