import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stubControl } from "../../../tools/notion-stub/control";
import { encodePath } from "@/lib/url-path";
import { rawRequest } from "../../helpers/raw-request";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";

/**
 * Titles in every script give working addresses: pages, links, the Markdown twin's Link header, sitemap, RSS,
 * llms.txt, search, owner and renamed-slug redirects and the password form's return path. The demo workspace's pages
 * are retitled through the stand-in's control API (its `touch`, as an edit in Notion would) before the first visit.
 */

const TITLES: Record<string, string> = {
  // simple site (Lumen): About, Pricing, Contact, Privacy policy
  "28db7b91-8aaa-4b07-82bb-4e4c525bd111": "配置中心",
  "8bcbe0d5-d6e9-42db-b744-6037364e5c82": "公告",
  "c4bb146e-87d3-48e9-9a08-0284938e0c8c": "Привет мир",
  "15c55085-84b5-46eb-8a73-409f28b1e63d": "🚀🎉",
  // docs site: Getting started, Quick start, Sending data, Dashboards
  "9ad10c1f-2e97-4c48-885e-81bd485142ac": "مرحبا بالعالم",
  "20f5d3d3-d77c-43b6-9753-8bb4c6b8bbd3": "שלום עולם",
  "b7d9fb8d-a631-4a71-8c06-30204b652730": "हिन्दी शीर्षक",
  "267f8e7a-f679-4657-afda-a85c3cd6a176": "ภาษาไทย",
  // blog: Introducing Lumen 2.0
  "7e1e5e08-f03b-451e-8be2-a689ce56a717": "发布 二",
};

let s: SitesApp;
let simple: string, docs: string, blog: string, locked: string;

beforeAll(async () => {
  s = await startSitesApp(
    [
      {
        siteType: "simple",
        page: workspaceIndex.simple!,
        redirects: [
          { fromPath: "/旧页面", toUrl: "/配置中心", permanent: true },
          { fromPath: "/%E6%97%A7%E5%85%AC%E5%91%8A", toUrl: "/公告?来源=旧#标题", permanent: false },
        ],
      },
      { siteType: "docs", page: workspaceIndex.docs! },
      { siteType: "blog", page: workspaceIndex.blog! },
      { siteType: "simple", page: workspaceIndex.simple!, password: "open sesame" },
    ],
    { env: { REVALIDATE_SECONDS: "1" } },
  );
  [simple, docs, blog, locked] = s.hosts as [string, string, string, string];
  const control = stubControl(s.stub.url);
  for (const [pageId, title] of Object.entries(TITLES)) await control.touch(pageId, title);
  for (const host of [simple, docs, blog]) expect((await s.get(host, "/")).status).toBe(200);
}, 240_000);
afterAll(() => s?.stop());

const ascii = /^[\x20-\x7e]*$/;
/** Site-relative page links of a page (not the site's own /_/ endpoints). */
const pageLinks = (html: string) => [...html.matchAll(/href="(\/[^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&")).filter((h) => !h.startsWith("/_/"));

async function crawl(host: string): Promise<Set<string>> {
  const seen = new Set<string>(["/"]);
  const queue = ["/"];
  while (queue.length) {
    const path = queue.shift()!;
    const res = await s.get(host, path);
    expect(res.status, `${host}${path}`).toBe(200);
    for (const value of Object.values(res.headers)) expect(String(value), `a header of ${path}`).toMatch(ascii);
    for (const link of pageLinks(res.body)) {
      expect(link, `a link on ${path}`).toMatch(ascii);
      const target = link.split(/[?#]/)[0]!;
      if (!seen.has(target) && !/\.(xml|txt|md)$/.test(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return seen;
}

describe("titles in other scripts", () => {
  it("serve every page of a simple and a docs site, with ASCII headers and links (the Markdown twin's Link included)", async () => {
    const simplePaths = await crawl(simple);
    for (const title of ["配置中心", "公告", "привет-мир"]) expect(simplePaths).toContain(encodePath(`/${title}`));
    // An emoji-only title falls back to its page id.
    expect(simplePaths).toContain("/15c5508584b5");
    const docsPaths = await crawl(docs);
    for (const path of ["/مرحبا-بالعالم", "/مرحبا-بالعالم/שלום-עולם", "/हिन्दी-शीर्षक", "/ภาษาไทย"]) expect(docsPaths).toContain(encodePath(path));

    const page = await s.get(simple, "/配置中心");
    expect(page.headers.link).toBe(`<http://${simple}${encodePath("/配置中心")}.md>; rel="alternate"; type="text/markdown"`);
    expect(page.body).toContain("<h1>配置中心</h1>");
    // What a browser sends for the raw address, and the same with lower-case escapes, are one page.
    const lowerHex = await rawGet(simple, encodePath("/配置中心").toLowerCase());
    expect(lowerHex.status).toBe(200);
    expect(lowerHex.body).toContain("<h1>配置中心</h1>");
    // The Markdown twin.
    const twin = await s.get(simple, `${encodePath("/配置中心")}.md`);
    expect(twin.status).toBe(200);
    expect(twin.body).toContain("# 配置中心");
  });

  it("write every address in the sitemap, RSS, llms.txt and search results as a URI", async () => {
    const sitemap = (await s.get(docs, "/sitemap.xml")).body;
    for (const loc of [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)) expect(loc).toMatch(/^[\x21-\x7e]+$/);
    expect(sitemap).toContain(`<loc>http://${docs}${encodePath("/مرحبا-بالعالم/שלום-עולם")}</loc>`);

    const rss = (await s.get(blog, "/rss.xml")).body;
    expect(rss).toContain(`<link>http://${blog}${encodePath("/发布-二")}</link>`);
    expect((await s.get(blog, "/发布-二")).status).toBe(200);

    const llms = (await s.get(simple, "/llms.txt")).body;
    expect(llms).toContain(`- [配置中心](http://${simple}${encodePath("/配置中心")}.md)`);
    for (const url of [...llms.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!)) {
      expect(url).toMatch(/^[\x21-\x7e]+$/);
      expect((await s.get(simple, new URL(url).pathname)).status).toBe(200);
    }

    const search = JSON.parse((await s.get(simple, `/_/search?q=${encodeURIComponent("配置中心")}`, { accept: "application/json" })).body) as { results: { title: string; url: string }[] };
    const hit = search.results.find((r) => r.title === "配置中心");
    expect(hit?.url).toBe(encodePath("/配置中心"));
    expect((await s.get(simple, hit!.url)).status).toBe(200);
  });

  it("redirect owner paths typed raw or encoded, to targets typed raw, with a header-safe Location", async () => {
    const raw = await s.get(simple, "/旧页面");
    expect(raw.status).toBe(301);
    expect(raw.headers.location).toBe(encodePath("/配置中心"));
    const encoded = await s.get(simple, "/旧公告");
    expect(encoded.status).toBe(302);
    expect(encoded.headers.location).toBe(`${encodePath("/公告")}?${encodeURIComponent("来源")}=${encodeURIComponent("旧")}#${encodeURIComponent("标题")}`);
  });

  it("send a locked site's visitor back to a page in another script after the password", async () => {
    const form = await s.get(locked, "/配置中心");
    expect(form.status).toBe(401);
    expect(form.body).toContain(`value="${encodePath("/配置中心")}"`);
    const posted = await rawGet(locked, "/_/password", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ password: "open sesame", next: "/配置中心" }).toString(),
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toBe(encodePath("/配置中心"));
    expect(String(posted.headers["set-cookie"])).toMatch(ascii);
  });

  it("redirect a renamed page's old address in another script to its new one", async () => {
    await new Promise((r) => setTimeout(r, 1100));
    await stubControl(s.stub.url).touch("8bcbe0d5-d6e9-42db-b744-6037364e5c82", "公告 新");
    // A visit to a page starts the refresh (an unknown path never reaches Notion); the new address answers once stored.
    await waitFor(async () => (await s.get(simple, "/")).status === 200 && (await s.get(simple, "/公告-新")).status === 200);
    await waitFor(async () => (await s.get(simple, "/公告")).status === 301);
    expect((await s.get(simple, "/公告")).headers.location).toBe(encodePath("/公告-新"));
  });
});

/** A request whose path is sent exactly as written (lower-case escapes, a form post). */
const rawGet = (host: string, path: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
  rawRequest(`${s.app.url}/`, { host, rawPath: path, ...opts });

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("timed out waiting for the condition");
}
