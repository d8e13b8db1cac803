import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_SETTINGS, parseSiteSettings, siteSettingsSchema } from "@/core/sites/site-settings";

describe("SiteSettings", () => {
  it("fills every group with defaults", () => {
    expect(DEFAULT_SITE_SETTINGS.showBadge).toBe(true);
    expect(DEFAULT_SITE_SETTINGS.theme.accentColor).toBe("#2255dd");
    expect(DEFAULT_SITE_SETTINGS.widget.enabled).toBe(false);
    expect(DEFAULT_SITE_SETTINGS.ai.enabled).toBe(false);
    expect(DEFAULT_SITE_SETTINGS.publicUrl).toBeNull();
    expect(DEFAULT_SITE_SETTINGS.versions).toEqual([]);
  });

  it("refuses unknown fields and bad values", () => {
    expect(siteSettingsSchema.safeParse({ unknown: 1 }).success).toBe(false);
    expect(siteSettingsSchema.safeParse({ theme: { accentColor: "red" } }).success).toBe(false);
    expect(siteSettingsSchema.safeParse({ navigation: [{ label: "Home", href: "javascript:alert(1)" }] }).success).toBe(false);
    expect(siteSettingsSchema.safeParse({ navigation: [{ label: "Home", href: "/" }] }).success).toBe(true);
  });

  it("keeps the valid groups of stored settings that partly no longer validate", () => {
    const parsed = parseSiteSettings({ name: "Acme", theme: { accentColor: "not-a-colour" }, showBadge: false });
    expect(parsed.name).toBe("Acme");
    expect(parsed.showBadge).toBe(false);
    expect(parsed.theme).toEqual(DEFAULT_SITE_SETTINGS.theme);
  });

  it("reads null and garbage as defaults", () => {
    expect(parseSiteSettings(null)).toEqual(DEFAULT_SITE_SETTINGS);
    expect(parseSiteSettings("nonsense")).toEqual(DEFAULT_SITE_SETTINGS);
  });
});

describe("fonts by name", () => {
  it("takes the fonts this server ships for headings and body, and names them when refusing another", () => {
    expect(siteSettingsSchema.parse({ theme: { fonts: { heading: "Lora" } } }).theme.fonts).toEqual({ heading: "Lora", body: null });
    const refused = siteSettingsSchema.safeParse({ theme: { fonts: { body: "Comic Sans" } } });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("must be a font this server ships: Inter, Lora, JetBrains Mono");
  });
});
