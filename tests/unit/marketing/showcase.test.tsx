import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { marketingRoute, type RouteContext } from "@/marketing-site/routes";
import { parseShowcaseUrls, showcaseCards } from "@/marketing-site/content/showcase";
import { SITE_TYPES } from "@/lib/site-types";

/** The website's showcase of the demo sites (issue 24, review M2): a picture per type, live links when the demo runs. */
const ctx = (showcaseUrls: RouteContext["showcaseUrls"]): RouteContext => ({
  appsDomain: "pagewright.site",
  templateUrls: {},
  showcaseUrls,
  links: { source: "https://example.com/src", terms: "/terms", privacy: "/privacy", contact: "/contact" },
});
const landing = (urls: RouteContext["showcaseUrls"]) => renderToStaticMarkup(marketingRoute("/")!.render(ctx(urls)));

describe("the showcase of the demo sites", () => {
  it("has a committed picture for every site type", () => {
    for (const card of showcaseCards({})) {
      const file = path.join(process.cwd(), "public", card.image);
      expect(fs.existsSync(file), card.image).toBe(true);
      expect(fs.statSync(file).size).toBeLessThan(40_000);
    }
    expect(showcaseCards({}).map((c) => c.siteType).sort()).toEqual([...SITE_TYPES].sort());
  });

  it("shows screenshots without live links when no demo runs, and links each running demo site", () => {
    const still = landing({});
    expect(still).toContain('id="showcase"');
    expect(still.match(/Screenshot of the demo site/g)).toHaveLength(SITE_TYPES.length);
    expect(still).not.toContain("See it live");

    const live = landing(parseShowcaseUrls("blog=http://lumen.localhost:3000/, docs=http://lumen-docs.localhost:3000/"));
    expect(live).toContain('href="http://lumen.localhost:3000/"');
    expect(live).toContain('href="http://lumen-docs.localhost:3000/"');
    expect(live.match(/See it live/g)).toHaveLength(2);
  });

  it("reads SHOWCASE_URLS leniently: unknown types and non-web addresses are left out", () => {
    expect(parseShowcaseUrls("blog=http://a.test/,nope=http://b.test/,roadmap=javascript:alert(1),docs=")).toEqual({ blog: "http://a.test/" });
    expect(parseShowcaseUrls(undefined)).toEqual({});
  });

  it("puts the type's picture and its address under the product's domain on each site-type page", () => {
    const html = renderToStaticMarkup(marketingRoute("/site-types/blog")!.render(ctx({ blog: "http://lumen.localhost:3000/" })));
    expect(html).toContain("/marketing/showcase-blog.webp");
    expect(html).toContain("blog.acme.pagewright.site");
    expect(html).toContain('href="http://lumen.localhost:3000/"');
  });
});
