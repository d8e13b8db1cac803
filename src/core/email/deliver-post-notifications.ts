import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { featuresOf } from "@/core/billing/features-of";
import { postNotifications, sites, subscribers } from "@/db/schema";
import { parseSiteSettings } from "@/core/sites/site-settings";
import { sitePublicAddress } from "@/core/sites/site-public-address";
import { siteEndpointUrl, subscriptionSiteOf } from "@/core/subscribers/subscription-site";
import type { EmailProvider } from "@/integrations/email";
import type { SnapshotPage } from "@/notion/fetch-site-content";
import { contentSiteOf } from "@/core/sites/content-site-of";
import { siteModelOf, type Entry } from "@/site-model/site-model";
import type { RenderedEmail } from "./render-email";
import { sendSiteListEmail } from "./send-site-list-email";
import { deliverQueued, type DeliveryResult } from "./deliver-queued";
import { sitePostEmail } from "./post-email/site-post-email";

/** Where a reader's unsubscribe token goes: letters only, so URL-encoding and HTML-escaping leave it as it is. */
const TOKEN_SLOT = "READERUNSUBSCRIBETOKENSLOT";
const withToken = (mail: RenderedEmail, token: string): RenderedEmail => {
  const value = encodeURIComponent(token);
  return { subject: mail.subject, html: mail.html.split(TOKEN_SLOT).join(value), text: mail.text.split(TOKEN_SLOT).join(value) };
};

/**
 * Sends a site's queued new-post notifications (deliverQueued: claimed once, retried, never sent twice). Rows for
 * subscribers who left, or posts hidden again, are cancelled.
 */
export async function deliverPostNotifications(deps: { db: Db; email: EmailProvider; appsDomain: string; billingEnabled: boolean; fileOrigins?: readonly string[] }, siteId: string, pages: Map<string, SnapshotPage>, now = new Date()): Promise<DeliveryResult> {
  const { db } = deps;
  const [site] = await db.select().from(sites).where(eq(sites.id, siteId));
  if (!site) return { sent: 0, failed: 0, cancelled: 0 };
  const settings = parseSiteSettings(site.settings);
  const model = siteModelOf(contentSiteOf(site), { pages }, now);
  const entries = new Map(model?.kind === "database" ? model.entries.map((e) => [e.pageId, e]) : []);
  const address = sitePublicAddress({ siteType: site.siteType, subdomain: site.subdomain, customDomain: site.customDomain, customDomainVerifiedAt: site.customDomainVerifiedAt }, settings, deps.appsDomain);
  const mailSite = subscriptionSiteOf({ id: site.id, ...address, settings }, (model?.kind === "database" && model.title) || new URL(address.origin).host);
  // New-post emails are a paid feature: a lapsed plan stops them (featuresOf) like turning them off does.
  const stillAllowed = site.status === "published" && !site.passwordHash && settings.email.notifySubscribers && (await featuresOf(deps, site.id, now)).has.subscriberEmails;

  // A post is rendered once per delivery run with a stand-in token, then each reader's token is put in its place.
  const renders = new Map<string, RenderedEmail>();
  const rendered = (entry: Entry) => {
    let mail = renders.get(entry.pageId);
    if (!mail) renders.set(entry.pageId, (mail = sitePostEmail(mailSite, { pathOfPage: model?.pathOfPage ?? new Map() }, entry, siteEndpointUrl(mailSite, "/_/unsubscribe", TOKEN_SLOT), deps.fileOrigins)));
    return mail;
  };

  return deliverQueued(db, postNotifications, {
    pending: (underAttempts, limit) =>
      db
        .select({ id: postNotifications.id, pageId: postNotifications.pageId, attempts: postNotifications.attempts, email: subscribers.email, status: subscribers.status, unsubscribeToken: subscribers.unsubscribeToken })
        .from(postNotifications)
        .innerJoin(subscribers, eq(subscribers.id, postNotifications.subscriberId))
        .where(and(eq(postNotifications.siteId, siteId), eq(postNotifications.status, "pending"), underAttempts))
        .limit(limit),
    eligible: (n) => stillAllowed && n.status === "confirmed" && entries.has(n.pageId),
    send: async (n) => {
      const entry = entries.get(n.pageId)!;
      const unsubscribeUrl = siteEndpointUrl(mailSite, "/_/unsubscribe", n.unsubscribeToken);
      await sendSiteListEmail(deps.email, mailSite, n.email, withToken(rendered(entry), n.unsubscribeToken), unsubscribeUrl);
    },
  });
}
