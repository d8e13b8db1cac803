import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSitesApp, WORKSPACE, workspaceIndex, type SitesApp } from "../../helpers/sites";

/**
 * Real Notion pages as Notion shows them (issue 21), on the demo workspace's showcase tree: the page header (cover,
 * icon, title), database rows as pages, full-width pages and page options, on simple, docs and help-desk sites.
 */

type Box = { value: { value: { id: string; type: string; parent_id?: string; properties?: { title?: string[][] }; format?: Record<string, unknown> } } };
const showcase = JSON.parse(fs.readFileSync(path.join(WORKSPACE, "showcase.json"), "utf8")) as { block: Record<string, Box> };
const blocks = Object.values(showcase.block).map((b) => b.value.value);
const byTitle = (title: string) => blocks.find((b) => b.properties?.title?.[0]?.[0] === title)!;
const root = byTitle("Lumen Field Guide");
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const brandKit = byTitle("Brand kit");
const brandCallout = blocks.find((b) => b.type === "callout" && b.parent_id === brandKit.id)!;
const emojiRecord = Object.values((showcase as unknown as { custom_emoji: Record<string, { value: { value: { id: string; name: string; url: string } } }> }).custom_emoji)[0]!.value.value;

let s: SitesApp;
let simple: string, docs: string, help: string, brand: string;
beforeAll(async () => {
  s = await startSitesApp([
    { siteType: "simple", page: workspaceIndex.showcase! },
    { siteType: "docs", page: workspaceIndex.showcase! },
    { siteType: "help_desk", page: workspaceIndex.showcase! },
    // A site whose root page has a custom emoji icon.
    { siteType: "simple", page: `https://www.notion.so/Brand-kit-${brandKit.id.replace(/-/g, "")}` },
  ]);
  [simple, docs, help, brand] = s.hosts as [string, string, string, string];
  for (const host of s.hosts) expect((await s.get(host, "/")).status).toBe(200);
}, 240_000);
afterAll(() => s?.stop());

const get = (host: string, p: string) => s.get(host, p);
const attr = (html: string, re: RegExp) => re.exec(html)?.[1]?.replace(/&amp;/g, "&");

describe("the page header: cover, icon and title", () => {
  it("shows the cover (through the image route, sized), the image icon and an <h1> on the home page of every tree site", async () => {
    for (const host of [simple, docs, help]) {
      const html = (await get(host, "/")).body;
      expect(html, host).toMatch(/<h1[^>]*>Lumen Field Guide<\/h1>/);
      const cover = attr(html, /<img class="page-cover" src="([^"]+)"/);
      expect(cover, host).toMatch(new RegExp(`^/_/img/${root.id}\\?src=attachment%3A[^&]+cover-team\\.png&w=1920$`));
      const icon = attr(html, /<span class="page-icon"><img src="([^"]+)"/);
      expect(icon, host).toMatch(new RegExp(`^/_/img/${root.id}\\?src=attachment%3A[^&]+logo-lumen\\.png&w=128$`));
      for (const src of [cover!, icon!]) {
        const res = await get(host, src);
        expect(res.status, src).toBe(200);
        expect(res.headers["content-type"]).toBe("image/png");
      }
    }
  });

  it("shows emoji icons and image icons of sub-pages, with the title", async () => {
    const dashboard = (await get(docs, "/team-dashboard")).body;
    expect(dashboard).toMatch(/<span class="page-icon" aria-hidden="true">📊<\/span><h1[^>]*>Team dashboard<\/h1>/);
    const watch = (await get(simple, "/watch-and-listen")).body;
    const watchId = byTitle("Watch and listen").id;
    expect(watch).toMatch(new RegExp(`<img class="page-cover" src="/_/img/${watchId}\\?src=[^"]+cover-engineering\\.png`));
    expect(watch).toMatch(new RegExp(`<span class="page-icon"><img src="/_/img/${watchId}\\?src=[^"]+chart-retention\\.png`));
    expect(watch).toMatch(/<h1[^>]*>Watch and listen<\/h1>/);
  });

  it("puts an image icon in the site header and the favicon", async () => {
    const home = (await get(simple, "/")).body;
    const brand = /<a class="brand"[^>]*>([\s\S]*?)<\/a>/.exec(home)![1]!;
    expect(brand).toMatch(new RegExp(`<img src="/_/img/${root.id}\\?src=[^"]+logo-lumen\\.png&amp;w=64"`));
    const favicon = attr(home, /<link rel="icon" href="([^"]+)"/);
    expect(favicon).toMatch(new RegExp(`^/_/img/${root.id}\\?src=[^&]+logo-lumen\\.png&w=64$`));
    const res = await get(simple, favicon!);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
  });
});

describe("full-width pages and page options", () => {
  it("honours page_full_width: the docs layout drops its right rail and marks the page full width", async () => {
    const html = (await get(docs, "/team-dashboard")).body;
    expect(html).toContain('<div class="docs docs-full-width">');
    expect(html).not.toContain('class="docs-toc"');
    expect((await get(simple, "/team-dashboard")).body).toMatch(/<article class="simple-page page-full-width"/);
    // A page without the option keeps the normal layout (this one has too few headings for a contents column).
    expect((await get(docs, "/watch-and-listen")).body).toContain('<div class="docs docs-no-toc">');
  });

  it("honours page_font and page_small_text", async () => {
    const html = (await get(docs, "/reading-room")).body;
    expect(html).toMatch(/<article class="docs-content page-font-serif page-small-text"/);
    expect((await get(docs, "/team-dashboard")).body).not.toContain("page-font-");
  });
});

describe("database rows are pages", () => {
  it("publishes the rows of an inline database under the page that holds it, and links their titles", async () => {
    for (const host of [simple, docs]) {
      const home = (await get(host, "/")).body;
      expect(home, host).toMatch(/<a [^>]*href="\/northwind-outfitters"[^>]*>[\s\S]{0,400}?Northwind Outfitters/);
      const row = await get(host, "/northwind-outfitters");
      expect(row.status, host).toBe(200);
      expect(row.body).toMatch(/<h1[^>]*>Northwind Outfitters<\/h1>/);
      expect(row.body).toContain("Northwind moved off cookie banners in a week");
      expect(row.body).toMatch(/<span class="page-icon" aria-hidden="true">🧭<\/span>/);
    }
  });

  it("publishes a child full-page database as a page listing its rows, never linking out to notion.so", async () => {
    const home = (await get(docs, "/")).body;
    expect(home).not.toMatch(/href="https:\/\/www\.notion\.so/);
    expect(home).toContain('href="/tools-we-use"');
    const db = await get(docs, "/tools-we-use");
    expect(db.status).toBe(200);
    expect(db.body).toMatch(/<h1[^>]*>Tools we use<\/h1>/);
    expect(db.body).toMatch(new RegExp(`href="${esc("/tools-we-use/query-playground")}"`));
    const row = await get(docs, "/tools-we-use/query-playground");
    expect(row.status).toBe(200);
    expect(row.body).toContain("Try a query against the demo project");
    expect(row.body).toContain("pageviews");
  });

  it("puts rows in search, the sitemap, llms.txt and Markdown", async () => {
    const search = JSON.parse((await s.get(docs, "/_/search?q=drafts", { accept: "application/json" })).body) as { results: { title: string; url: string }[] };
    expect(search.results.map((r) => r.title)).toContain("Field notes editor");
    const sitemap = (await get(docs, "/sitemap.xml")).body;
    expect(sitemap).toMatch(/<loc>[^<]*\/northwind-outfitters<\/loc>/);
    expect(sitemap).toMatch(/<loc>[^<]*\/tools-we-use\/field-notes-editor<\/loc>/);
    expect((await get(docs, "/llms.txt")).body).toContain("Harbor Weekly");
    const md = await get(docs, "/northwind-outfitters.md");
    expect(md.status).toBe(200);
    expect(md.body).toContain("We stopped guessing which campaign worked.");
  });
});

describe("videos play without client React", () => {
  it("renders a YouTube video as a facade: a link to the video with its thumbnail, which the island turns into the player", async () => {
    for (const host of [simple, docs]) {
      const res = await get(host, "/watch-and-listen");
      const html = res.body;
      expect(html, host).not.toContain("notion-yt-lite");
      expect(html, host).toMatch(
        /<a class="video-facade notion-asset-object-fit"[^>]* href="https:\/\/www\.youtube\.com\/watch\?v=aqz-KE-bpKQ" data-video="https:\/\/www\.youtube-nocookie\.com\/embed\/aqz-KE-bpKQ\?autoplay=1" aria-label="Play video on YouTube"><img src="https:\/\/i\.ytimg\.com\/vi\/aqz-KE-bpKQ\/hqdefault\.jpg"/,
      );
      // The island script is on the page (simple pages load it only for videos), and the CSP lets the player and thumbnail in.
      expect(html, host).toMatch(/<script type="module" src="\/_\/site\.js\?v=/);
      const csp = String(res.headers["content-security-policy"]);
      expect(csp).toMatch(/frame-src [^;]*https:\/\/www\.youtube-nocookie\.com/);
      expect(csp).toMatch(/img-src [^;]*https:/);
    }
    // A simple page without a video still ships no script.
    expect((await get(simple, "/reading-room")).body).not.toContain("<script type=\"module\"");
  });
});

describe("Markdown and llms-full.txt keep databases", () => {
  it("writes an inline database and a full-page database as tables whose rows link to their pages", async () => {
    const home = (await get(docs, "/index.md")).body;
    expect(home).toContain("**Customer stories**");
    expect(home).toMatch(/\| Name \| Industry \| Since \|\n\| --- \| --- \| --- \|/);
    expect(home).toMatch(/\| \[Northwind Outfitters\]\([^)]*\/northwind-outfitters\) \| Retail \| 2025-03-14 \|/);
    const tools = (await get(docs, "/tools-we-use.md")).body;
    expect(tools).toMatch(/\| \[Query playground\]\([^)]*\/tools-we-use\/query-playground\) \| Code \|/);
    const full = (await get(docs, "/llms-full.txt")).body;
    expect(full).toMatch(/\| \[Harbor Weekly\]\([^)]*\/harbor-weekly\) \| Media \| 2024-11-02 \|/);
    // The dashboard's simple tables stay tables.
    expect(full).toContain("| Channel | Visits | Change |");
  });
});

describe("database views as Notion draws them", () => {
  it("renders every view as a tab, galleries with the rows' covers, rows with icons, dates as Notion writes them", async () => {
    const home = (await get(docs, "/")).body;
    const northwind = byTitle("Northwind Outfitters");
    expect(home).toMatch(/<details class="collection-view" name="views-[^"]+" open=""><summary>All<\/summary><div class="inline-table">/);
    expect(home).toMatch(/<details class="collection-view" name="views-[^"]+"><summary>Gallery<\/summary><ul class="inline-gallery">/);
    expect(home).toMatch(new RegExp(`<img class="gallery-cover" src="/_/img/${northwind.id}\\?src=[^"]+cover-funnels\\.png&amp;w=640"`));
    expect(home).toMatch(/<span class="page-icon" aria-hidden="true">🧭<\/span>Northwind Outfitters/);
    expect(home).toContain("<td>Mar 14, 2025</td>");
    expect(home).not.toContain("2025-03-14");
  });
});

describe("calendar and timeline views, people named", () => {
  it("draws a calendar view as month grids with each entry on its days, and a timeline as a dated list in order", async () => {
    const html = (await get(docs, "/")).body;
    const months = [...html.matchAll(/<table class="calendar-month"><caption>([^<]+)<\/caption>/g)].map((m) => m[1]);
    expect(months).toEqual(["November 2026", "December 2026"]);
    // The three-day offsite is on each of its days; November 1, 2026 is a Sunday, so the grid starts without blanks.
    for (const day of ["2026-11-10", "2026-11-11", "2026-11-12"]) {
      expect(html).toMatch(new RegExp(`<td data-date="${day}"><span class="calendar-day">\\d+</span><span class="calendar-entry"><a href="[^"]+">Offsite in Lisbon</a>`));
    }
    expect(html).toMatch(/<td data-date="2026-11-09"><span class="calendar-day">9<\/span><\/td>/);
    expect(html).toMatch(/<tbody><tr><td data-date="2026-11-01">/);
    const timeline = /<ol class="inline-timeline">([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? "";
    expect([...timeline.matchAll(/<time dateTime="([^"]+)">([^<]+)<\/time><span><a href="[^"]+">([^<]+)<\/a>/g)].map((m) => `${m[2]} ${m[3]}`)).toEqual([
      "Nov 10, 2026 → Nov 12, 2026 Offsite in Lisbon",
      "Nov 18, 2026 Lumen 2.1 release",
      "Dec 15, 2026 Year in review",
    ]);
  });

  it("names the people of a person property instead of printing ‣", async () => {
    const html = (await get(docs, "/")).body;
    const table = /<details[^>]*><summary>Table<\/summary>([\s\S]*?)<\/details>/.exec(html)?.[1] ?? "";
    expect(table).toMatch(/Offsite in Lisbon<\/a><\/th><td>Nov 10, 2026 → Nov 12, 2026<\/td><td>Maya Okafor<\/td>/);
    expect(table).not.toContain("‣");
  });
});

describe("a workspace's custom emoji as an icon", () => {
  const emojiSrc = (blockId: string, w: number) => `/_/img/${blockId}?src=${encodeURIComponent(emojiRecord.url)}&amp;w=${w}`;

  it("draws a page's custom emoji beside its title and in a callout, through the image route, named by the emoji", async () => {
    expect(brandKit.format?.page_icon).toMatch(/^notion:\/\/custom_emoji\//);
    for (const host of [simple, docs]) {
      const html = (await get(host, "/brand-kit")).body;
      expect(html, host).toContain(`<span class="page-icon"><img src="${emojiSrc(brandKit.id, 128)}" alt="${emojiRecord.name}"`);
      expect(html, host).toMatch(new RegExp(`<img[^>]*src="${esc(emojiSrc(brandCallout.id, 64))}"[^>]*>`));
      const calloutImg = new RegExp(`<img[^>]*src="${esc(emojiSrc(brandCallout.id, 64))}"[^>]*>`).exec(html)![0];
      expect(calloutImg).toContain(`alt="${emojiRecord.name}"`);
      expect(html, host).not.toContain("notion://");
      for (const src of [emojiSrc(brandKit.id, 128), emojiSrc(brandCallout.id, 64)]) {
        const res = await get(host, src.replaceAll("&amp;", "&"));
        expect(res.status, src).toBe(200);
        expect(res.headers["content-type"]).toBe("image/png");
      }
    }
    // The sub-page link on the home page carries the emoji too.
    expect((await get(docs, "/")).body).not.toContain("notion://");
  });

  it("serves the emoji's file only through blocks whose icon it is", async () => {
    const elsewhere = `/_/img/${root.id}?src=${encodeURIComponent(emojiRecord.url)}&w=64`;
    expect((await get(simple, elsewhere)).status).toBe(404);
  });

  it("makes the root page's custom emoji the site header's icon and the favicon", async () => {
    const home = (await get(brand, "/")).body;
    const header = /<a class="brand"[^>]*>([\s\S]*?)<\/a>/.exec(home)![1]!;
    expect(header).toContain(`<img src="${emojiSrc(brandKit.id, 64)}"`);
    const favicon = attr(home, /<link rel="icon" href="([^"]+)"/);
    expect(favicon).toBe(emojiSrc(brandKit.id, 64).replaceAll("&amp;", "&"));
    const res = await get(brand, favicon!);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
  });
});

describe("relations and rollups", () => {
  it("shows a relation as the related rows' titles and rollups computed from them, in the target's number format", async () => {
    const html = (await get(docs, "/brand-kit")).body;
    const row = /<tr><th scope="row">(?:(?!<\/tr>)[\s\S])*?Spring launch(?:(?!<\/tr>)[\s\S])*<\/tr>/.exec(html)?.[0] ?? "";
    const cells = [...row.matchAll(/<td>([^<]*)<\/td>/g)].map((m) => m[1]);
    // Channels, Total cost (sum), Channel count (count), First launch (earliest date), Live share (% checked), Average cost.
    expect(cells).toEqual(["Search ads, Newsletter sponsorship", "$1,650.50", "2", "Mar 2, 2026", "50%", "$825.25"]);
    expect(html).not.toContain("‣");
  });
});
