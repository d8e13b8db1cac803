import type { EmailProvider } from "@/integrations/email";
import type { SubscriptionSite } from "@/core/subscribers/subscription-site";
import type { RenderedEmail } from "./render-email";

/**
 * A list email from a site to one reader (new posts, roadmap status changes): the site's sender name and reply-to,
 * and one-click unsubscribe headers (RFC 8058) so mail clients show their own unsubscribe button.
 */
export function sendSiteListEmail(email: EmailProvider, site: SubscriptionSite, to: string, mail: RenderedEmail, unsubscribeUrl: string): Promise<unknown> {
  return email.send({
    to,
    ...mail,
    fromName: site.senderName || site.name,
    replyTo: site.replyTo ?? undefined,
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });
}
