import { describe, expect, it } from "vitest";
import { parseSiteSettings, siteSettingsSchema } from "@/core/sites/site-settings";

/** The header menu's and footer's settings: what an owner may store, and the refusals they read under a field. */
const issueOf = (settings: object) => {
  const result = siteSettingsSchema.safeParse(settings);
  expect(result.success).toBe(false);
  const issue = result.error!.issues[0]!;
  return { path: issue.path.join("."), message: issue.message };
};

describe("header menus", () => {
  it("take one level of links under a link, whose own address may then be empty", () => {
    const settings = siteSettingsSchema.parse({ navigation: [{ label: "Product", href: "", children: [{ label: "Pricing", href: "/pricing" }] }] });
    expect(settings.navigation[0]!.children).toEqual([{ label: "Pricing", href: "/pricing" }]);
  });

  it("refuse a link with neither an address nor links under it, under its address", () => {
    expect(issueOf({ navigation: [{ label: "Product", href: "" }] })).toEqual({ path: "navigation.0.href", message: "can't be empty" });
  });

  it("refuse a second level and unsafe addresses", () => {
    expect(siteSettingsSchema.safeParse({ navigation: [{ label: "A", href: "", children: [{ label: "B", href: "/b", children: [] }] }] }).success).toBe(false);
    expect(issueOf({ navigation: [{ label: "A", href: "", children: [{ label: "B", href: "javascript:alert(1)" }] }] }).path).toBe("navigation.0.children.0.href");
  });
});

describe("the footer", () => {
  it("is empty with the badge at the end by default", () => {
    expect(parseSiteSettings({}).footer).toEqual({ columns: [], text: "", social: [], badgePlace: "end" });
  });

  it("takes columns, a text, social profiles and the badge's place", () => {
    const footer = { columns: [{ title: "Company", links: [{ label: "About", href: "/about" }] }], text: "Made in Lisbon.", social: [{ network: "github", url: "https://github.com/lumen" }], badgePlace: "start" };
    expect(siteSettingsSchema.parse({ footer }).footer).toEqual(footer);
  });

  it("refuses social profiles not on https or of an unknown network, and a fifth column", () => {
    expect(issueOf({ footer: { social: [{ network: "github", url: "http://github.com/lumen" }] } }).path).toBe("footer.social.0.url");
    expect(issueOf({ footer: { social: [{ network: "myspace", url: "https://myspace.com/lumen" }] } }).path).toBe("footer.social.0.network");
    expect(issueOf({ footer: { columns: Array.from({ length: 5 }, () => ({ title: "x", links: [] })) } }).path).toBe("footer.columns");
    expect(issueOf({ footer: { text: "x".repeat(281) } }).path).toBe("footer.text");
  });
});
