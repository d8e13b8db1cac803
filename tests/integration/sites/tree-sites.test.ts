import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { searchMisses } from "@/db/schema";
import { rpc, signedIn } from "../../helpers/rpc-client";
import { rawRequest } from "../../helpers/raw-request";
import { withDatabase } from "../../helpers/seed";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";

/** Docs, versioned docs, help desk and simple sites over HTTP, from the demo workspace through the stand-in. */

let s: SitesApp;
let docs: string, help: string, simple: string, versioned: string, unversioned: string, blog: string;

beforeAll(async () => {
  s = await startSitesApp([
    { siteType: "docs", page: workspaceIndex.docs! },
    { siteType: "help_desk", page: workspaceIndex.help_desk!, settings: { contactUrl: "mailto:help@lumen.example", description: "Answers about Lumen" } },
    { siteType: "simple", page: workspaceIndex.simple! },
    {
      siteType: "docsv2",
      page: workspaceIndex.docsv2!,
      settings: { versions: [{ label: "v2", notionPageUrl: workspaceIndex.docsv2Versions.v2 }, { label: "v1", notionPageUrl: workspaceIndex.docsv2Versions.v1 }] },
    },
    { siteType: "docsv2", page: workspaceIndex.docsv2! },
    { siteType: "blog", page: workspaceIndex.blog! },
  ]);
  [docs, help, simple, versioned, unversioned, blog] = s.hosts as [string, string, string, string, string, string];
  // First visits take the snapshots (and build the search index).
  for (const host of s.hosts) expect((await s.get(host, "/")).status).toBe(200);
}, 240_000);
afterAll(() => s?.stop());

const get = (host: string, path: string, headers?: Record<string, string>) => s.get(host, path, headers);
const searchJson = async (host: string, q: string) =>
  JSON.parse((await get(host, `/_/search?q=${encodeURIComponent(q)}`, { accept: "application/json" })).body) as { results: { title: string; url: string; snippet: string }[] };

describe("docs", () => {
  it("nests pages under their sections, with navigation, breadcrumbs, dates and previous/next", async () => {
    const res = await get(docs, "/getting-started/installing-on-your-framework/nextjs");
    expect(res.status).toBe(200);
    const html = res.body;
    expect(html).toContain("<title>Next.js · Lumen Docs</title>");
    expect(html).toContain('aria-current="page">Next.js</a>');
    expect(html).toMatch(/<nav class="breadcrumbs"[^>]*><ol><li><a href="\/">Lumen Docs<\/a><\/li><li><a href="\/getting-started">Getting started<\/a><\/li><li><a href="\/getting-started\/installing-on-your-framework">Installing on your framework<\/a><\/li><li aria-current="page">Next.js<\/li>/);
    expect(html).toContain('<time dateTime="2026-09-15">September 15, 2026</time>');
    expect(html).toMatch(/rel="prev"><span>Previous<\/span>Installing on your framework/);
    expect(html).toMatch(/rel="next"><span>Next<\/span>WordPress/);
    // Every page of the tree is in the navigation.
    for (const path of ["/getting-started/quick-start", "/sending-data/custom-events", "/sending-data/server-side-events", "/dashboards/sharing-and-exports"]) {
      expect(html).toContain(`href="${path}"`);
      expect((await get(docs, path)).status).toBe(200);
    }
    expect(html).toContain('<script type="module" src="/_/site.js?v=');
    // A mention of another page shows its title and links to it.
    expect((await get(docs, "/")).body).toMatch(/<a class="notion-link" href="\/getting-started\/quick-start">[\s\S]*?Quick start/);
  });

  it("serves versions: the first at the root, others under their label, with a switcher", async () => {
    const v2 = await get(versioned, "/");
    expect(v2.body).toContain("<h1>API v2</h1>");
    expect(v2.body).toMatch(/<nav class="versions" aria-label="Versions"><ul><li><a href="\/" aria-current="true">v2<\/a><\/li><li><a href="\/v1">v1<\/a><\/li>/);
    expect((await get(versioned, "/endpoints-v2/events-v2")).status).toBe(200);
    const v1 = await get(versioned, "/v1/events-v1");
    expect(v1.status).toBe(200);
    // The switcher keeps the reader's page when the other version has it (review P9); this one has no "/events" in
    // v2 (there it is "/endpoints/events"), so v2's link is its home.
    expect(v1.body).toContain('<li><a href="/">v2</a></li><li><a href="/v1/events-v1" aria-current="true">v1</a></li>');
    expect((await get(versioned, "/v1/endpoints-v2")).status).toBe(404);
    // Without versions configured, the whole tree is one version.
    const single = await get(unversioned, "/api-v1/events-v1");
    expect(single.status).toBe(200);
    expect(single.body).not.toContain('class="versions"');
  });
});

describe("help desk and simple site", () => {
  it("has a home with search and category cards, category pages and articles with related ones", async () => {
    const home = (await get(help, "/")).body;
    expect(home).toContain('class="search search-large"');
    const categories = [...home.matchAll(/<span class="category-title">([^<]+)<\/span>(?:<span class="category-desc">[^<]*<\/span>)?<span class="category-count">(\d+) articles<\/span>/g)].map((m) => `${m[1]}:${m[2]}`);
    expect(categories).toEqual(["Account &amp; billing:3", "Installing the script:3", "Privacy &amp; compliance:3", "Dashboards &amp; reports:3"]);
    expect(home).toContain('<a href="mailto:help@lumen.example">Contact us</a>');
    // Each card says what the category holds, in the words its page opens with (as HelpKit's cards do).
    expect(home).toContain('<span class="category-title">Account &amp; billing</span><span class="category-desc">Plans, invoices and your account.</span><span class="category-count">3 articles</span>');
    // Under the categories, the latest edits across them, each with its category.
    const recent = /<section class="recently-updated" aria-labelledby="recently-updated-title"><h2 id="recently-updated-title">Recently updated<\/h2><ul>([\s\S]*?)<\/ul>/.exec(home)?.[1] ?? "";
    const items = [...recent.matchAll(/<li><a href="(\/[^"/]+)\/[^"]+">[^<]+<\/a> <span class="in-category">in ([^<]+)<\/span><\/li>/g)];
    expect(items).toHaveLength(6);
    for (const [, categoryPath, categoryName] of items) {
      expect(home).toContain(`<a href="${categoryPath}" class="category-card">`);
      expect(categories.map((c) => c.split(":")[0])).toContain(categoryName);
    }
    const category = (await get(help, "/installing-the-script")).body;
    expect([...category.matchAll(/<ul class="article-list">([\s\S]*?)<\/ul>/g)][0]?.[1]).toContain("Why don&#x27;t I see any visitors?");
    const article = (await get(help, "/installing-the-script/why-dont-i-see-any-visitors")).body;
    expect(article).toContain("Related articles");
    expect(article).toContain('href="/installing-the-script/does-lumen-slow-down-my-site"');
    expect(article).toContain("Was this page helpful?");
  });

  it("shows a simple site's pages with their navigation", async () => {
    const home = (await get(simple, "/")).body;
    // Its top pages are the header's menu (review P12).
    expect(home).toMatch(/<nav aria-label="Site"><ul><li><a href="\/about">About<\/a><\/li><li><a href="\/pricing">Pricing<\/a>/);
    const pricing = await get(simple, "/pricing");
    expect(pricing.body).toContain("<h1>Pricing</h1>");
    expect(pricing.body).toContain("notion-simple-table");
  });
});

describe("search", () => {
  it("finds pages by words and prefixes, titles first, with highlighted snippets", async () => {
    const { results } = await searchJson(docs, "server even");
    expect(results[0]).toMatchObject({ title: "Server-side events", url: "/sending-data/server-side-events" });
    expect(results[0]!.snippet).toContain("<mark>");
    expect((await searchJson(docs, "nextj")).results.map((r) => r.title)).toContain("Next.js");
    const help1 = await searchJson(help, "cookie banner");
    expect(help1.results[0]?.title).toBe("Do I need a cookie banner?");
  });

  it("never shows what the site doesn't publish, and escapes snippets", async () => {
    expect((await searchJson(blog, "SDKs hidden")).results).toEqual([]);
    expect((await searchJson(blog, "planning")).results.map((r) => r.title)).not.toContain("Lumen in 2027: what we're planning");
    const csp = await searchJson(help, "script src");
    for (const r of csp.results) expect(r.snippet.replace(/<\/?mark>/g, "")).not.toMatch(/[<>]/);
    expect((await searchJson(docs, "'\"&<>|!:*")).results).toEqual([]);
  });

  it("serves an HTML results page without JavaScript, and refuses floods", async () => {
    const page = await get(docs, "/_/search?q=dashboard");
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.body).toContain('<a href="/dashboards/building-a-dashboard">Building a dashboard</a>');
    expect((await get(docs, "/_/search?q=zzzxqwv")).body).toContain("No results for “zzzxqwv”.");
  });
});

describe("pages AI agents can read", () => {
  it("has llms.txt, llms-full.txt and a Markdown twin of every page", async () => {
    const index = (await get(docs, "/llms.txt")).body;
    expect(index).toMatch(/^# Lumen Docs\n\n> /);
    expect(index).toMatch(/- \[Quick start\]\(http:\/\/[^)]+\/getting-started\/quick-start\.md\)/);
    const md = await get(docs, "/getting-started/quick-start.md");
    expect(md.headers["content-type"]).toBe("text/markdown; charset=utf-8");
    expect(md.body).toMatch(/^# Quick start\n\n1\. Create a project in the dashboard\.\n/);
    expect(md.body).toContain("```html\n<script defer");
    expect((await get(docs, "/index.md")).body).toMatch(/^# Lumen Docs/);
    const full = (await get(docs, "/llms-full.txt")).body;
    expect(full).toContain("# Server-side events");
    expect(full).toContain("| Argument | Type | Notes |");
    const post = (await get(blog, "/how-we-made-dashboards-10-faster.md")).body;
    expect(post).toMatch(/^# How we made dashboards 10× faster\n\n> Pre-aggregation/);
    expect(post).toContain("$$T(n) = c \\cdot n + t_{\\text{overhead}}$$");
    expect((await get(blog, "/llms.txt")).body).not.toContain("Draft: Lumen for mobile apps");
  });
});

describe("feedback", () => {
  it("stores 'was this helpful?' answers the owner can read, and refuses bad or flooding input", async () => {
    const send = (body: string, accept = "text/html") =>
      rawRequest(`${s.app.url}/_/feedback`, { host: docs, method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", accept }, body });
    expect((await send("path=%2Fgetting-started%2Fquick-start&helpful=no&text=Needs+a+video")).status).toBe(200);
    const json = await send("path=%2F&helpful=yes", "application/json");
    expect(json.body).toBe('{"ok":true}');
    expect((await send("path=nope&helpful=maybe")).status).toBe(400);
    // The owner of the docs site reads it over the API (the seeded owner signs in with the test login).
    const owner = await signedIn(s.app.url, s.ownerEmails[0]!);
    const feedback = await rpc(s.app.url, owner, "site", "getTextFeedback", { siteId: s.siteIds[0] });
    expect(feedback.body.result).toEqual([
      expect.objectContaining({ path: "/", helpful: true, text: "" }),
      expect.objectContaining({ path: "/getting-started/quick-start", helpful: false, text: "Needs a video" }),
    ]);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await send("path=%2F&helpful=yes")).status);
    expect(statuses).toContain(429);
  });
});

describe("after the server stops", () => {
  it("has recorded the searches that found nothing", async () => {
    await s.app.stop();
    await withDatabase({ dataDir: s.app.dataDir, databaseUrl: s.app.databaseUrl }, async (db) => {
      const misses = await db.select().from(searchMisses).where(eq(searchMisses.siteId, s.siteIds[0]!));
      expect(misses.map((m) => m.query)).toContain("zzzxqwv");
    });
  });
});
