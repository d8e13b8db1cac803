import { describe, expect, it } from "vitest";
import { featuresOfPlan, paidFeaturesInUse, pausedFeatures, settingsAllowedBy } from "@/core/billing/features-of";
import { planLapseMessage } from "@/core/billing/get-plan-lapse";
import { siteSettingsSchema } from "@/core/sites/site-settings";
import { PAID_FEATURES } from "@/lib/plans";

const everythingOn = siteSettingsSchema.parse({
  showBadge: false,
  ai: { enabled: true },
  widget: { enabled: true },
  analytics: { plausibleDomain: "acme.example", headCode: "<meta name=x>" },
  email: { notifySubscribers: true },
  headCode: "<script>chat()</script>",
  bodyCode: "<div id=booking></div>",
});
const row = { passwordHash: "hash", customDomain: "docs.acme.example", customDomainVerifiedAt: new Date() };

describe("featuresOf", () => {
  it("billing off: every feature, the most any plan allows", () => {
    const f = featuresOfPlan(null);
    expect(PAID_FEATURES.every((x) => f.has[x])).toBe(true);
    expect(f.limits).toEqual({ aiMessagesPerDay: 500, subscribers: null });
    expect(settingsAllowedBy(everythingOn, f)).toEqual(everythingOn);
  });

  it("free: no paid feature, no AI messages, 100 subscribers; paid settings stop applying but are not lost", () => {
    const f = featuresOfPlan("free");
    expect(PAID_FEATURES.some((x) => f.has[x])).toBe(false);
    expect(f.limits).toEqual({ aiMessagesPerDay: 0, subscribers: 100 });
    const applied = settingsAllowedBy(everythingOn, f);
    expect(applied).toMatchObject({ showBadge: true, ai: { enabled: false }, widget: { enabled: false }, email: { notifySubscribers: false }, headCode: "", bodyCode: "" });
    expect(applied.analytics).toEqual({ googleAnalyticsId: null, plausibleDomain: null, headCode: "", builtIn: true });
    expect(everythingOn.ai.enabled).toBe(true);
    expect(pausedFeatures(row, everythingOn, f)).toEqual([...PAID_FEATURES]);
  });

  it("pro: everything applies, nothing is paused", () => {
    const f = featuresOfPlan("pro");
    expect(settingsAllowedBy(everythingOn, f)).toEqual(everythingOn);
    expect(pausedFeatures(row, everythingOn, f)).toEqual([]);
    expect(paidFeaturesInUse({ passwordHash: null, customDomain: "x.example", customDomainVerifiedAt: null }, siteSettingsSchema.parse({}))).toEqual([]);
  });
});

describe("the lapse message", () => {
  const ended = new Date("2026-11-23T10:00:00Z");
  it("names the date, what is paused, that a protected site stays locked, and how to restore it", () => {
    expect(planLapseMessage("Pro", ended, ["customDomain", "password", "aiChatbot"])).toBe(
      "Your Pro plan ended on November 23, 2026. Your custom domain (visitors are sent to the site's own address) and the AI chatbot are paused; your settings are kept. " +
        "Your site stays password-protected: the password still works for your visitors, and you can remove it, but changing it needs the Pro plan. Renew to turn everything back on.",
    );
    expect(planLapseMessage("Pro", ended, [])).toBe("Your Pro plan ended on November 23, 2026. Renew to use the Pro features again.");
  });
});
