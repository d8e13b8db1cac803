import type { SiteSettings } from "@/core/sites/site-settings";
import type { PaidFeature } from "@/lib/plans";

/**
 * Which paid features a settings change turns on or changes. Turning a feature off, or editing settings of a feature
 * that stays off, is always allowed — so a site that drops to free can still tidy up.
 */
export function paidFeaturesTurnedOn(before: SiteSettings, after: SiteSettings): PaidFeature[] {
  const out: PaidFeature[] = [];
  if (after.widget.enabled && !before.widget.enabled) out.push("widget");
  if (after.ai.enabled && !before.ai.enabled) out.push("aiChatbot");
  if (!after.showBadge && before.showBadge) out.push("removeBadge");
  if (after.email.notifySubscribers && !before.email.notifySubscribers) out.push("subscriberEmails");
  if ((after.headCode || after.bodyCode) && (after.headCode !== before.headCode || after.bodyCode !== before.bodyCode)) out.push("ownerCode");
  const a = after.analytics;
  const b = before.analytics;
  const analyticsSet = Boolean(a.googleAnalyticsId || a.plausibleDomain || a.headCode);
  if (analyticsSet && (a.googleAnalyticsId !== b.googleAnalyticsId || a.plausibleDomain !== b.plausibleDomain || a.headCode !== b.headCode)) {
    out.push("analyticsCustomization");
  }
  return out;
}
