import { describe, expect, it } from "vitest";
import { paidFeaturesTurnedOn } from "@/core/billing/paid-features-turned-on";
import { newRedeemCode } from "@/core/billing/generate-redeem-codes";
import { DEFAULT_SITE_SETTINGS, siteSettingsSchema } from "@/core/sites/site-settings";
import { signPaddleBody, verifyPaddleSignature, SIGNATURE_TOLERANCE_SECONDS } from "@/integrations/payments/webhook-signature";
import { PAID_FEATURES, PLANS, planForFeature } from "@/lib/plans";

const SECRET = "pdl_ntfset_secret";
const BODY = '{"event_id":"evt_1","event_type":"subscription.created"}';
const NOW = 1_800_000_000;

describe("Paddle webhook signatures", () => {
  it("accepts ts=…;h1=HMAC-SHA256(secret, ts:body) within the tolerance", () => {
    expect(verifyPaddleSignature(SECRET, BODY, signPaddleBody(SECRET, BODY, NOW), NOW)).toBe(true);
    expect(verifyPaddleSignature(SECRET, BODY, signPaddleBody(SECRET, BODY, NOW - SIGNATURE_TOLERANCE_SECONDS), NOW)).toBe(true);
  });

  it("refuses another secret, another body, an old or future timestamp, and malformed headers", () => {
    expect(verifyPaddleSignature(SECRET, BODY, signPaddleBody("other", BODY, NOW), NOW)).toBe(false);
    expect(verifyPaddleSignature(SECRET, BODY + " ", signPaddleBody(SECRET, BODY, NOW), NOW)).toBe(false);
    expect(verifyPaddleSignature(SECRET, BODY, signPaddleBody(SECRET, BODY, NOW - SIGNATURE_TOLERANCE_SECONDS - 1), NOW)).toBe(false);
    expect(verifyPaddleSignature(SECRET, BODY, signPaddleBody(SECRET, BODY, NOW + SIGNATURE_TOLERANCE_SECONDS + 1), NOW)).toBe(false);
    for (const header of [null, "", "ts=;h1=", `h1=${"a".repeat(64)}`, `ts=${NOW}`, `ts=${NOW};h1=zz`, `ts=${NOW};h1=${"a".repeat(63)}`]) {
      expect(verifyPaddleSignature(SECRET, BODY, header, NOW), String(header)).toBe(false);
    }
  });

  // A known-answer vector, so the HMAC input format is pinned by something other than our own signer. The digests
  // were computed outside this code base, with OpenSSL:
  //   printf '%s' '1700000000:<KNOWN_BODY>' | openssl dgst -sha256 -hmac 'pdl_ntfset_test_secret'   → KNOWN_H1
  //   printf '%s' '<KNOWN_BODY>'            | openssl dgst -sha256 -hmac 'pdl_ntfset_test_secret'   → body alone
  //   printf '%s' '1700000000.<KNOWN_BODY>' | openssl dgst -sha256 -hmac 'pdl_ntfset_test_secret'   → "." separator
  // Paddle's documented format: `Paddle-Signature: ts=<unix seconds>;h1=<hex HMAC-SHA256(secret, "<ts>:<raw body>")>`.
  const KNOWN_SECRET = "pdl_ntfset_test_secret";
  const KNOWN_TS = 1_700_000_000;
  const KNOWN_BODY = '{"event_id":"evt_01","event_type":"subscription.created","data":{"id":"sub_01"}}';
  const KNOWN_H1 = "75fe6ba498ecd3a014aee166bd028087c9c377e71b145c4a1dbaf82314b13bfa";
  const BODY_ALONE_H1 = "d9fd007a2c5aff026fb13dd388e9ccfe99ae8e06914c7b874c1da0d974f125c7";
  const DOT_SEPARATOR_H1 = "5bdf18b0fb928624e779682c418c9618a93c8fffb937f48f838b8e3e4a1cdac1";

  it("accepts a signature computed independently in Paddle's format (known answer)", () => {
    expect(verifyPaddleSignature(KNOWN_SECRET, KNOWN_BODY, `ts=${KNOWN_TS};h1=${KNOWN_H1}`, KNOWN_TS + 10)).toBe(true);
    expect(signPaddleBody(KNOWN_SECRET, KNOWN_BODY, KNOWN_TS)).toBe(`ts=${KNOWN_TS};h1=${KNOWN_H1}`);
  });

  it("refuses digests of the wrong input: the body alone, or ts and body joined by another separator", () => {
    expect(verifyPaddleSignature(KNOWN_SECRET, KNOWN_BODY, `ts=${KNOWN_TS};h1=${BODY_ALONE_H1}`, KNOWN_TS)).toBe(false);
    expect(verifyPaddleSignature(KNOWN_SECRET, KNOWN_BODY, `ts=${KNOWN_TS};h1=${DOT_SEPARATOR_H1}`, KNOWN_TS)).toBe(false);
  });

  it("accepts any one matching h1 (secret rotation)", () => {
    const good = signPaddleBody(SECRET, BODY, NOW).split(";h1=")[1];
    expect(verifyPaddleSignature(SECRET, BODY, `ts=${NOW};h1=${"0".repeat(64)};h1=${good}`, NOW)).toBe(true);
  });
});

describe("paid features a settings change turns on", () => {
  const withChange = (patch: object) => siteSettingsSchema.parse({ ...DEFAULT_SITE_SETTINGS, ...patch });
  it("names each paid feature turned on", () => {
    expect(paidFeaturesTurnedOn(DEFAULT_SITE_SETTINGS, withChange({ widget: { ...DEFAULT_SITE_SETTINGS.widget, enabled: true } }))).toEqual(["widget"]);
    expect(paidFeaturesTurnedOn(DEFAULT_SITE_SETTINGS, withChange({ ai: { ...DEFAULT_SITE_SETTINGS.ai, enabled: true } }))).toEqual(["aiChatbot"]);
    expect(paidFeaturesTurnedOn(DEFAULT_SITE_SETTINGS, withChange({ showBadge: false }))).toEqual(["removeBadge"]);
    expect(paidFeaturesTurnedOn(DEFAULT_SITE_SETTINGS, withChange({ email: { ...DEFAULT_SITE_SETTINGS.email, notifySubscribers: true } }))).toEqual(["subscriberEmails"]);
    expect(paidFeaturesTurnedOn(DEFAULT_SITE_SETTINGS, withChange({ analytics: { ...DEFAULT_SITE_SETTINGS.analytics, headCode: "<meta>" } }))).toEqual(["analyticsCustomization"]);
    expect(paidFeaturesTurnedOn(DEFAULT_SITE_SETTINGS, withChange({ bodyCode: "<script>chat()</script>" }))).toEqual(["ownerCode"]);
    const withCode = withChange({ headCode: "<script>a()</script>" });
    expect(paidFeaturesTurnedOn(withCode, withChange({ headCode: "<script>b()</script>" }))).toEqual(["ownerCode"]);
    expect(paidFeaturesTurnedOn(withCode, DEFAULT_SITE_SETTINGS)).toEqual([]);
  });

  it("allows turning features off and editing a feature that stays off", () => {
    const allOn = withChange({ showBadge: false, widget: { ...DEFAULT_SITE_SETTINGS.widget, enabled: true }, analytics: { ...DEFAULT_SITE_SETTINGS.analytics, plausibleDomain: "a.example" } });
    expect(paidFeaturesTurnedOn(allOn, DEFAULT_SITE_SETTINGS)).toEqual([]);
    expect(paidFeaturesTurnedOn(allOn, allOn)).toEqual([]);
    expect(paidFeaturesTurnedOn(DEFAULT_SITE_SETTINGS, withChange({ widget: { ...DEFAULT_SITE_SETTINGS.widget, color: "#000000" } }))).toEqual([]);
  });
});

describe("plan table", () => {
  it("has every paid feature on a paid plan, and none on free", () => {
    expect(PLANS.free.features).toEqual([]);
    for (const f of PAID_FEATURES) expect(planForFeature(f).id).toBe("pro");
  });
});

describe("redeem codes", () => {
  it("are LTD- and three groups of four unambiguous symbols, and differ", () => {
    const codes = new Set(Array.from({ length: 500 }, newRedeemCode));
    expect(codes.size).toBe(500);
    for (const c of codes) expect(c).toMatch(/^LTD-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
  });
});

describe("checkout rules", () => {
  it("needs a userId (docs/product.md §5) and carries userId, email and siteId", async () => {
    const { checkoutCustomData, MISSING_USER_ID } = await import("@/lib/checkout");
    expect(MISSING_USER_ID).toBe("Missing userId, cannot continue checkout");
    expect(() => checkoutCustomData({ siteId: "s1", email: "a@example.com" })).toThrow("Missing userId, cannot continue checkout");
    expect(checkoutCustomData({ userId: "u1", email: "a@example.com", siteId: "s1" })).toEqual({ userId: "u1", email: "a@example.com", siteId: "s1" });
  });

  it("reads the purchase's value and currency from Paddle Billing and Classic event data", async () => {
    const { purchaseOf } = await import("@/lib/checkout");
    expect(purchaseOf({ totals: { total: 14.4 }, recurring_totals: { total: 12 }, currency_code: "EUR" })).toEqual({ value: 12, currency: "EUR" });
    expect(purchaseOf({ checkout: { recurring_prices: { customer: { unit: "9.99", currency: "USD" } } } })).toEqual({ value: 9.99, currency: "USD" });
    expect(purchaseOf({})).toBeNull();
  });
});
