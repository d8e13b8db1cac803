import { and, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "@/db/client";
import { roadmapNotifications, roadmapVoters, sites } from "@/db/schema";
import { roadmapStatusEmail } from "@/core/email/templates";
import { MAX_NOTIFICATION_ATTEMPTS, type DeliveryResult } from "@/core/email/deliver-post-notifications";
import { parseSiteSettings } from "@/core/sites/site-settings";
import { sitePublicAddress } from "@/core/sites/site-public-address";
import { siteEndpointUrl, subscriptionSiteOf } from "@/core/subscribers/subscription-site";
import type { EmailProvider } from "@/integrations/email";
import { sendSiteListEmail } from "@/core/email/send-site-list-email";
import type { RoadmapItem } from "./roadmap-items";

export const VOTER_UNSUBSCRIBE_PATH = "/_/vote/unsubscribe";
const BATCH = 200;

/**
 * Sends a roadmap's queued status emails, the new-post pattern: each row is claimed (pending → sending) by one
 * process before its email goes out, so retries and parallel syncs never mail a voter twice; a failed send goes back
 * to pending, up to MAX_NOTIFICATION_ATTEMPTS. Rows are cancelled when the owner turned status emails off, the site
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
  const result: DeliveryResult = { sent: 0, failed: 0, cancelled: 0 };
  const [site] = await db.select().from(sites).where(eq(sites.id, siteId));
  if (!site) return result;
  const settings = parseSiteSettings(site.settings);
  const byId = new Map(items.map((i) => [i.itemId, i]));
  const address = sitePublicAddress({ siteType: site.siteType, subdomain: site.subdomain, customDomain: site.customDomain, customDomainVerifiedAt: site.customDomainVerifiedAt }, settings, deps.appsDomain);
  const mailSite = subscriptionSiteOf({ id: site.id, ...address, settings }, siteTitle || new URL(address.origin).host);
  const allowed = site.status === "published" && !site.passwordHash && settings.roadmap.statusEmails;

  for (;;) {
    const batch = await db
      .select({ id: roadmapNotifications.id, itemId: roadmapNotifications.itemId, attempts: roadmapNotifications.attempts, fromStatus: roadmapNotifications.fromStatus, toStatus: roadmapNotifications.toStatus, email: roadmapVoters.email, voterStatus: roadmapVoters.status, unsubscribedAt: roadmapVoters.unsubscribedAt, unsubscribeToken: roadmapVoters.unsubscribeToken })
      .from(roadmapNotifications)
      .innerJoin(roadmapVoters, eq(roadmapVoters.id, roadmapNotifications.voterId))
      .where(and(eq(roadmapNotifications.siteId, siteId), eq(roadmapNotifications.status, "pending"), lt(roadmapNotifications.attempts, MAX_NOTIFICATION_ATTEMPTS)))
      .limit(BATCH);
    if (!batch.length) return result;
    const cancel = batch.filter((n) => !allowed || n.voterStatus !== "confirmed" || n.unsubscribedAt || !byId.has(n.itemId)).map((n) => n.id);
    if (cancel.length) {
      await db.update(roadmapNotifications).set({ status: "cancelled" }).where(and(inArray(roadmapNotifications.id, cancel), eq(roadmapNotifications.status, "pending")));
      result.cancelled += cancel.length;
    }
    let progressed = cancel.length > 0;
    for (const n of batch) {
      const item = byId.get(n.itemId);
      if (cancel.includes(n.id) || !item) continue;
      const [claimed] = await db
        .update(roadmapNotifications)
        .set({ status: "sending", attempts: n.attempts + 1 })
        .where(and(eq(roadmapNotifications.id, n.id), eq(roadmapNotifications.status, "pending")))
        .returning({ attempts: roadmapNotifications.attempts });
      if (!claimed) continue; // another process has it
      progressed = true;
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
      try {
        await sendSiteListEmail(deps.email, mailSite, n.email, mail, unsubscribeUrl);
        await db.update(roadmapNotifications).set({ status: "sent", sentAt: new Date(), lastError: null }).where(eq(roadmapNotifications.id, n.id));
        result.sent += 1;
      } catch (err) {
        const finalTry = claimed.attempts >= MAX_NOTIFICATION_ATTEMPTS;
        await db
          .update(roadmapNotifications)
          .set({ status: finalTry ? "failed" : "pending", lastError: err instanceof Error ? err.message.slice(0, 500) : String(err) })
          .where(eq(roadmapNotifications.id, n.id));
        result.failed += 1;
      }
    }
    if (!progressed || result.failed > 0) return result;
  }
}
