import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { roadmapVoters, roadmapVotes, type SiteRow } from "@/db/schema";
import type { RenderedEmail } from "@/core/email/render-email";
import { sendSiteListEmail } from "@/core/email/send-site-list-email";
import { siteEndpointUrl, type SubscriptionSite } from "@/core/subscribers/subscription-site";
import type { EmailProvider } from "@/integrations/email";
import { roadmapMailSite, VOTER_UNSUBSCRIBE_PATH } from "./deliver-status-emails";

export type VoterMailDeps = { db: Db; email: EmailProvider; appsDomain: string };

/** The voters of one board item (ids), e.g. before their votes move or go. */
export async function votersOfItem(db: Db, siteId: string, itemId: string): Promise<string[]> {
  const rows = await db.select({ id: roadmapVotes.voterId }).from(roadmapVotes).where(and(eq(roadmapVotes.siteId, siteId), eq(roadmapVotes.itemId, itemId)));
  return rows.map((r) => r.id);
}

/**
 * One email to each of these voters who confirmed and didn't unsubscribe, when the roadmap's emails to voters may go
 * out (the owner's switch, a published unlocked site). One failed send doesn't stop the others. Answers how many went.
 */
export async function mailIdeaVoters(
  deps: VoterMailDeps,
  site: SiteRow,
  siteTitle: string,
  voterIds: string[],
  render: (mailSite: SubscriptionSite, unsubscribeUrl: string) => RenderedEmail,
): Promise<{ sent: number; failed: number }> {
  const { mailSite, allowed } = roadmapMailSite(site, deps.appsDomain, siteTitle);
  if (!allowed || !voterIds.length) return { sent: 0, failed: 0 };
  const voters = await deps.db
    .select({ email: roadmapVoters.email, token: roadmapVoters.unsubscribeToken })
    .from(roadmapVoters)
    .where(and(eq(roadmapVoters.siteId, site.id), inArray(roadmapVoters.id, [...new Set(voterIds)]), eq(roadmapVoters.status, "confirmed"), isNull(roadmapVoters.unsubscribedAt)));
  let sent = 0;
  let failed = 0;
  for (const voter of voters) {
    const unsubscribeUrl = siteEndpointUrl(mailSite, VOTER_UNSUBSCRIBE_PATH, voter.token);
    try {
      await sendSiteListEmail(deps.email, mailSite, voter.email, render(mailSite, unsubscribeUrl), unsubscribeUrl);
      sent++;
    } catch (err) {
      failed++;
      console.error(`[email] a roadmap email to a voter of site ${site.id} failed:`, err instanceof Error ? err.message : err);
    }
  }
  return { sent, failed };
}
