import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { roadmapVoters } from "@/db/schema";
import { SUBSCRIPTION_TOKEN_RE } from "@/core/subscribers/subscription-site";

/** The unsubscribe link in status emails: the voter gets no more of them (their votes stay). false for a bad link. */
export async function unsubscribeVoter(db: Db, siteId: string, token: string): Promise<boolean> {
  if (!SUBSCRIPTION_TOKEN_RE.test(token)) return false;
  const [row] = await db
    .update(roadmapVoters)
    .set({ unsubscribedAt: new Date() })
    .where(and(eq(roadmapVoters.siteId, siteId), eq(roadmapVoters.unsubscribeToken, token)))
    .returning({ id: roadmapVoters.id });
  return Boolean(row);
}
