import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { roadmapVoters } from "@/db/schema";
import { newSubscriptionToken } from "@/core/subscribers/subscribe-to-site";
import { voterOfSession } from "@/core/roadmap/votes";

/**
 * A site's confirmed readers and their browser sessions. A reader is one address per site, whatever they did to
 * confirm it (a vote, an idea, a comment): the rows are the roadmap's voter rows, so one cookie signs a browser in for
 * votes and comments alike.
 */
export const readerSessionOf = voterOfSession;

/** After a reader link was used: the site's reader row for that address, confirmed, and its session token for the cookie. */
export async function signInReader(db: Db, siteId: string, email: string, now = new Date()): Promise<string> {
  const byAddress = and(eq(roadmapVoters.siteId, siteId), sql`lower(${roadmapVoters.email}) = lower(${email})`);
  await db
    .insert(roadmapVoters)
    .values({ siteId, email, status: "confirmed", confirmedAt: now, sessionToken: newSubscriptionToken(), unsubscribeToken: newSubscriptionToken() })
    .onConflictDoNothing();
  const [reader] = await db
    .update(roadmapVoters)
    .set({ status: "confirmed", confirmedAt: sql`coalesce(${roadmapVoters.confirmedAt}, ${now.toISOString()}::timestamptz)` })
    .where(byAddress)
    .returning({ sessionToken: roadmapVoters.sessionToken });
  return reader!.sessionToken;
}
