import { describe, expect, it } from "vitest";
import { campaignOf, deviceAndBrowserOf, isBotUserAgent, referrerHostOf } from "@/core/analytics/visit-traits";
import { visitorHash } from "@/core/analytics/visitor-salt";

describe("visit traits", () => {
  it.each([
    ["https://www.google.com/search?q=x", "docs.acme.test", "google.com"],
    ["https://docs.acme.test/other", "docs.acme.test", ""],
    ["http://docs.acme.test:3000/", "docs.acme.test:3000", ""],
    ["", "docs.acme.test", ""],
    ["javascript:alert(1)", "docs.acme.test", ""],
    ["not a url", "docs.acme.test", ""],
  ])("referrer %s on %s → %s", (referrer, host, expected) => expect(referrerHostOf(referrer, host)).toBe(expected));

  it("reads and normalises UTM tags", () => {
    expect(campaignOf(new URLSearchParams("?utm_source=Newsletter%20&utm_medium=Email&utm_campaign=Launch&x=1"))).toEqual({ utmSource: "newsletter", utmMedium: "email", utmCampaign: "launch" });
    expect(campaignOf(new URLSearchParams(""))).toEqual({ utmSource: "", utmMedium: "", utmCampaign: "" });
  });

  it("keeps only campaign words: markup, formulas and other symbols are not a campaign", () => {
    const spam = new URLSearchParams('utm_source=spam-source&utm_campaign=<script>alert(1)</script>&utm_medium==HYPERLINK("http://evil")');
    expect(campaignOf(spam)).toEqual({ utmSource: "spam-source", utmMedium: "", utmCampaign: "" });
    const real = new URLSearchParams("utm_source=news.ycombinator.com&utm_medium=cpc&utm_campaign=Black Friday_2026 / EU+US");
    expect(campaignOf(real)).toEqual({ utmSource: "news.ycombinator.com", utmMedium: "cpc", utmCampaign: "black friday_2026 / eu us" });
    expect(campaignOf(new URLSearchParams("utm_campaign=été-2026"))).toEqual({ utmSource: "", utmMedium: "", utmCampaign: "été-2026" });
    // Longer than 100 characters is a paragraph, not a tag: dropped whole rather than cut to a prefix someone chose.
    expect(campaignOf(new URLSearchParams(`utm_campaign=${"a".repeat(100)}&utm_source=${"b".repeat(101)}`))).toEqual({ utmSource: "", utmMedium: "", utmCampaign: "a".repeat(100) });
  });

  it.each([
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36", false, "desktop", "Chrome"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1", false, "mobile", "Safari"],
    ["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", true, "other", "Googlebot"],
    ["curl/8.5.0", true, "other", "Other"],
    ["", true, "other", "Other"],
  ])("%s", (ua, bot, device, browser) => {
    expect(isBotUserAgent(ua)).toBe(bot);
    if (ua) expect(deviceAndBrowserOf(ua)).toEqual({ device, browser });
  });

  it("gives one visitor one hash per salt, and another salt another hash", () => {
    const one = visitorHash("salt-1", "site", "8.8.8.8", "UA");
    expect(visitorHash("salt-1", "site", "8.8.8.8", "UA")).toBe(one);
    expect(visitorHash("salt-2", "site", "8.8.8.8", "UA")).not.toBe(one);
    expect(visitorHash("salt-1", "other-site", "8.8.8.8", "UA")).not.toBe(one);
  });
});
