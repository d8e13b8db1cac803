import { and, count, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { roadmapVoters, roadmapVotes } from "@/db/schema";
import { SUBSCRIPTION_TOKEN_RE } from "@/core/subscribers/subscription-site";

/** The confirmed voter behind a voter cookie on this site, or null. */
export async function voterOfSession(db: Db, siteId: string, sessionToken: string | undefined): Promise<{ id: string; email: string } | null> {
  if (!sessionToken || !SUBSCRIPTION_TOKEN_RE.test(sessionToken)) return null;
  const [voter] = await db
    .select({ id: roadmapVoters.id, email: roadmapVoters.email })
    .from(roadmapVoters)
    .where(and(eq(roadmapVoters.siteId, siteId), eq(roadmapVoters.sessionToken, sessionToken), eq(roadmapVoters.status, "confirmed")));
  return voter ?? null;
}

/** Votes per item of a site (items without votes are absent). */
export async function voteCountsOf(db: Db, siteId: string): Promise<Map<string, number>> {
  const rows = await db.select({ itemId: roadmapVotes.itemId, n: count() }).from(roadmapVotes).where(eq(roadmapVotes.siteId, siteId)).groupBy(roadmapVotes.itemId);
  return new Map(rows.map((r) => [r.itemId, Number(r.n)]));
}

/** The items one voter has voted for. */
export async function itemsVotedBy(db: Db, siteId: string, voterId: string): Promise<string[]> {
  const rows = await db.select({ itemId: roadmapVotes.itemId }).from(roadmapVotes).where(and(eq(roadmapVotes.siteId, siteId), eq(roadmapVotes.voterId, voterId)));
  return rows.map((r) => r.itemId);
}

/** Votes or unvotes (`vote: false`) an item; one vote per voter and item. Answers the item's new count. */
export async function setVote(db: Db, siteId: string, voterId: string, itemId: string, vote: boolean): Promise<{ voted: boolean; count: number }> {
  if (vote) await db.insert(roadmapVotes).values({ siteId, itemId, voterId }).onConflictDoNothing();
  else await db.delete(roadmapVotes).where(and(eq(roadmapVotes.siteId, siteId), eq(roadmapVotes.itemId, itemId), eq(roadmapVotes.voterId, voterId)));
  const [row] = await db.select({ n: count() }).from(roadmapVotes).where(and(eq(roadmapVotes.siteId, siteId), eq(roadmapVotes.itemId, itemId)));
  return { voted: vote, count: Number(row?.n ?? 0) };
}
