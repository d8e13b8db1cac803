import { describe, expect, it } from "vitest";
import { SITE_TYPE_PAGES, siteTypePageBySlug } from "@/marketing-site/content/site-type-pages";
import { parseTemplateUrls, templateCsvAt, templateCsvPath } from "@/lib/notion-templates";
import { notionPageProblem } from "@/lib/notion-page-rules";
import { FAQS, FEATURES } from "@/marketing-site/content/landing";
import { INCLUDED_IN_EVERY_PLAN, LIMIT_ROWS, monthsFreeYearly, planLimitLines } from "@/marketing-site/content/pricing";
import { SITE_TYPE_INFO } from "@/lib/site-types";
import { PLANS } from "@/lib/plans";
import { SITE_TYPES } from "@/lib/site-types";

describe("site-type pages", () => {
  it("cover every site type once, each at its own slug", () => {
    expect(SITE_TYPE_PAGES.map((p) => p.siteType).sort()).toEqual([...SITE_TYPES].sort());
    expect(new Set(SITE_TYPE_PAGES.map((p) => p.slug)).size).toBe(SITE_TYPE_PAGES.length);
    for (const p of SITE_TYPE_PAGES) expect(siteTypePageBySlug(p.slug)).toBe(p);
    expect(siteTypePageBySlug("nope")).toBeUndefined();
  });

  it("list exactly the database properties and view the page check requires (docs/product.md §5)", () => {
    for (const page of SITE_TYPE_PAGES) {
      const rule = SITE_TYPE_INFO[page.siteType].database;
      if (!rule) {
        expect(page.database, page.slug).toBeNull();
        continue;
      }
      expect(page.database!.view.toLowerCase()).toBe(rule.collectionType);
      expect(page.database!.properties.map((p) => p.name.toLowerCase())).toEqual(rule.properties);
    }
  });

});

describe("templates (issue 24)", () => {
  it("exist for every database type, with exactly the required properties, and pass the page check once imported", () => {
    for (const siteType of SITE_TYPES) {
      const rule = SITE_TYPE_INFO[siteType].database;
      const path = templateCsvPath(siteType);
      if (!rule) {
        expect(path, siteType).toBeNull();
        continue;
      }
      const file = templateCsvAt(path!)!;
      const [header, ...rows] = file.csv.trimEnd().split("\r\n").map((line) => line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)); // commas outside quotes
      expect(header!.map((h) => h.toLowerCase()), siteType).toEqual(rule.properties);
      expect(rows.length, siteType).toBeGreaterThanOrEqual(3);
      for (const row of rows) expect(row.length, siteType).toBe(header!.length);
      // What Notion makes of the CSV, once it has the view the type needs: no problem left.
      expect(notionPageProblem(siteType, { state: "valid", isCollection: true, collectionType: rule.collectionType, properties: header!.map((name) => ({ name })) })).toBeNull();
    }
    expect(templateCsvAt("/templates/docs.csv")).toBeNull();
    expect(templateCsvAt("/templates/constructor.csv")).toBeNull();
  });

  it("takes an operator's public template links, per type, https only", () => {
    expect(parseTemplateUrls("blog=https://acme.notion.site/Blog-1, roadmap = https://acme.notion.site/Road-2,docs=http://x,nope=https://y")).toEqual({
      blog: "https://acme.notion.site/Blog-1",
      roadmap: "https://acme.notion.site/Road-2",
    });
    expect(parseTemplateUrls(undefined)).toEqual({});
  });
});

describe("landing content", () => {
  it("has the docs/product.md §3 item shapes, no placeholder text", () => {
    for (const f of FEATURES) expect(Object.keys(f).sort()).toEqual(["bullet", "description", "heading", "icon"]);
    for (const q of FAQS) expect(Object.keys(q).sort()).toEqual(["content", "heading"]);
    expect(JSON.stringify([FEATURES, FAQS])).not.toMatch(/lorem|ipsum|TODO/i);
  });
});

describe("pricing helpers", () => {
  it("word the plan limits with the number formatter", () => {
    expect(planLimitLines({ ...PLANS.free, limits: { subscribers: 1500, aiMessagesPerDay: 0 } })).toEqual(["Up to 1,500 email subscribers"]);
    expect(planLimitLines({ ...PLANS.pro, limits: { subscribers: null, aiMessagesPerDay: 2000 } })).toEqual(["Unlimited email subscribers", "2,000 AI chatbot messages a day"]);
  });

  it("count the months a yearly price saves", () => {
    expect(monthsFreeYearly({ ...PLANS.pro, monthlyUsd: 12, yearlyUsd: 120 })).toBe(2);
    expect(monthsFreeYearly({ ...PLANS.pro, monthlyUsd: 10, yearlyUsd: 120 })).toBe(0);
    expect(monthsFreeYearly(PLANS.free)).toBe(0);
  });
});

describe("the pricing comparison table (review M5)", () => {
  it("compares the limits the plan cards name, not only Pro's features", () => {
    expect(LIMIT_ROWS.map((row) => [row.label, row.cell(PLANS.free), row.cell(PLANS.pro)])).toEqual([
      ["Email subscribers", "Up to 100", "Unlimited"],
      ["AI chatbot messages", "—", "500 a day"],
    ]);
  });
});

describe("what every plan includes (review 32)", () => {
  it("names the features that are in Free too, so they don't look like Pro's", () => {
    for (const feature of ["analytics", "Roadmap votes", "What's-new widget", "MCP server", "Connect Notion"]) expect(INCLUDED_IN_EVERY_PLAN.some((line) => line.includes(feature))).toBe(true);
  });
});
