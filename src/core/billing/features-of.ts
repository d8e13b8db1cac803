import type { SiteSettings } from "@/core/sites/site-settings";
import { PAID_FEATURES, PLANS, PLAN_ORDER, planHasFeature, type PaidFeature, type PlanId } from "@/lib/plans";
import { getSitePlan, type BillingDeps } from "./site-plan";

/**
 * What a site may use NOW: the one answer every place that serves a paid feature asks —
 * the published-site lookup (badge, chatbot, widget, analytics, custom domain), the widget config, the visitor chat's
 * and the owner's assistant's daily caps, subscriber sign-ups and new-post emails. Turning a feature on is checked
 * separately (requireSiteFeatures); this is what keeps a feature from outliving the subscription that paid for it.
 */
export type SiteFeatures = {
  /** The plan that decides; null when billing is off (self-hosted: no plans, everything unlocked). */
  plan: PlanId | null;
  has: Readonly<Record<PaidFeature, boolean>>;
  limits: { aiMessagesPerDay: number; subscribers: number | null };
};

const ALL_FEATURES = Object.fromEntries(PAID_FEATURES.map((f) => [f, true])) as Record<PaidFeature, boolean>;

/** With billing off a site gets the most any plan allows (null subscribers = no limit). */
const MOST_ANY_PLAN_ALLOWS: SiteFeatures["limits"] = {
  aiMessagesPerDay: Math.max(...PLAN_ORDER.map((p) => PLANS[p].limits.aiMessagesPerDay)),
  subscribers: PLAN_ORDER.some((p) => PLANS[p].limits.subscribers === null) ? null : Math.max(...PLAN_ORDER.map((p) => PLANS[p].limits.subscribers ?? 0)),
};

export function featuresOfPlan(plan: PlanId | null): SiteFeatures {
  if (plan === null) return { plan, has: ALL_FEATURES, limits: MOST_ANY_PLAN_ALLOWS };
  const has = Object.fromEntries(PAID_FEATURES.map((f) => [f, planHasFeature(plan, f)])) as Record<PaidFeature, boolean>;
  return { plan, has, limits: { ...PLANS[plan].limits } };
}

/** The features of the site's current plan (its live subscription, else free; billing off → everything). */
export async function featuresOf(deps: BillingDeps, siteId: string, now = new Date()): Promise<SiteFeatures> {
  return featuresOfPlan(await getSitePlan(deps, siteId, now));
}

/** The parts of a site row that say which paid features it uses besides its settings. */
export type PaidUseOfRow = { passwordHash: string | null; customDomain: string | null; customDomainVerifiedAt: Date | null };

/** The paid features this site's settings and row turn on (whether or not its plan allows them). */
export function paidFeaturesInUse(row: PaidUseOfRow, settings: SiteSettings): PaidFeature[] {
  const a = settings.analytics;
  const inUse: Record<PaidFeature, boolean> = {
    customDomain: Boolean(row.customDomain && row.customDomainVerifiedAt),
    password: Boolean(row.passwordHash),
    aiChatbot: settings.ai.enabled,
    widget: settings.widget.enabled,
    analyticsCustomization: Boolean(a.googleAnalyticsId || a.plausibleDomain || a.headCode),
    removeBadge: !settings.showBadge,
    subscriberEmails: settings.email.notifySubscribers,
    ownerCode: Boolean(settings.headCode || settings.bodyCode),
  };
  return PAID_FEATURES.filter((f) => inUse[f]);
}

/** Paid features the site uses that its plan no longer allows (a lapsed subscription): paused, not deleted. */
export function pausedFeatures(row: PaidUseOfRow, settings: SiteSettings, features: SiteFeatures): PaidFeature[] {
  return paidFeaturesInUse(row, settings).filter((f) => !features.has[f]);
}

/**
 * The settings as they apply now: paid-only settings the plan doesn't allow are off (the badge shows, no chatbot,
 * widget, own analytics, own code or new-post emails). The stored settings are untouched, so renewing brings them all back.
 * Password and custom domain live on the row, not here: see the site server (a lapsed site stays locked; its custom
 * domain redirects to its own address).
 */
export function settingsAllowedBy(settings: SiteSettings, features: SiteFeatures): SiteSettings {
  const { has } = features;
  return {
    ...settings,
    showBadge: settings.showBadge || !has.removeBadge,
    ai: { ...settings.ai, enabled: settings.ai.enabled && has.aiChatbot },
    widget: { ...settings.widget, enabled: settings.widget.enabled && has.widget },
    analytics: has.analyticsCustomization ? settings.analytics : { googleAnalyticsId: null, plausibleDomain: null, headCode: "", builtIn: settings.analytics.builtIn },
    email: { ...settings.email, notifySubscribers: settings.email.notifySubscribers && has.subscriberEmails },
    headCode: has.ownerCode ? settings.headCode : "",
    bodyCode: has.ownerCode ? settings.bodyCode : "",
  };
}
