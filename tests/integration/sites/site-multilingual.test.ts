import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rpc, signedIn, type CookieJar } from "../../helpers/rpc-client";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";
import { until } from "../../helpers/until";

/**
 * One site in two languages over real HTTP (docs/languages.md): the demo workspace's English docs with their Japanese
 * twin (tools/notion-stub/workspace-source/docs-ja.ts) added through addSiteLanguage — served under /ja/, paired page
 * for page (hreflang, the switcher), a sitemap and search per language, Accept-Language only on a browser's first
 * visit to `/`; a protected site's password wall over /ja/ too; another owner refused.
 */

const PASSWORD = "open sesame words";
const BROWSER = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
let s: SitesApp;
let owner: CookieJar;
let lockedOwner: CookieJar;
let stranger: CookieJar;

const call = (jar: CookieJar, method: string, params: unknown) => rpc(s.app.url, jar, "site", method, params);
const host = () => s.hosts[0]!;
const get = (path: string, headers: Record<string, string> = {}) => s.get(host(), path, headers);
const pathOf = (url: string) => new URL(url).pathname;
/** The `<loc>` paths of a sitemap. */
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => pathOf(m[1]!));
/** `<link rel="alternate" hreflang>` of a page: language → path. */
const hreflangs = (html: string) => new Map([...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/gi)].map((m) => [m[1]!, pathOf(m[2]!)]));
/** The switcher's links: language → href (HTML entities undone). */
const switcher = (html: string) => {
  const nav = /<nav class="language-switcher"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
  return new Map([...nav.matchAll(/<a href="([^"]+)" hrefLang="([^"]+)"/gi)].map((m) => [m[2]!, m[1]!.replace(/&amp;/g, "&")]));
};

beforeAll(async () => {
  s = await startSitesApp([
    { siteType: "docs", page: workspaceIndex.docs!, settings: { language: "en" } },
    { siteType: "docs", page: workspaceIndex.docs!, settings: { language: "en" }, password: PASSWORD },
    { siteType: "simple", page: workspaceIndex.simple! },
  ]);
  [owner, lockedOwner, stranger] = await Promise.all(s.ownerEmails.map((email) => signedIn(s.app.url, email)));
  for (const h of s.hosts.slice(0, 1)) expect((await s.get(h, "/")).status).toBe(200);
}, 240_000);
afterAll(() => s?.stop());

describe("one site, two languages", () => {
  it("another owner can neither add, remove nor read a site's languages, and nothing changes", async () => {
    const aimed: [string, object][] = [
      ["addSiteLanguage", { siteId: s.siteIds[0], language: "ja", notionPageUrl: workspaceIndex.docsJa }],
      ["removeSiteLanguage", { siteId: s.siteIds[0], language: "ja" }],
      ["getSiteLanguages", { siteId: s.siteIds[0] }],
    ];
    for (const [method, params] of aimed) expect((await call(stranger, method, params)).body.error?.data?.code, method).toBe("NOT_FOUND");
    expect((await get("/ja/")).status).toBe(404);
    expect((await call(owner, "getSiteLanguages", { siteId: s.siteIds[0] })).body.result).toMatchObject({ languages: [] });
  });

  it("refuses the site's own language, its own page and a page that is not public, storing nothing", async () => {
    const own = await call(owner, "addSiteLanguage", { siteId: s.siteIds[0], language: "en-GB", notionPageUrl: workspaceIndex.docsJa });
    expect(own.body.error?.message).toBe("This is already the site's own language: pick another one");
    const samePage = await call(owner, "addSiteLanguage", { siteId: s.siteIds[0], language: "ja", notionPageUrl: workspaceIndex.docs });
    expect(samePage.body.error?.message).toBe("This is the site's own Notion page: pick the page of the same tree in the other language");
    const hidden = await call(owner, "addSiteLanguage", { siteId: s.siteIds[0], language: "ja", notionPageUrl: workspaceIndex.private });
    expect(hidden.body.error?.data?.code).toBe("VALIDATION");
    const unknown = await call(owner, "addSiteLanguage", { siteId: s.siteIds[0], language: "tlh", notionPageUrl: workspaceIndex.docsJa });
    expect(unknown.body.error?.data?.code).toBe("VALIDATION");
    expect((await call(owner, "getSiteLanguages", { siteId: s.siteIds[0] })).body.result).toMatchObject({ languages: [] });
  });

  it("adds Japanese: synced from its own Notion page and served under /ja/ in Japanese", async () => {
    const added = await call(owner, "addSiteLanguage", { siteId: s.siteIds[0], language: "ja", notionPageUrl: workspaceIndex.docsJa });
    expect(added.body.error).toBeUndefined();
    await until(async () => (await get("/ja/")).status === 200, 30_000);
    const home = await get("/ja/");
    expect(home.body).toContain('<html lang="ja"');
    expect(home.body).toContain("Lumen ドキュメント");
    expect(home.body).not.toContain("Everything you need to install Lumen");
    // The English site shows none of the Japanese tree.
    const en = await get("/");
    expect(en.body).toContain('<html lang="en"');
    expect(en.body).not.toContain("クイックスタート");
    await until(async () => {
      const state = (await call(owner, "getSiteLanguages", { siteId: s.siteIds[0] })).body.result as { languages: { state: string; pages: number }[] };
      return state.languages[0]?.state === "synced" && state.languages[0].pages === 13;
    }, 15_000);
    const log = (await call(owner, "getSiteAuditLog", { siteId: s.siteIds[0] })).body.result as { entries: { action: string; details: unknown }[] };
    expect(log.entries).toContainEqual(expect.objectContaining({ action: "language.added", details: { language: "ja" } }));
    expect((await call(owner, "addSiteLanguage", { siteId: s.siteIds[0], language: "ja", notionPageUrl: workspaceIndex.docsJa })).body.error?.message).toBe(
      "This language is already on the site: remove it first to change its Notion page",
    );
  });

  it("pairs pages by position: hreflang alternates and x-default on both, the switcher keeps the reader on the pair", async () => {
    const enPaths = locs((await get("/sitemap.xml")).body);
    const jaPaths = locs((await get("/ja/sitemap.xml")).body);
    expect(enPaths.length).toBe(13);
    expect(jaPaths.length).toBe(13);
    expect(enPaths.some((p) => p.startsWith("/ja"))).toBe(false);
    expect(jaPaths.every((p) => p === "/ja/" || p.startsWith("/ja/"))).toBe(true);
    expect((await get("/robots.txt")).body).toMatch(/Sitemap: \S+\/sitemap\.xml\nSitemap: \S+\/ja\/sitemap\.xml\n/);

    const quickStart = enPaths.find((p) => p.endsWith("/quick-start"))!;
    const page = await get(quickStart);
    const alternates = hreflangs(page.body);
    expect(alternates.get("en")).toBe(quickStart);
    expect(alternates.get("x-default")).toBe(quickStart);
    const twin = alternates.get("ja")!;
    expect(twin.startsWith("/ja/")).toBe(true);
    const japanese = await get(twin);
    expect(japanese.status).toBe(200);
    expect(japanese.body).toContain("<h1>クイックスタート</h1>");
    expect(hreflangs(japanese.body)).toEqual(new Map([["en", quickStart], ["ja", twin], ["x-default", quickStart]]));

    // The switcher: each language by its own name, a plain link that remembers the choice and lands on the pair.
    const links = switcher(page.body);
    expect([...links.keys()]).toEqual(["en", "ja"]);
    expect(page.body).toMatch(/<a [^>]*hrefLang="ja" lang="ja"[^>]*>日本語<\/a>/);
    const go = await get(links.get("ja")!);
    expect(go.status).toBe(302);
    expect(go.headers.location).toBe(twin);
    expect(String(go.headers["set-cookie"])).toMatch(/^site_lang=ja; Path=\/; SameSite=Lax; Max-Age=31536000/);
    const back = await get(switcher(japanese.body).get("en")!);
    expect(back.headers.location).toBe(quickStart);
    // A link elsewhere is not followed: only this site's own paths.
    const away = await get(`/_/language?set=ja&next=${encodeURIComponent("https://evil.example/")}`);
    expect(away.headers.location).toBe("/");
    // The chrome of each language is its catalogue's.
    expect(japanese.body).toContain('aria-label="言語"');
    expect(page.body).toContain('aria-label="Language"');
  });

  it("searches each language on its own, and llms.txt lists each language's pages", async () => {
    const json = { accept: "application/json" };
    const en = JSON.parse((await get("/_/search?q=dashboard", json)).body) as { results: { url: string }[] };
    expect(en.results.length).toBeGreaterThan(0);
    expect(en.results.every((r) => !r.url.startsWith("/ja"))).toBe(true);
    const ja = JSON.parse((await get(`/ja/_/search?q=${encodeURIComponent("ダッシュボード")}`, json)).body) as { results: { url: string; title: string }[] };
    expect(ja.results.length).toBeGreaterThan(0);
    expect(ja.results.every((r) => r.url.startsWith("/ja/"))).toBe(true);
    expect(ja.results.map((r) => r.title)).toContain("ダッシュボードの作成");
    // A Japanese word is not found on the English site, nor an English title on the Japanese one.
    expect((JSON.parse((await get(`/_/search?q=${encodeURIComponent("ダッシュボード")}`, json)).body) as { results: unknown[] }).results).toEqual([]);
    const page = await get(`/ja/_/search?q=${encodeURIComponent("共有")}`);
    expect(page.body).toContain('<html lang="ja"');
    const llms = await get("/ja/llms.txt");
    expect(llms.status).toBe(200);
    expect(llms.body).toContain("クイックスタート");
    expect(llms.body).not.toContain("Quick start");
  });

  it("sends a browser's first visit to / to the language it prefers; never a crawler, nor a reader who chose", async () => {
    const first = await get("/", { "accept-language": "ja-JP,ja;q=0.9,en;q=0.8", "user-agent": BROWSER });
    expect(first.status).toBe(302);
    expect(first.headers.location).toBe("/ja/");
    expect(first.headers["cache-control"]).toBe("private, no-store");
    const chose = await get("/", { "accept-language": "ja-JP,ja;q=0.9", "user-agent": BROWSER, cookie: "site_lang=en" });
    expect(chose.status).toBe(200);
    const crawler = await get("/", { "accept-language": "ja", "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
    expect(crawler.status).toBe(200);
    const english = await get("/", { "accept-language": "en-US,en;q=0.9,ja;q=0.5", "user-agent": BROWSER });
    expect(english.status).toBe(200);
    // `/` stays a cached page, kept per Accept-Language; other pages vary as before.
    expect(english.headers["cache-control"]).toMatch(/^public/);
    expect(String(english.headers.vary)).toMatch(/Accept-Language/);
    const deep = await get(locs((await get("/sitemap.xml")).body)[1]!, { "accept-language": "ja", "user-agent": BROWSER });
    expect(deep.status).toBe(200);
    expect(String(deep.headers.vary)).not.toMatch(/Accept-Language/);
  });

  it("a protected site's password wall covers every language's paths", async () => {
    const locked = s.hosts[1]!;
    const added = await rpc(s.app.url, lockedOwner, "site", "addSiteLanguage", { siteId: s.siteIds[1], language: "ja", notionPageUrl: workspaceIndex.docsJa });
    expect(added.body.error).toBeUndefined();
    await until(async () => ((await rpc(s.app.url, lockedOwner, "site", "getSiteLanguages", { siteId: s.siteIds[1] })).body.result as { languages: { state: string }[] }).languages[0]?.state === "synced", 30_000);
    for (const path of ["/ja/", "/ja/sitemap.xml", "/ja/llms.txt", `/ja/_/search?q=${encodeURIComponent("ダッシュボード")}`, "/ja/_/language?set=ja"]) {
      const res = await s.get(locked, path, { accept: path.includes("search") ? "application/json" : "text/html" });
      expect(res.status, path).toBe(401);
      expect(res.body, path).not.toContain("ダッシュボード");
      expect(res.body, path).not.toContain("クイックスタート");
    }
    // No first-visit redirect reveals that a locked site has another language.
    const root = await s.get(locked, "/", { "accept-language": "ja", "user-agent": BROWSER });
    expect(root.status).toBe(401);
    expect(root.headers.location).toBeUndefined();
  });

  it("removes Japanese: /ja/ answers 404 and the switcher and alternates are gone", async () => {
    const removed = await call(owner, "removeSiteLanguage", { siteId: s.siteIds[0], language: "ja" });
    expect(removed.body.error).toBeUndefined();
    await until(async () => (await get("/ja/")).status === 404, 15_000);
    const home = await get("/");
    expect(home.body).not.toContain("language-switcher");
    expect(hreflangs(home.body).size).toBe(0);
    expect((await call(owner, "removeSiteLanguage", { siteId: s.siteIds[0], language: "ja" })).body.error?.data?.code).toBe("NOT_FOUND");
    const log = (await call(owner, "getSiteAuditLog", { siteId: s.siteIds[0] })).body.result as { entries: { action: string }[] };
    expect(log.entries.map((e) => e.action)).toContain("language.removed");
  });
});
