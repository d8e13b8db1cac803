import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { roadmapNotifications, roadmapVoters, sites, type SiteRow } from "@/db/schema";
import { roadmapStatusEmail } from "@/core/email/templates";
import { deliverQueued, type DeliveryResult } from "@/core/email/deliver-queued";
import { parseSiteSettings } from "@/core/sites/site-settings";
import { sitePublicAddress } from "@/core/sites/site-public-address";
import { siteEndpointUrl, subscriptionSiteOf, type SubscriptionSite } from "@/core/subscribers/subscription-site";
import type { EmailProvider } from "@/integrations/email";
import { sendSiteListEmail } from "@/core/email/send-site-list-email";
import type { RoadmapItem } from "./roadmap-items";

export const VOTER_UNSUBSCRIBE_PATH = "/_/vote/unsubscribe";

/**
 * Where a roadmap's emails to voters link (its public address, as visitors reach it) and whether they may go out at
 * all: not when the owner turned them off, nor while the site is paused or locked (a title would leak).
 */
export function roadmapMailSite(site: SiteRow, appsDomain: string, siteTitle: string): { mailSite: SubscriptionSite; allowed: boolean } {
  const settings = parseSiteSettings(site.settings);
  const address = sitePublicAddress({ siteType: site.siteType, subdomain: site.subdomain, customDomain: site.customDomain, customDomainVerifiedAt: site.customDomainVerifiedAt }, settings, appsDomain);
  const mailSite = subscriptionSiteOf({ id: site.id, ...address, settings }, siteTitle || new URL(address.origin).host);
  return { mailSite, allowed: site.status === "published" && !site.passwordHash && settings.roadmap.statusEmails };
}

/**
 * Sends a roadmap's queued status emails (deliverQueued: claimed once, retried, never sent twice). Rows are cancelled when the owner turned status emails off, the site
 * is paused or locked (a title would leak), the voter left, or the item is gone.
 */
export async function deliverStatusEmails(
  deps: { db: Db; email: EmailProvider; appsDomain: string },
  siteId: string,
  items: RoadmapItem[],
  siteTitle: string,
  /** The status that means "shipped" and, per item, the changelog entries that name it: a move there mails them too. */
  shipped?: { status: string; entries: ReadonlyMap<string, { title: string; url: string }[]> },
): Promise<DeliveryResult> {
  const { db } = deps;
  const [site] = await db.select().from(sites).where(eq(sites.id, siteId));
  if (!site) return { sent: 0, failed: 0, cancelled: 0 };
  const byId = new Map(items.map((i) => [i.itemId, i]));
  const { mailSite, allowed } = roadmapMailSite(site, deps.appsDomain, siteTitle);

  return deliverQueued(db, roadmapNotifications, {
    pending: (underAttempts, limit) =>
      db
        .select({ id: roadmapNotifications.id, itemId: roadmapNotifications.itemId, attempts: roadmapNotifications.attempts, fromStatus: roadmapNotifications.fromStatus, toStatus: roadmapNotifications.toStatus, email: roadmapVoters.email, voterStatus: roadmapVoters.status, unsubscribedAt: roadmapVoters.unsubscribedAt, unsubscribeToken: roadmapVoters.unsubscribeToken })
        .from(roadmapNotifications)
        .innerJoin(roadmapVoters, eq(roadmapVoters.id, roadmapNotifications.voterId))
        .where(and(eq(roadmapNotifications.siteId, siteId), eq(roadmapNotifications.status, "pending"), underAttempts))
        .limit(limit),
    eligible: (n) => allowed && n.voterStatus === "confirmed" && !n.unsubscribedAt && byId.has(n.itemId),
    send: async (n) => {
      const item = byId.get(n.itemId)!;
      const unsubscribeUrl = siteEndpointUrl(mailSite, VOTER_UNSUBSCRIBE_PATH, n.unsubscribeToken);
      const mail = roadmapStatusEmail({
        siteName: mailSite.name,
        title: item.title,
        fromStatus: n.fromStatus,
        toStatus: n.toStatus,
        itemUrl: `${mailSite.origin}${mailSite.basePath}${item.path ?? "/"}`,
        unsubscribeUrl,
        accentColor: mailSite.accentColor,
        shippedIn: shipped && n.toStatus === shipped.status ? shipped.entries.get(n.itemId) : undefined,
      });
      await sendSiteListEmail(deps.email, mailSite, n.email, mail, unsubscribeUrl);
    },
  });
}
