import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomUtils, parseDocument } from "htmlparser2";
import type { Element } from "domhandler";
import { CATALOGUES, SITE_LANGUAGES, type SiteLanguage } from "@/lib/i18n/languages";
import { rpc, signedIn, type CookieJar } from "../../helpers/rpc-client";
import { startSitesApp, WORKSPACE, workspaceIndex, type SitesApp } from "../../helpers/sites";
import { until } from "../../helpers/until";

/**
 * A site in each of the twelve languages shows no English word of ours: every page type of every site type (home, pages,
 * entries, tag and author lists, search with and without results, 404, the chat page, the password page, the notices
 * behind email links) is walked in
 * each language, and its text, labels and the scripts' words are checked against the English catalogue.
 */

const PASSWORD = "open sesame words";
let s: SitesApp;
let jars: CookieJar[];

const SEEDS = [
  { siteType: "docs", page: workspaceIndex.docs!, settings: { ai: { enabled: true }, showAgentLink: true } },
  { siteType: "docsv2", page: workspaceIndex.docsv2!, settings: { versions: Object.entries(workspaceIndex.docsv2Versions).map(([label, notionPageUrl]) => ({ label, notionPageUrl })) } },
  { siteType: "help_desk", page: workspaceIndex.help_desk!, settings: { contactUrl: "mailto:help@lumen.example" } },
  { siteType: "simple", page: workspaceIndex.simple! },
  { siteType: "blog", page: workspaceIndex.blog! },
  { siteType: "changelog", page: workspaceIndex.changelog! },
  { siteType: "roadmap", page: workspaceIndex.roadmap! },
  { siteType: "docs", page: workspaceIndex.docs!, password: PASSWORD },
] as const;

/** Every word of the demo workspace's own text (and its JSON), which a page may show whatever the site's language. */
const contentWords = new Set<string>();
for (const file of fs.readdirSync(WORKSPACE, { recursive: true, withFileTypes: true })) {
  if (file.isFile()) for (const w of wordsOf(fs.readFileSync(path.join(file.parentPath, file.name), "utf8"))) contentWords.add(w);
}

function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}[\p{L}'’]*\p{L}|\p{L}/gu) ?? []).map((w) => w.replace(/['’]s$/, ""));
}

function catalogueText(language: SiteLanguage): string {
  return Object.values(CATALOGUES[language]).join("\n").replace(/\{[^{}]*\}|<\/?a>/g, " ");
}

/** Words only our English catalogue has: not in the workspace's content, and not the same in the other language. */
function englishOnlyWords(language: SiteLanguage): Set<string> {
  const theirs = new Set(wordsOf(catalogueText(language)));
  return new Set(wordsOf(catalogueText("en")).filter((w) => w.length > 1 && !contentWords.has(w) && !theirs.has(w)));
}

/** Whole English sentences of ours (plain messages of three words or more), which content never spells out. */
const ENGLISH_PHRASES = Object.values(CATALOGUES.en).filter((m) => !/[{}<]/.test(m) && m.split(" ").length >= 3);

/** What a reader sees or hears of a page: text (not scripts or styles), labels, titles, alt texts, the scripts' words. */
function readerText(html: string): string {
  const doc = parseDocument(html);
  const parts: string[] = [];
  for (const el of DomUtils.findAll(() => true, doc.children) as Element[]) {
    for (const attr of ["aria-label", "placeholder", "title", "alt", "data-label", "data-close-label"]) if (el.attribs[attr]) parts.push(el.attribs[attr]!);
    if (el.name === "meta" && /description|title/.test(el.attribs.name ?? el.attribs.property ?? "")) parts.push(el.attribs.content ?? "");
    if (el.name === "script" && el.attribs.id && el.attribs.type === "application/json") parts.push(...stringsIn(JSON.parse(DomUtils.textContent(el))));
    if (el.name === "style") parts.push(/--new-label:("[^"]*")/.exec(DomUtils.textContent(el))?.[1] ?? "");
  }
  return `${parts.join("\n")}\n${textOutsideScripts(doc.children)}`;
}

const stringsIn = (value: unknown): string[] =>
  typeof value === "string" ? [value] : value && typeof value === "object" ? Object.values(value).flatMap(stringsIn) : [];

function textOutsideScripts(nodes: ReturnType<typeof parseDocument>["children"]): string {
  return nodes
    .map((n) => ("name" in n && (n.name === "script" || n.name === "style") ? "" : "children" in n ? textOutsideScripts(n.children as typeof nodes) : "data" in n ? String(n.data) : ""))
    .join(" ");
}

/** The pages to walk on the i-th site: its sitemap (home, pages, entries, tags, authors) and our own pages. */
async function pathsOf(i: number): Promise<string[]> {
  const host = s.hosts[i]!;
  const sitemap = (await s.get(host, "/sitemap.xml")).body;
  const pages = [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map((m) => m[1] || "/");
  const type = SEEDS[i]!.siteType;
  const ours = [
    "/no-such-page-here",
    "/_/search?q=lumen",
    "/_/search?q=zzzqqq",
    type === "docs" ? "/_/chat" : null,
    // The notices behind email links, and the roadmap's "vote with your email" form.
    type === "blog" ? "/_/unsubscribe?token=not-a-token" : null,
    type === "blog" ? "/_/subscribe/confirm?token=not-a-token" : null,
    type === "roadmap" ? "/_/vote?item=any" : null,
  ];
  return [...new Set([...pages.slice(0, 12), ...ours.filter((p): p is string => p !== null)])];
}

beforeAll(async () => {
  s = await startSitesApp(SEEDS.map((seed) => ({ ...seed, settings: "settings" in seed ? seed.settings : {} })) as Parameters<typeof startSitesApp>[0]);
  jars = await Promise.all(s.ownerEmails.map((email) => signedIn(s.app.url, email)));
  for (const host of s.hosts) expect((await s.get(host, "/")).status).toBeLessThan(500);
}, 240_000);
afterAll(() => s?.stop());

async function setLanguage(i: number, language: string): Promise<void> {
  const reply = await rpc(s.app.url, jars[i]!, "site", "updateSite", { siteId: s.siteIds[i], language });
  expect(reply.body.error).toBeUndefined();
  const home = SEEDS[i]!.siteType === "docs" && "password" in SEEDS[i]! ? "/_/password" : "/";
  await until(async () => (await s.get(s.hosts[i]!, home)).body.includes(`<html lang="${language}"`), 15_000);
}

describe("sites in every language", () => {
  const walked = new Map<string, string[]>();

  it("the English pages use the words the check looks for (the check is not vacuous)", async () => {
    for (let i = 0; i < SEEDS.length - 1; i++) walked.set(s.hosts[i]!, await pathsOf(i));
    const words = englishOnlyWords("de");
    let seen = 0;
    for (const [host, paths] of walked) {
      for (const p of paths) {
        const text = wordsOf(readerText((await s.get(host, p)).body));
        seen += text.filter((w) => words.has(w)).length;
      }
    }
    expect(seen).toBeGreaterThan(100);
    expect(ENGLISH_PHRASES.length).toBeGreaterThan(30);
  });

  for (const language of SITE_LANGUAGES.filter((l) => l !== "en")) {
    it(`${language}: no English word of ours on any page type`, async () => {
      for (let i = 0; i < SEEDS.length; i++) await setLanguage(i, language);
      const words = englishOnlyWords(language);
      const found: string[] = [];
      const check = (where: string, html: string) => {
        const text = readerText(html);
        for (const w of wordsOf(text)) if (words.has(w)) found.push(`${where}: ${w}`);
        for (const phrase of ENGLISH_PHRASES) if (text.includes(phrase)) found.push(`${where}: “${phrase}”`);
      };
      for (const [host, paths] of walked) {
        for (const p of paths) {
          const res = await s.get(host, p);
          expect(res.status, `${host}${p}`).toBeLessThan(500);
          expect(res.body, `${host}${p}`).toContain(`lang="${language}"`);
          check(`${host}${p}`, res.body);
        }
      }
      const locked = s.hosts[SEEDS.length - 1]!;
      const gate = await s.get(locked, "/");
      expect(gate.status).toBe(401);
      check(`${locked} password page`, gate.body);
      const wrong = await s.get(locked, "/_/password");
      check(`${locked} /_/password`, wrong.body);
      expect(found).toEqual([]);
      if (language === "ar") expect((await s.get(s.hosts[0]!, "/")).body).toContain('<html lang="ar" dir="rtl"');
    }, 120_000);
  }
});
