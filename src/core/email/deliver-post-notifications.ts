import { and, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "@/db/client";
import { featuresOf } from "@/core/billing/features-of";
import { postNotifications, sites, subscribers } from "@/db/schema";
import { parseSiteSettings } from "@/core/sites/site-settings";
import { sitePublicAddress } from "@/core/sites/site-public-address";
import { siteEndpointUrl, subscriptionSiteOf } from "@/core/subscribers/subscription-site";
import type { EmailProvider } from "@/integrations/email";
import type { SnapshotPage } from "@/notion/fetch-site-content";
import { contentSiteOf } from "@/core/sites/content-site-of";
import { siteModelOf } from "@/site-model/site-model";
import { sendSiteListEmail } from "./send-site-list-email";
import { newPostEmail } from "./templates";

export const MAX_NOTIFICATION_ATTEMPTS = 5;
const BATCH = 200;

export type DeliveryResult = { sent: number; failed: number; cancelled: number };

/**
 * Sends a site's queued new-post notifications. Each row is claimed (pending → sending) by one process before its
 * email goes out, so retries and concurrent syncs never mail a subscriber twice; a failed send goes back to pending
 * for the next check, up to MAX_NOTIFICATION_ATTEMPTS. Rows for subscribers who left, or posts hidden again, are
 * cancelled.
 */
export async function deliverPostNotifications(deps: { db: Db; email: EmailProvider; appsDomain: string; billingEnabled: boolean }, siteId: string, pages: Map<string, SnapshotPage>, now = new Date()): Promise<DeliveryResult> {
  const { db } = deps;
  const result: DeliveryResult = { sent: 0, failed: 0, cancelled: 0 };
  const [site] = await db.select().from(sites).where(eq(sites.id, siteId));
  if (!site) return result;
  const settings = parseSiteSettings(site.settings);
  const model = siteModelOf(contentSiteOf(site), { pages }, now);
  const entries = new Map(model?.kind === "database" ? model.entries.map((e) => [e.pageId, e]) : []);
  const address = sitePublicAddress({ siteType: site.siteType, subdomain: site.subdomain, customDomain: site.customDomain, customDomainVerifiedAt: site.customDomainVerifiedAt }, settings, deps.appsDomain);
  const mailSite = subscriptionSiteOf({ id: site.id, ...address, settings }, (model?.kind === "database" && model.title) || new URL(address.origin).host);
  // New-post emails are a paid feature: a lapsed plan stops them (featuresOf) like turning them off does.
  const stillAllowed = site.status === "published" && !site.passwordHash && settings.email.notifySubscribers && (await featuresOf(deps, site.id, now)).has.subscriberEmails;

  for (;;) {
    const batch = await db
      .select({ id: postNotifications.id, pageId: postNotifications.pageId, attempts: postNotifications.attempts, email: subscribers.email, status: subscribers.status, unsubscribeToken: subscribers.unsubscribeToken })
      .from(postNotifications)
      .innerJoin(subscribers, eq(subscribers.id, postNotifications.subscriberId))
      .where(and(eq(postNotifications.siteId, siteId), eq(postNotifications.status, "pending"), lt(postNotifications.attempts, MAX_NOTIFICATION_ATTEMPTS)))
      .limit(BATCH);
    if (!batch.length) return result;
    const cancel = batch.filter((n) => !stillAllowed || n.status !== "confirmed" || !entries.has(n.pageId)).map((n) => n.id);
    if (cancel.length) {
      await db.update(postNotifications).set({ status: "cancelled" }).where(and(inArray(postNotifications.id, cancel), eq(postNotifications.status, "pending")));
      result.cancelled += cancel.length;
    }
    let progressed = cancel.length > 0;
    for (const n of batch) {
      const entry = entries.get(n.pageId);
      if (cancel.includes(n.id) || !entry) continue;
      const [claimed] = await db
        .update(postNotifications)
        .set({ status: "sending", attempts: n.attempts + 1 })
        .where(and(eq(postNotifications.id, n.id), eq(postNotifications.status, "pending")))
        .returning({ attempts: postNotifications.attempts });
      if (!claimed) continue; // another process has it
      progressed = true;
      const unsubscribeUrl = siteEndpointUrl(mailSite, "/_/unsubscribe", n.unsubscribeToken);
      const mail = newPostEmail({
        siteName: mailSite.name,
        title: entry.title || "A new post",
        description: entry.description,
        postUrl: `${mailSite.origin}${mailSite.basePath}${entry.path}`,
        unsubscribeUrl,
        accentColor: mailSite.accentColor,
      });
      try {
        await sendSiteListEmail(deps.email, mailSite, n.email, mail, unsubscribeUrl);
        await db.update(postNotifications).set({ status: "sent", sentAt: new Date(), lastError: null }).where(eq(postNotifications.id, n.id));
        result.sent += 1;
      } catch (err) {
        const finalTry = claimed.attempts >= MAX_NOTIFICATION_ATTEMPTS;
        await db
          .update(postNotifications)
          .set({ status: finalTry ? "failed" : "pending", lastError: err instanceof Error ? err.message.slice(0, 500) : String(err) })
          .where(eq(postNotifications.id, n.id));
        result.failed += 1;
      }
    }
    // Everything left is pending after a failure: leave it for the next check instead of spinning.
    if (!progressed || result.failed > 0) return result;
  }
}
