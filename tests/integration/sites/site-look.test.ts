import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rpc, signedIn } from "../../helpers/rpc-client";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";

/**
 * A site's look (review D13) and the visitor-facing polish of review P8/P12, over HTTP against the production build:
 * the default theme and the hidden toggle, the open fonts served by the site itself, the owner's custom CSS on the
 * site's own host (and nothing of it on a locked site), search in blog and changelog headers, roadmap cards, docs
 * pages without contents, the simple site's menu and the notices' logo.
 */

const CSS = ".site-header { border-bottom: 3px solid hotpink; }";
const LOGO = "http://app.example/api/files/logo-1";
let s: SitesApp;
let plain: string, styled: string, locked: string, blog: string, changelog: string, roadmap: string, simple: string;

beforeAll(async () => {
  s = await startSitesApp([
    { siteType: "docs", page: workspaceIndex.docs! },
    { siteType: "docs", page: workspaceIndex.docs!, settings: { theme: { defaultTheme: "dark", hideThemeToggle: true, font: "inter", customCss: CSS }, ai: { enabled: true } } },
    { siteType: "docs", page: workspaceIndex.docs!, password: "open sesame", settings: { theme: { customCss: CSS } } },
    { siteType: "blog", page: workspaceIndex.blog!, settings: { name: "Lumen Blog", theme: { logo: { fileId: "logo-1", url: LOGO } } } },
    { siteType: "changelog", page: workspaceIndex.changelog! },
    // The demo roadmap's "Area" select, mapped as its tags.
    { siteType: "roadmap", page: workspaceIndex.roadmap!, settings: { propertyMap: { tags: "Area" } } },
    { siteType: "simple", page: workspaceIndex.simple! },
  ]);
  [plain, styled, locked, blog, changelog, roadmap, simple] = s.hosts as [string, string, string, string, string, string, string];
  for (const host of s.hosts) expect((await s.get(host, "/")).status).toBeLessThan(500);
}, 240_000);
afterAll(() => s?.stop());

const customCssHref = (html: string) => /<link rel="stylesheet" href="(\/_\/custom\.css\?v=[0-9a-f]{12})"\/>/.exec(html)?.[1];

describe("site look", () => {
  it("follows the visitor's system with a toggle by default, with no custom CSS", async () => {
    const home = (await s.get(plain, "/")).body;
    expect(home).toMatch(/<html lang="en">/);
    expect(home).toContain('class="theme-toggle"');
    expect(home).toContain('<body class="font-system">');
    expect(customCssHref(home)).toBeUndefined();
    expect((await s.get(plain, "/_/custom.css")).status).toBe(404);
  });

  it("sets the owner's default theme on the page, hides the toggle, and uses the chosen open font", async () => {
    const res = await s.get(styled, "/");
    expect(res.body).toContain('<html lang="en" data-theme="dark" data-theme-fixed="">');
    expect(res.body).not.toContain('class="theme-toggle"');
    expect(res.body).toContain('<body class="font-inter">');
    // The chat follows the site's theme too.
    expect((await s.get(styled, "/_/chat")).body).toContain('<html lang="en" data-theme="dark" data-theme-fixed="">');
    // The fonts come from the site itself: the CSP allows no other font host.
    expect(res.headers["content-security-policy"]).toContain("font-src 'self';");
    const css = (await s.get(styled, /href="(\/_\/site\.css\?v=[^"]+)"/.exec(res.body)![1]!)).body;
    for (const face of ["font-family: 'Inter'", "font-family: 'Lora'", "font-family: 'JetBrains Mono'"]) expect(css).toContain(face);
    expect(css).toContain("url(fonts/inter-latin-400-normal.woff2)");
    expect(css).toContain('body.font-inter { font-family: "Inter"');
    const font = await s.get(styled, "/_/fonts/inter-latin-400-normal.woff2");
    expect(font.status).toBe(200);
    expect(font.headers["content-type"]).toBe("font/woff2");
    expect(font.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(font.bytes.subarray(0, 4).toString("latin1")).toBe("wOF2");
    for (const bad of ["/_/fonts/inter-latin-400-normal.ttf", "/_/fonts/comic-latin-400-normal.woff2", "/_/fonts/..%2Fpackage.json", "/_/fonts/inter-latin-950-normal.woff2"]) {
      expect([400, 404], bad).toContain((await s.get(styled, bad)).status);
    }
  });

  it("serves the owner's CSS from the site's own host after the site's stylesheet, cached by its version", async () => {
    const home = (await s.get(styled, "/")).body;
    const href = customCssHref(home)!;
    expect(home.indexOf(href)).toBeGreaterThan(home.indexOf("/_/site.css?v="));
    const sheet = await s.get(styled, href, { "accept-encoding": "identity" });
    expect(sheet.status).toBe(200);
    expect(sheet.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(sheet.headers["x-content-type-options"]).toBe("nosniff");
    expect(sheet.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(sheet.body).toBe(CSS);
    // An address without the current version is revalidated, never cached for a year.
    expect((await s.get(styled, "/_/custom.css?v=000000000000")).headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
  });

  it("answers 401 for a locked site's custom CSS and shows none of it", async () => {
    const res = await s.get(locked, "/_/custom.css");
    expect(res.status).toBe(401);
    expect(res.body).not.toContain("hotpink");
    const versioned = await s.get(locked, "/_/custom.css?v=abc");
    expect(versioned.status).toBe(401);
    expect(versioned.body).not.toContain("hotpink");
    // The password form's page links no custom CSS either.
    const form = await s.get(locked, "/");
    expect(form.body).not.toContain("custom.css");
    expect(form.body).not.toContain("hotpink");
  });

  it("changes with the owner's settings, and refuses bad ones with a clear message, keeping what was stored", async () => {
    const jar = await signedIn(s.app.url, s.ownerEmails[1]!);
    const before = customCssHref((await s.get(styled, "/")).body)!;
    const tooLong = await rpc(s.app.url, jar, "site", "updateSite", { siteId: s.siteIds[1], settings: { theme: { customCss: "a".repeat(20_001) } } });
    expect(tooLong.body.error?.message).toBe("theme.customCss: can be at most 20,000 characters");
    expect(JSON.stringify(tooLong.body.error?.data)).toContain('"path":"theme.customCss"');
    const badFont = await rpc(s.app.url, jar, "site", "updateSite", { siteId: s.siteIds[1], settings: { theme: { font: "comic-sans" } } });
    expect(badFont.body.error?.message).toBe("theme.font: must be one of the listed fonts");
    const badTheme = await rpc(s.app.url, jar, "site", "updateSite", { siteId: s.siteIds[1], settings: { theme: { defaultTheme: "sepia" } } });
    expect(badTheme.body.error?.message).toBe("theme.defaultTheme: must be system, light or dark");
    expect(customCssHref((await s.get(styled, "/")).body)).toBe(before);

    const exactly = `/* ${"x".repeat(20_000 - 6)} */`;
    expect(exactly.length).toBe(20_000);
    const ok = await rpc(s.app.url, jar, "site", "updateSite", { siteId: s.siteIds[1], settings: { theme: { customCss: exactly, defaultTheme: "light", hideThemeToggle: false, font: "lora" } } });
    expect(ok.body.error).toBeUndefined();
    let home = "";
    for (let i = 0; i < 50; i++) {
      home = (await s.get(styled, "/")).body;
      if (customCssHref(home) !== before) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const after = customCssHref(home)!;
    expect(after).not.toBe(before);
    expect((await s.get(styled, after)).body).toBe(exactly);
    expect(home).toContain('<html lang="en" data-theme="light">');
    expect(home).toContain('class="theme-toggle"');
    expect(home).not.toContain('data-theme-fixed=""');
    expect(home).toContain('<body class="font-lora">');
    // Emptied: no link, and the address answers 404.
    expect((await rpc(s.app.url, jar, "site", "updateSite", { siteId: s.siteIds[1], settings: { theme: { customCss: "" } } })).body.error).toBeUndefined();
    for (let i = 0; i < 50 && customCssHref(home); i++) {
      await new Promise((r) => setTimeout(r, 100));
      home = (await s.get(styled, "/")).body;
    }
    expect(customCssHref(home)).toBeUndefined();
    expect((await s.get(styled, "/_/custom.css")).status).toBe(404);
  });
});

describe("search on blogs and changelogs (review P8)", () => {
  it("puts a search form in the header that loads the search script only when used, and answers without JavaScript", async () => {
    for (const [host, q, title] of [
      [blog, "dashboards", "How we made dashboards 10× faster"],
      [changelog, "funnels", null],
    ] as const) {
      const home = (await s.get(host, "/")).body;
      const form = /<form class="search search-header" role="search" data-island="(\/_\/site\.js\?v=[0-9a-f]+)" action="\/_\/search" method="get">/.exec(home);
      expect(form, host).not.toBeNull();
      expect(home).toMatch(/<input id="search-header" type="search" [^>]*name="q"\/>/);
      // No script tag for the island on the page itself: the inline theme script adds it on first use.
      expect(home).not.toMatch(/<script[^>]+src="\/_\/site\.js/);
      expect((await s.get(host, form![1]!)).status).toBe(200);
      const results = await s.get(host, `/_/search?q=${q}`);
      expect(results.status).toBe(200);
      expect(results.body).toContain("<h1>Search</h1>");
      if (title) expect(results.body).toContain(`>${title}</a>`);
      else expect(results.body).toMatch(/<ol class="search-results"><li><a href="\/[^"]+">/);
    }
    expect((await s.get(blog, "/_/search?q=zzzxqwv")).body).toContain("No results for “zzzxqwv”.");
  });

  it("shows each roadmap card's title, first line, tags and votes", async () => {
    const board = (await s.get(roadmap, "/")).body;
    const card = /<li id="vote-[^"]+" class="board-item"><a class="board-card" href="[^"]+"><span class="board-card-title">([^<]+)<\/span><span class="board-card-desc">([^<]+)<\/span><span class="board-card-tags">([^<]+)<\/span><\/a><form class="vote"[\s\S]*?<span class="vote-count">(\d+)<\/span>/.exec(board);
    expect(card).not.toBeNull();
    expect(board).toContain(
      '<span class="board-card-title">Slack alerts</span><span class="board-card-desc">Get a message when a metric moves more than you expect.</span><span class="board-card-tags">Integrations</span>',
    );
  });
});

describe("polish (review P12)", () => {
  it("gives a docs page without headings the whole width, and keeps the contents column for pages with them", async () => {
    const home = (await s.get(plain, "/")).body;
    const withToc = (await s.get(plain, "/getting-started/quick-start")).body;
    const pages = [home, withToc].map((html) => ({ toc: html.includes('class="docs-toc"'), noToc: html.includes('<div class="docs docs-no-toc">') }));
    for (const p of pages) expect(p.toc).toBe(!p.noToc);
    expect(pages.some((p) => p.noToc)).toBe(true);
    const css = (await s.get(plain, /href="(\/_\/site\.css\?v=[^"]+)"/.exec(home)![1]!)).body;
    expect(css).toContain(".docs-full-width, .docs-no-toc { grid-template-columns: 260px minmax(0, 1fr); }");
    expect(css).toContain('.notion-asset-wrapper > div[style*="align-self:center"] > .notion-asset-caption, .notion-asset-wrapper:has(> div[style*="align-self:center"]) > .notion-asset-caption { text-align: center; }');
  });

  it("makes a simple site's pages its header menu, marking the current one", async () => {
    const about = (await s.get(simple, "/about")).body;
    expect(about).toMatch(/<header class="site-header">[\s\S]*<nav aria-label="Site"><ul><li><a href="\/about" aria-current="page">About<\/a><\/li><li><a href="\/pricing">Pricing<\/a><\/li>[\s\S]*<\/header>/);
    expect(about).not.toContain("simple-nav");
  });

  it("shows the site's logo with its name on subscription notices, allowed by the notice's CSP", async () => {
    const notice = await s.get(blog, "/_/subscribe/confirm?token=not-a-token");
    expect(notice.body).toContain(`<p class="site"><img src="${LOGO}" alt="" width="32" height="32">Lumen Blog</p>`);
    expect(notice.headers["content-security-policy"]).toMatch(/; img-src http:\/\/app\.example$/);
  });
});
