import { execFileSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { connectMcp, textOf } from "../../helpers/mcp-client";
import { startSitesApp, workspaceIndex, type SiteSeed, type SitesApp } from "../../helpers/sites";

/**
 * Clients nobody here wrote, on one site of each of the 7 types: AnswerDotAI's llms.txt parser (run by python3 on
 * the site's file), every address the file names, `/index.md` and its `?ask=`, and the MCP SDK's own client over
 * every tool — the way the MCP Inspector's command line sends arguments (a cursor of digits as a number) included.
 */

/** A content page of each type, and the schema.org type its own structured data has (besides its breadcrumbs). */
const CONTENT: Record<string, { path: string; type: string | null }> = {
  blog: { path: "/how-we-made-dashboards-10-faster", type: "BlogPosting" },
  changelog: { path: "/lumen-20", type: "BlogPosting" },
  roadmap: { path: "/cohort-analysis", type: "CreativeWork" },
  docs: { path: "/getting-started/quick-start", type: "TechArticle" },
  docsv2: { path: "/authentication-v2", type: "TechArticle" },
  help_desk: { path: "/account-billing/how-do-i-change-my-plan", type: "Article" },
  simple: { path: "/about", type: null },
};

// The assistant on, as the ask link and the ask tool need; one more docs site has it off.
const AI = { ai: { enabled: true } };
const SEEDS: Record<string, SiteSeed> = {
  blog: { siteType: "blog", page: workspaceIndex.blog!, settings: AI },
  changelog: { siteType: "changelog", page: workspaceIndex.changelog!, settings: AI },
  roadmap: { siteType: "roadmap", page: workspaceIndex.roadmap!, settings: AI },
  docs: { siteType: "docs", page: workspaceIndex.docs!, settings: AI },
  docsv2: {
    siteType: "docsv2",
    page: workspaceIndex.docsv2!,
    settings: { ...AI, versions: [{ label: "v2", notionPageUrl: workspaceIndex.docsv2Versions.v2 }, { label: "v1", notionPageUrl: workspaceIndex.docsv2Versions.v1 }] },
  },
  help_desk: { siteType: "help_desk", page: workspaceIndex.help_desk!, settings: AI },
  simple: { siteType: "simple", page: workspaceIndex.simple!, settings: AI },
};
const TYPES = Object.keys(SEEDS);
const NO_ASSISTANT: SiteSeed = { siteType: "docs", page: workspaceIndex.docs! };
const PARSER = path.resolve(import.meta.dirname, "../../fixtures/llms-txt/parse.py");

type Link = { title: string; url: string; desc: string | null };
type Parsed = { title: string; summary: string | null; info: string; sections: Record<string, Link[]> };

/** The reference parser's reading of a file; it raises (and this throws its traceback) on anything off-format. */
function parseLlmsTxt(text: string): Parsed {
  try {
    return JSON.parse(execFileSync("python3", [PARSER], { input: text, encoding: "utf8", cwd: path.dirname(PARSER) })) as Parsed;
  } catch (err) {
    const e = err as { code?: string; stderr?: string };
    if (e.code === "ENOENT") throw new Error("python3 was not found; install it with: apt-get install -y python3");
    throw new Error(`llms_txt could not parse the file:\n${e.stderr ?? String(err)}\n---\n${text}`);
  }
}

type JsonLd = Record<string, unknown> & { "@context"?: string; "@type"?: string };

/** Every JSON-LD block of a page, parsed (a block that is not JSON fails the test here). */
function jsonLdOf(html: string): JsonLd[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as JsonLd);
}

/** The fields search engines require of each schema.org type we publish (schema.org's types, Google's required fields). */
const REQUIRED: Record<string, string[]> = {
  WebSite: ["name", "url", "potentialAction"],
  BreadcrumbList: ["itemListElement"],
  BlogPosting: ["headline", "dateModified", "mainEntityOfPage"],
  TechArticle: ["headline", "dateModified", "author", "mainEntityOfPage"],
  Article: ["headline", "dateModified", "author", "mainEntityOfPage"],
  CreativeWork: ["name", "url", "creativeWorkStatus"],
  FAQPage: ["mainEntity"],
};

/** Checks one block against schema.org: its context, a known type, the type's required fields present and not empty. */
function checkJsonLd(data: JsonLd): void {
  expect(data["@context"]).toBe("https://schema.org");
  const type = data["@type"]!;
  expect(Object.keys(REQUIRED)).toContain(type);
  for (const field of REQUIRED[type]!) expect({ type, field, present: data[field] !== undefined && data[field] !== "" }).toEqual({ type, field, present: true });
  if (typeof data.dateModified === "string") expect(new Date(data.dateModified).toISOString()).toBe(data.dateModified);
}

let s: SitesApp;
const hostOf = (type: string) => s.hosts[TYPES.indexOf(type)]!;
const clients: Client[] = [];

beforeAll(async () => {
  s = await startSitesApp([...TYPES.map((t) => SEEDS[t]!), NO_ASSISTANT]);
}, 240_000);
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => undefined);
  await s?.stop();
});

describe("the reference parser as a check of itself", () => {
  it("raises on a list line that is not a link, and needs details after the summary to see it", () => {
    expect(() => parseLlmsTxt("# T\n\n> s\n\n## Pages\n\n- [A](http://x/a.md)\n\n## For AI agents\n\n- MCP server: http://x/_/mcp\n")).toThrow(/could not parse/);
    expect(parseLlmsTxt("# T\n\n> s\n\n## Pages\n\n- [A](http://x/a.md)\n").summary).toBeNull();
    expect(parseLlmsTxt("# T\n\n> s\n\nMore.\n\n## Pages\n\n- [A](http://x/a.md)\n").summary).toBe("s");
  });
});

describe("llms.txt of a site whose owner left the assistant off", () => {
  it("offers no ask link (it would answer 404), and every address it names answers 200", async () => {
    const host = s.hosts[TYPES.length]!;
    const parsed = parseLlmsTxt((await s.get(host, "/llms.txt")).body);
    expect(parsed.summary).toBeTruthy();
    expect(parsed.info).not.toContain("?ask=");
    const links = Object.values(parsed.sections).flat();
    expect(links.some((l) => l.url.includes("?ask="))).toBe(false);
    for (const link of links) expect({ url: link.url, status: (await s.get(host, new URL(link.url).pathname)).status }).toEqual({ url: link.url, status: 200 });
  });
});

describe("structured data where a page is an FAQ", () => {
  it("a post whose toggles ask questions is an FAQPage with each answer", async () => {
    const page = jsonLdOf((await s.get(hostOf("blog"), "/funnels-that-explain-themselves")).body);
    page.forEach(checkJsonLd);
    const faq = page.find((d) => d["@type"] === "FAQPage") as { mainEntity: { "@type": string; name: string; acceptedAnswer: { "@type": string; text: string } }[] };
    expect(faq.mainEntity.map((q) => q.name)).toEqual(["Can I compare two time ranges?", "Do funnels work with custom events?"]);
    for (const q of faq.mainEntity) {
      expect(q["@type"]).toBe("Question");
      expect(q.acceptedAnswer["@type"]).toBe("Answer");
      expect(q.acceptedAnswer.text.length).toBeGreaterThan(10);
    }
    // A page with a single question toggle is not an FAQ.
    expect(jsonLdOf((await s.get(hostOf("blog"), "/how-we-made-dashboards-10-faster")).body).map((d) => d["@type"])).not.toContain("FAQPage");
  });
});

describe.each(TYPES)("a %s site read by real clients", (type) => {
  it("llms.txt parses with llms_txt, summary recognised, and every address it names answers 200", async () => {
    const host = hostOf(type);
    const res = await s.get(host, "/llms.txt");
    expect(res.status).toBe(200);
    const parsed = parseLlmsTxt(res.body);
    expect(parsed.title.length).toBeGreaterThan(0);
    expect(parsed.summary).toBeTruthy();
    expect(parsed.info).toContain(`http://${host}/_/mcp`);
    expect(Object.keys(parsed.sections)).toEqual(["Pages", "Optional"]);
    const pages = parsed.sections.Pages!;
    expect(pages[0]!.url).toBe(`http://${host}/index.md`);
    expect(pages.length).toBeGreaterThan(3);
    const links = [...pages, ...parsed.sections.Optional!];
    expect(links.some((l) => l.url.startsWith(`http://${host}/index.md?ask=`))).toBe(true);
    for (const link of links) {
      const url = new URL(link.url);
      expect(url.host).toBe(host);
      const answer = await s.get(host, `${url.pathname}${url.search}`);
      expect({ url: link.url, status: answer.status }).toEqual({ url: link.url, status: 200 });
    }
  });

  it("/index.md is the home page as Markdown, and /index.md?ask= answers with sources", async () => {
    const host = hostOf(type);
    const home = await s.get(host, "/index.md");
    expect(home.status).toBe(200);
    expect(home.headers["content-type"]).toBe("text/markdown; charset=utf-8");
    expect(home.body).toMatch(/^# \S/);
    expect((await s.get(host, "/")).headers.link).toBe(`<http://${host}/index.md>; rel="alternate"; type="text/markdown"`);
    const asked = await s.get(host, `/index.md?ask=${encodeURIComponent("What is Lumen?")}`);
    expect(asked.status).toBe(200);
    expect(asked.headers["content-type"]).toBe("text/markdown; charset=utf-8");
  });

  it("structured data: WebSite with a working SearchAction on the home page, the page's type and its breadcrumbs", async () => {
    const host = hostOf(type);
    const home = jsonLdOf((await s.get(host, "/")).body);
    home.forEach(checkJsonLd);
    const site = home.find((d) => d["@type"] === "WebSite") as { url: string; potentialAction: { "@type": string; target: { urlTemplate: string }; "query-input": string } };
    expect(site.url).toBe(`http://${host}/`);
    expect(site.potentialAction["@type"]).toBe("SearchAction");
    expect(site.potentialAction["query-input"]).toBe("required name=search_term_string");
    const search = new URL(site.potentialAction.target.urlTemplate.replace("{search_term_string}", "lumen"));
    expect(search.host).toBe(host);
    expect((await s.get(host, `${search.pathname}${search.search}`)).status).toBe(200);

    const { path: contentPath, type: contentType } = CONTENT[type]!;
    const contentPage = await s.get(host, contentPath);
    expect(contentPage.status).toBe(200);
    const page = jsonLdOf(contentPage.body);
    page.forEach(checkJsonLd);
    expect(page.map((d) => d["@type"])).toEqual([...(contentType ? [contentType] : []), "BreadcrumbList"]);
    const crumbs = (page.at(-1)!.itemListElement as { "@type": string; position: number; name: string; item: string }[]);
    expect(crumbs.map((c) => c.position)).toEqual(crumbs.map((_, i) => i + 1));
    expect(crumbs[0]!.item).toBe(`http://${host}/`);
    expect(crumbs.at(-1)!.item).toBe(`http://${host}${contentPath}`);
    for (const crumb of crumbs) {
      expect(crumb["@type"]).toBe("ListItem");
      expect(crumb.name.length).toBeGreaterThan(0);
      expect((await s.get(host, new URL(crumb.item).pathname)).status).toBe(200);
    }
    if (type === "roadmap") expect(page[0]!.creativeWorkStatus).toBeTruthy();
  });

  it("the MCP SDK's client: every tool answers, get_page reads / and cursors are taken as strings or numbers", async () => {
    const host = hostOf(type);
    const client = await connectMcp(s.app.url, host);
    clients.push(client);
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = await client.callTool({ name, arguments: args });
      return { text: textOf(result), isError: Boolean(result.isError) };
    };
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(["ask", "get_page", "list_pages", "search"]);

    type Listed = { pages: { path: string; markdownUrl: string }[]; total: number; nextCursor: string | null };
    const first = await call("list_pages", { limit: 1 });
    expect(first.isError).toBe(false);
    const listed = JSON.parse(first.text) as Listed;
    expect(listed.pages[0]!.path).toBe("/");
    expect(listed.nextCursor).toBe("1");
    const asNumber = await call("list_pages", { limit: 1, cursor: 1 });
    const asString = await call("list_pages", { limit: 1, cursor: "1" });
    expect(asNumber.isError).toBe(false);
    expect(asNumber.text).toBe(asString.text);
    const second = (JSON.parse(asNumber.text) as Listed).pages[0]!;
    expect(second.path).not.toBe("/");

    const home = await call("get_page", { path: "/" });
    expect(home.isError).toBe(false);
    expect(home.text).toBe((await s.get(host, "/index.md")).body);
    const page = await call("get_page", { path: second.path });
    expect(page.isError).toBe(false);
    expect(page.text).toBe((await s.get(host, `${second.path}.md`)).body);
    expect((await call("get_page", { path: "/no-such-page-rc" })).isError).toBe(true);

    const search = await call("search", { query: "Lumen" });
    expect(search.isError).toBe(false);
    // Snippets are plain text for an agent: no <mark> highlights, no HTML escapes.
    for (const result of (JSON.parse(search.text) as { results: { snippet: string }[] }).results) expect(result.snippet).not.toMatch(/<\/?mark>|&(quot|amp|lt|gt|#39);/);
    const asked = await call("ask", { question: "What is Lumen?" });
    expect(asked.isError).toBe(false);
    expect(asked.text.length).toBeGreaterThan(0);
  });
});
