/**
 * The plan table: one place that says what each plan costs and unlocks, per site. Core operations check
 * these features (PAYMENT_REQUIRED); the pricing page and the dashboard read the same table. With billing off
 * (self-hosted, no Paddle key) every site has every feature.
 */

export const PAID_FEATURES = [
  "customDomain",
  "password",
  "aiChatbot",
  "widget",
  "analyticsCustomization",
  "removeBadge",
  "subscriberEmails",
  "ownerCode",
] as const;

export type PaidFeature = (typeof PAID_FEATURES)[number];

export type PlanId = "free" | "pro";

export type Plan = {
  id: PlanId;
  name: string;
  /** Prices in USD, whole units. The charged amount comes from the payment provider's catalogue. */
  monthlyUsd: number;
  yearlyUsd: number;
  summary: string;
  features: readonly PaidFeature[];
  /** Limits that apply whatever the features. */
  limits: { aiMessagesPerDay: number; subscribers: number | null };
};

export const FEATURE_LABELS: Record<PaidFeature, string> = {
  customDomain: "Custom domain with automatic HTTPS",
  password: "Password protection",
  aiChatbot: "AI chatbot that answers from your pages",
  widget: "Search and chat widget for your own product",
  analyticsCustomization: "Google Analytics or Plausible on your site",
  removeBadge: "No “Made with” badge",
  subscriberEmails: "New-post emails to subscribers",
  ownerCode: "Your own scripts and widgets on your domain",
};

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: "free",
    name: "Free",
    monthlyUsd: 0,
    yearlyUsd: 0,
    summary: "Every site type on your own subdomain, instant updates, search, RSS and feedback.",
    features: [],
    limits: { aiMessagesPerDay: 0, subscribers: 100 },
  },
  pro: {
    id: "pro",
    name: "Pro",
    monthlyUsd: 12,
    yearlyUsd: 120,
    summary: "Everything in Free, on your own domain, with password, AI chatbot, widget and subscriber emails.",
    features: PAID_FEATURES,
    limits: { aiMessagesPerDay: 500, subscribers: null },
  },
};

export const PLAN_ORDER: readonly PlanId[] = ["free", "pro"];

/** Which plan unlocks a feature: the cheapest plan that has it. */
export function planForFeature(feature: PaidFeature): Plan {
  const id = PLAN_ORDER.find((p) => PLANS[p].features.includes(feature));
  return PLANS[id ?? "pro"];
}

export function planHasFeature(planId: PlanId, feature: PaidFeature): boolean {
  return PLANS[planId].features.includes(feature);
}

/** Subscription statuses that keep a site on its paid plan; past_due is Paddle's retry period. */
export const PAID_STATUSES = ["active", "trialing", "past_due"] as const;
