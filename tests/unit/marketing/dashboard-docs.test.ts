import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SECTIONS } from "@/app/(app)/dashboard/sites/[siteId]/sections/catalog";
import { DASHBOARD_DOCS, dashboardDocPath } from "@/marketing-site/content/dashboard-docs";
import { marketingPaths, marketingRoute, type RouteContext } from "@/marketing-site/routes";

const ctx: RouteContext = { appsDomain: "example.site", templateUrls: {}, showcaseUrls: {}, links: { source: "https://example.org/src", terms: "/terms", privacy: "/privacy", contact: "/contact" } };
const render = (path: string) => {
  const route = marketingRoute(path);
  if (!route) throw new Error(`no page at ${path}`);
  return { meta: route.meta, html: renderToStaticMarkup(route.render(ctx)) };
};
const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;");

describe("docs per dashboard screen (review M6)", () => {
  it("has a page for every screen of the dashboard's catalog, titled as the screen's menu item", () => {
    for (const section of SECTIONS) {
      const path = dashboardDocPath(section.id);
      expect(marketingPaths(), section.id).toContain(path);
      const { meta, html } = render(path);
      expect(meta.path).toBe(path);
      expect(html, section.id).toContain(`<h1>${escaped(section.label)}</h1>`);
      expect(html.length, section.id).toBeGreaterThan(400);
    }
  });

  it("documents no screen the dashboard doesn't have", () => {
    const screens = new Set<string>(SECTIONS.map((s) => s.id));
    for (const doc of DASHBOARD_DOCS) expect(screens.has(doc.screen), doc.screen).toBe(true);
    expect(new Set(DASHBOARD_DOCS.map((d) => d.screen)).size).toBe(DASHBOARD_DOCS.length);
  });

  it("has an index linking every screen's page", () => {
    const { html } = render("/docs/dashboard");
    for (const section of SECTIONS) expect(html, section.id).toContain(`href="${dashboardDocPath(section.id)}"`);
  });
});
