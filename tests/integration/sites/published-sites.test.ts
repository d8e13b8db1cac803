import { createHash } from "node:crypto";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stubControl } from "../../../tools/notion-stub/control";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";
import { rawRequest } from "../../helpers/raw-request";
import { withDatabase } from "../../helpers/seed";
import { subscribers } from "@/db/schema";
import { eq } from "drizzle-orm";

/**
 * Blogs, changelogs and roadmaps over real HTTP: the real server, the Notion stand-in serving the demo workspace,
 * sites seeded in the database. Host headers pick the site (fetch can't set Host, so node:http).
 */

let s: SitesApp;
let blog: string, changelog: string, roadmap: string, custom: string, prefixed: string, paused: string, configured: string;
const control = () => stubControl(s.stub.url);
const BLOG_TITLES_PUBLISHED = 12;

beforeAll(async () => {
  s = await startSitesApp(
    [
      {
        siteType: "blog",
        page: workspaceIndex.blog!,
        settings: { email: { notifySubscribers: true } },
        redirects: [
          { fromPath: "/old-announcement", toUrl: "/introducing-lumen-20", permanent: true },
          { fromPath: "/promo", toUrl: "https://lumen.example/", permanent: false },
        ],
      },
      { siteType: "changelog", page: workspaceIndex.changelog! },
      { siteType: "roadmap", page: workspaceIndex.roadmap! },
      { siteType: "blog", page: workspaceIndex.blog!, customDomain: "lumen-blog.test" },
      { siteType: "blog", page: workspaceIndex.blog!, settings: { publicUrl: "https://example.com/blog", name: "Prefixed" } },
      { siteType: "changelog", page: workspaceIndex.changelog!, status: "paused" },
      {
        siteType: "blog",
        page: workspaceIndex.blog!,
        settings: {
          name: "Lumen Journal",
          description: "Stories from Lumen",
          navigation: [{ label: "Pricing", href: "https://lumen.example/pricing" }],
          showBadge: false,
          analytics: { plausibleDomain: "journal.lumen.example" },
          theme: { accentColor: "#cc3366", logo: { fileId: "f1", url: "https://cdn.lumen.example/logo.png" }, favicon: { fileId: "f2", url: "https://cdn.lumen.example/favicon.png" } },
        },
      },
    ],
    { env: { REVALIDATE_SECONDS: "1" } },
  );
  [blog, changelog, roadmap, custom, prefixed, paused, configured] = s.hosts as [string, string, string, string, string, string, string];
}, 240_000);
afterAll(() => s?.stop());

const get = (host: string, path: string, headers?: Record<string, string>) => s.get(host, path, headers);
const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));

describe("routing", () => {
  it("answers unknown hosts with a plain 404", async () => {
    const res = await get(`blog.nobody-here.localhost:${s.app.port}`, "/");
    expect(res.status).toBe(404);
    expect(res.body).toContain("Site not found");
  });

  it("sends the subdomain of a site with a verified custom domain there, and serves the domain", async () => {
    const res = await get(custom, "/introducing-lumen-20?x=1");
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe("https://lumen-blog.test/introducing-lumen-20?x=1");
    const direct = await get("lumen-blog.test", "/introducing-lumen-20");
    expect(direct.status).toBe(200);
    expect(direct.body).toContain('<link rel="canonical" href="https://lumen-blog.test/introducing-lumen-20"/>');
  });

  it("serves a site under its publicUrl path, with every link carrying the prefix", async () => {
    expect((await get(prefixed, "/")).headers.location).toBe("/blog/");
    const home = await get(prefixed, "/blog/");
    expect(home.status).toBe(200);
    expect(home.body).toContain('<link rel="canonical" href="https://example.com/blog/"/>');
    const local = hrefs(home.body).filter((h) => h.startsWith("/"));
    expect(local.length).toBeGreaterThan(10);
    for (const h of local) expect(h, h).toMatch(/^\/blog\//);
    expect((await get(prefixed, "/blog/introducing-lumen-20")).status).toBe(200);
    expect((await get(prefixed, "/introducing-lumen-20")).status).toBe(404);
    const rss = await get(prefixed, "/blog/rss.xml");
    expect(rss.body).toContain("<link>https://example.com/blog/introducing-lumen-20</link>");
  });

  it("a paused site answers 503 with Retry-After on every path, and says it is paused", async () => {
    for (const path of ["/", "/some-entry", "/rss.xml", "/sitemap.xml", "/robots.txt", "/llms.txt", "/_/whats-new.json", "/_/view.gif"]) {
      const res = await get(paused, path);
      expect(res.status, path).toBe(503);
      expect(res.headers["retry-after"], path).toBe("3600");
      expect(res.body, path).toContain("Site paused");
      expect(res.body, path).toContain("The owner has paused this site for now.");
    }
  });

  it("applies owner redirects before rendering", async () => {
    const permanent = await get(blog, "/old-announcement");
    expect(permanent.status).toBe(301);
    expect(permanent.headers.location).toBe("/introducing-lumen-20");
    const temporary = await get(blog, "/promo");
    expect(temporary.status).toBe(302);
    expect(temporary.headers.location).toBe("https://lumen.example/");
  });

  it("refuses malformed and traversal paths with 400", async () => {
    const raw = (rawPath: string) => rawRequest(`${s.app.url}/`, { host: blog, rawPath });
    expect((await raw("/%E0%A4%A")).status).toBe(400);
    expect((await raw("/a/../../etc/passwd")).status).toBe(400);
    expect((await raw("/%2e%2e/%2e%2e/etc/passwd")).status).toBe(400);
    expect((await raw(`/${"a".repeat(1100)}`)).status).toBe(400);
  });

  it("answers a method a path does not take with 405 and the methods it does take", async () => {
    const call = (method: string, path: string) => rawRequest(`${s.app.url}${path}`, { host: blog, method, headers: { "content-type": "application/x-www-form-urlencoded" }, body: method === "POST" ? "x=1" : undefined });
    const cases: [string, string, string][] = [
      ["DELETE", "/", "GET, HEAD, POST"],
      ["POST", "/", "GET, HEAD"],
      ["POST", "/rss.xml", "GET, HEAD"],
      ["POST", "/_/site.css", "GET, HEAD"],
      ["GET", "/_/subscribe", "POST"],
      ["GET", "/_/feedback", "POST"],
      ["POST", "/_/subscribe/confirm", "GET, HEAD"],
    ];
    for (const [method, path, allow] of cases) {
      const res = await call(method, path);
      expect([method, path, res.status, res.headers.allow]).toEqual([method, path, 405, allow]);
    }
  });
});

describe("a blog", () => {
  it("lists published posts newest first, without hidden or future-dated ones", async () => {
    const res = await get(blog, "/");
    expect(res.status).toBe(200);
    const titles = [...res.body.matchAll(/<h2><a href="\/[^"]+">([^<]+)<\/a><\/h2>/g)].map((m) => m[1]);
    expect(titles).toHaveLength(BLOG_TITLES_PUBLISHED);
    expect(titles[0]).toBe("Introducing Lumen 2.0");
    expect(titles.at(-1)).toBe("Hello, world: why we started Lumen");
    expect(res.body).not.toContain("Draft: Lumen for mobile apps");
    expect(res.body).not.toContain("Lumen in 2027");
    expect((await get(blog, "/draft-lumen-for-mobile-apps")).status).toBe(404);
    expect((await get(blog, "/lumen-in-2027-what-were-planning")).status).toBe(404);
    // Cards: cover through the image route, description, date, authors, tags.
    expect(res.body).toContain('src="/_/img/');
    expect(res.body).toContain("Pre-aggregation, columnar storage and one very careful cache.");
    expect(res.body).toContain('<time dateTime="2026-10-27">October 27, 2026</time>');
    expect(res.body).toContain('<a href="/author/maya-okafor">Maya Okafor</a>');
    expect(res.body).toContain('<a href="/tag/engineering">Engineering</a>');
  });

  it("renders a post completely: meta, byline, contents, highlighted code, math, tables, links between posts", async () => {
    const res = await get(blog, "/how-we-made-dashboards-10-faster");
    expect(res.status).toBe(200);
    const html = res.body;
    expect(html).toContain("<title>How we made dashboards 10× faster · Lumen Blog</title>");
    expect(html).toContain('<meta property="og:type" content="article"/>');
    // The page's own generated social card (the owner's social image would win; none is set here).
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/blog\.[^"]+\/_\/card\/how-we-made-dashboards-10-faster\.png\?v=[^"]+"\/>/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).toContain('"@type":"BlogPosting"');
    expect(html).toContain("min read");
    expect(html).toContain("On this page");
    expect(html).toContain('<span class="token keyword">SELECT</span>');
    expect(html).toContain('class="katex"');
    expect(html).toContain("notion-simple-table");
    expect(html).toContain('href="/introducing-lumen-20"'); // a [[link]] to another post
    expect(html).toContain('rel="prev"');
    expect(html).toContain("Related posts");
    expect(html).toContain('action="/_/subscribe"');
    // Two small inline scripts on a content page, the theme toggle and the analytics beacon (JSON-LD and the scripts'
    // words are data blocks, which never run).
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.filter((attrs) => !/type="application\/(ld\+)?json"/.test(attrs))).toEqual(["", ' data-base=""']);
  });

  it("renders every block type of the workspace's posts", async () => {
    const pages = ["/introducing-lumen-20", "/how-we-made-dashboards-10-faster", "/analytics-without-cookies-how-lumen-counts-visitors", "/funnels-that-explain-themselves", "/a-checklist-for-your-first-week-with-lumen", "/self-hosting-lumen-on-a-5-server", "/tracking-single-page-apps-correctly", "/what-1000-customer-calls-taught-us-about-dashboards"];
    const html = (await Promise.all(pages.map((p) => get(blog, p)))).map((r) => {
      expect(r.status).toBe(200);
      return r.body;
    }).join("\n");
    for (const marker of ["notion-h1", "notion-h2", "notion-list-disc", "notion-list-numbered", "notion-to-do", "notion-callout", "notion-quote", "notion-toggle", "notion-row", "notion-column", "notion-bookmark", "notion-hr", "notion-asset-wrapper-image", "notion-asset-wrapper-video", "notion-asset-wrapper-embed", 'class="token', "notion-equation-block", "notion-equation-inline"]) {
      expect(html.includes(marker), marker).toBe(true);
    }
  });

  it("has tag and author pages", async () => {
    const tag = await get(blog, "/tag/privacy");
    expect(tag.status).toBe(200);
    expect(tag.body).toContain("Analytics without cookies");
    expect(tag.body).not.toContain("Funnels that explain themselves");
    const author = await get(blog, "/author/jonas-lindqvist");
    expect(author.status).toBe(200);
    expect(author.body).toContain("Building the event pipeline in Rust");
    expect(author.body).not.toContain("Our pricing, explained");
  });

  it("has RSS, a sitemap and robots.txt", async () => {
    const rss = await get(blog, "/rss.xml");
    expect(rss.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
    expect((rss.body.match(/<item>/g) ?? []).length).toBe(BLOG_TITLES_PUBLISHED);
    expect(rss.body).not.toContain("Draft: Lumen for mobile apps");
    const sitemap = await get(blog, "/sitemap.xml");
    expect(sitemap.body).toContain("/how-we-made-dashboards-10-faster</loc>");
    expect(sitemap.body).not.toContain("draft-lumen");
    const robots = await get(blog, "/robots.txt");
    expect(robots.body).toMatch(/Sitemap: http:\/\/blog\.[^/]+\/sitemap\.xml/);
  });

  it("stores a subscriber from the form, unconfirmed, and rate-limits the form", async () => {
    const form = (email: string) =>
      rawRequest(`${s.app.url}/_/subscribe`, { host: blog, method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", referer: `http://${blog}/our-pricing-explained` }, body: `email=${encodeURIComponent(email)}` });
    const ok = await form("reader@example.com");
    expect(ok.status).toBe(303);
    expect(ok.headers.location).toBe("/our-pricing-explained?subscribed=1#subscribe");
    const thanks = await get(blog, "/our-pricing-explained?subscribed=1");
    expect(thanks.body).toContain("Check your inbox to confirm");
    expect((await form("not an email")).status).toBe(400);
    expect((await form("READER@example.com")).status).toBe(303); // twice is fine
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await form(`r${i}@example.com`)).status);
    expect(statuses).toContain(429);
  });
});

describe("settings shape the site", () => {
  it("uses the name, description, navigation, logo, favicon, accent colour and analytics of the settings", async () => {
    const html = (await get(configured, "/")).body;
    expect(html).toContain("<title>Lumen Journal</title>");
    expect(html).toContain('<meta name="description" content="Stories from Lumen"/>');
    expect(html).toContain('<a href="https://lumen.example/pricing">Pricing</a>');
    expect(html).toContain('<img src="https://cdn.lumen.example/logo.png"');
    expect(html).toContain('<link rel="icon" href="https://cdn.lumen.example/favicon.png"/>');
    expect(html).toContain("--accent:#cc3366");
    expect(html).toContain('<script defer="" data-domain="journal.lumen.example" src="https://plausible.io/js/script.js"></script>');
    expect(html).not.toContain("Published with");
  });

  it("shows the badge by default and loads no third-party script without analytics settings", async () => {
    const html = (await get(blog, "/")).body;
    expect(html).toContain("Published with Pagewright");
    expect(html).not.toMatch(/<script[^>]+src=/);
  });

  it("inlines the small theme toggle, allowed by its hash in the CSP, with the button it shows", async () => {
    const res = await get(blog, "/");
    expect(res.body).toContain('<button type="button" class="theme-toggle" hidden="" aria-label="Switch theme"></button>');
    const js = /<script>([\s\S]*?)<\/script>/.exec(res.body)![1]!;
    expect(Buffer.byteLength(js)).toBeLessThan(1500);
    expect(js).toContain('localStorage.setItem("theme"');
    const hash = createHash("sha256").update(js).digest("base64");
    expect(String(res.headers["content-security-policy"])).toContain(`'sha256-${hash}'`);
    expect(String(res.headers["content-security-policy"])).not.toContain("'unsafe-inline' 'sha256");
  });
});

describe("a changelog and a roadmap", () => {
  it("lists changelog entries newest first with versions, each also on its own page", async () => {
    const res = await get(changelog, "/");
    expect(res.status).toBe(200);
    const versions = [...res.body.matchAll(/<span class="version">([^<]+)<\/span>/g)].map((m) => m[1]);
    expect(versions.slice(0, 3)).toEqual(["2.0.0", "1.9.4", "1.9.3"]);
    expect(versions).toHaveLength(9);
    expect(res.body).not.toContain("Internal: billing migration");
    const entry = await get(changelog, "/two-factor-authentication");
    expect(entry.status).toBe(200);
    expect(entry.body).toContain("<title>Two-factor authentication (1.8.5) · Lumen Changelog</title>");
    expect((await get(changelog, "/rss.xml")).body).toContain("<title><![CDATA[Lumen 2.0 (2.0.0)]]></title>");
  });

  it("keeps a mention of a public page outside the site: its title, linked to the Notion page (HTML and Markdown)", async () => {
    const page = await get(changelog, "/lumen-20");
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/See the announcement: <a class="notion-link" href="https:\/\/www\.notion\.so\/7e1e5e08f03b451e8be2a689ce56a717"[^>]*>[\s\S]*?Introducing Lumen 2\.0[\s\S]*?<\/a>\./);
    const md = await get(changelog, "/lumen-20.md");
    expect(md.body).toContain("See the announcement: [Introducing Lumen 2.0](https://www.notion.so/7e1e5e08f03b451e8be2a689ce56a717).");
  });

  it("shows the roadmap board, one column per status in Notion's order", async () => {
    const res = await get(roadmap, "/");
    expect(res.status).toBe(200);
    const columns = [...res.body.matchAll(/<h2 id="col-[^"]+">([^<]+) <span class="count">(\d+)<\/span><\/h2>/g)].map((m) => `${m[1]}:${m[2]}`);
    expect(columns).toEqual(["Planned:4", "In progress:3", "Shipped:4"]);
    const card = await get(roadmap, "/public-api-v1");
    expect(card.status).toBe(200);
    expect(card.body).toContain("Rate limits per key");
    expect((await get(roadmap, "/rss.xml")).status).toBe(404);
  });
});

describe("cache and freshness", () => {
  it("answers with ETags, 304s, compression and CDN-friendly cache headers", async () => {
    const first = await get(blog, "/our-pricing-explained", { "accept-encoding": "br, gzip" });
    expect(first.headers["content-encoding"]).toBe("br");
    expect(first.headers["cache-control"]).toMatch(/s-maxage=1, stale-while-revalidate=/);
    expect(zlib.brotliDecompressSync(first.bytes).toString()).toContain("Our pricing, explained");
    const gz = await get(blog, "/our-pricing-explained", { "accept-encoding": "gzip" });
    expect(zlib.gunzipSync(gz.bytes).toString()).toContain("Our pricing, explained");
    const again = await get(blog, "/our-pricing-explained", { "if-none-match": String(first.headers.etag) });
    expect(again.status).toBe(304);
    const css = /href="(\/_\/site\.css\?v=[^"]+)"/.exec(zlib.brotliDecompressSync(first.bytes).toString())?.[1];
    expect(css).toBeTruthy();
    const sheet = await get(blog, css!);
    expect(sheet.status).toBe(200);
    expect(sheet.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("answers unknown paths from memory, without asking Notion", async () => {
    await get(blog, "/");
    await new Promise((r) => setTimeout(r, 1500)); // past the revalidate window
    await control().reset();
    for (let i = 0; i < 20; i++) expect((await get(blog, `/no-such-post-${i}`)).status).toBe(404);
    expect((await control().calls()).total).toBe(0);
    // A real page past the window does start a refresh.
    await get(blog, "/");
    await waitFor(async () => (await control().calls()).total > 0);
  });

  it("shows an edit after the refresh it triggers, serving the old page meanwhile; the old slug redirects", async () => {
    const row = [...s.stub.store().records.block.values()].find((b) => JSON.stringify(b.properties ?? {}).includes("Self-hosting Lumen on a $5 server"))!;
    await get(blog, "/self-hosting-lumen-on-a-5-server");
    await new Promise((r) => setTimeout(r, 1100));
    await control().touch(row.id, "Self-hosting Lumen on a small server");
    const stale = await get(blog, "/self-hosting-lumen-on-a-5-server");
    expect(stale.status).toBe(200);
    expect(stale.body).toContain("Self-hosting Lumen on a $5 server");
    await waitFor(async () => (await get(blog, "/self-hosting-lumen-on-a-small-server")).status === 200);
    const fresh = await get(blog, "/self-hosting-lumen-on-a-small-server");
    expect(fresh.body).toContain("<h1>Self-hosting Lumen on a small server</h1>");
    await waitFor(async () => (await get(blog, "/self-hosting-lumen-on-a-5-server")).status === 301);
    expect((await get(blog, "/self-hosting-lumen-on-a-5-server")).headers.location).toBe("/self-hosting-lumen-on-a-small-server");
  });
});

describe("after the server stops", () => {
  it("has stored the subscribers unconfirmed, once per address", async () => {
    await s.app.stop();
    await withDatabase({ dataDir: s.app.dataDir, databaseUrl: s.app.databaseUrl }, async (db) => {
      const rows = await db.select().from(subscribers).where(eq(subscribers.siteId, s.siteIds[0]!));
      expect(rows.filter((r) => r.email.toLowerCase() === "reader@example.com")).toEqual([expect.objectContaining({ status: "unconfirmed" })]);
      expect(rows.some((r) => r.email === "not an email")).toBe(false);
    });
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("timed out waiting for the condition");
}
