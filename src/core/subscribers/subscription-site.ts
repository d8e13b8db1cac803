import type { SiteSettings } from "@/core/sites/site-settings";

/** What subscription emails and pages need to know about a site: its name, public address and email settings. */
export type SubscriptionSite = {
  id: string;
  name: string;
  /** Scheme + host the site is served on, and its path prefix ("" or "/blog"): links in emails point there. */
  origin: string;
  basePath: string;
  accentColor: string;
  senderName: string;
  replyTo: string | null;
};

export function subscriptionSiteOf(site: { id: string; origin: string; basePath: string; settings: SiteSettings }, fallbackName: string): SubscriptionSite {
  return {
    id: site.id,
    name: site.settings.name || fallbackName,
    origin: site.origin,
    basePath: site.basePath,
    accentColor: site.settings.theme.accentColor,
    senderName: site.settings.email.senderName,
    replyTo: site.settings.email.replyTo,
  };
}

/** A site-hosted address for one of the site's own endpoints, e.g. `/_/unsubscribe`. */
export function siteEndpointUrl(site: Pick<SubscriptionSite, "origin" | "basePath">, path: string, token: string): string {
  return `${site.origin}${site.basePath}${path}?token=${encodeURIComponent(token)}`;
}

/** Subscription tokens are 32 random bytes, base64url: unguessable and safe in a query string. */
export const SUBSCRIPTION_TOKEN_RE = /^[A-Za-z0-9_-]{20,100}$/;
