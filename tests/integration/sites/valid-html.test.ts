import fs from "node:fs";
import path from "node:path";
import { HtmlValidate, type Message } from "html-validate";
import { describe, expect, it } from "vitest";
import { parseSiteSettings } from "@/core/sites/site-settings";
import type { SiteType } from "@/lib/site-types";
import { renderChatPage } from "@/site-server/render/chat-page";
import { renderNoticePage } from "@/site-server/render/notice-page";
import { renderPasswordPage } from "@/site-server/render/password-page";
import { renderSearchPage } from "@/site-server/render/render-route";
import type { PublishedSite } from "@/site-server/site-lookup";
import { WORKSPACE, pageIdOf, workspaceIndex } from "../../helpers/sites";
import { REAL, readJson, recordMapOf, renderFromDir, renderRecorded, valueOf, type RenderedSite } from "../../helpers/render-recorded";
import { translatorFor } from "@/lib/i18n/translator";

/**
 * Every published page is valid HTML (html-validate's standard rules, run in process): every page of sites built from
 * real recorded Notion pages on each tree site type, every page of the demo workspace's site of each type, their 404
 * and search pages, and the password, notice and chat pages.
 */

const validator = new HtmlValidate({ extends: ["html-validate:standard"] });

async function errorsOf(html: string, label: string): Promise<string[]> {
  const report = await validator.validateString(html, label);
  return report.results
    .flatMap((r) => r.messages)
    .filter((m: Message) => m.severity === 2)
    .map((m) => `${label}: ${m.ruleId} ${m.message} … ${html.slice(Math.max(0, m.offset - 80), m.offset + 60).replace(/\s+/g, " ")}`);
}

async function siteErrors(site: RenderedSite, label: string): Promise<string[]> {
  const errors: string[] = [];
  for (const [p, html] of site.html) errors.push(...(await errorsOf(html, `${label} ${p}`)));
  errors.push(...(await errorsOf(site.notFound, `${label} 404`)));
  errors.push(...(await errorsOf(renderSearchPage(site.ctx, "guide", [{ title: "Guide", url: "/guide", snippet: "the <mark>guide</mark>" }]), `${label} search`)));
  return errors;
}

const NOTION_X = path.join(REAL, "NotionX__react-notion-x");
const compat = fs.readdirSync(path.join(NOTION_X, "packages/notion-compat")).map((f) => path.join(NOTION_X, "packages/notion-compat", f));
const fixtures = path.join(NOTION_X, "packages/notion-client/fixtures");
const dashed = (id: string) => `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
/** The page a recording is about: named by its file, else its one top-level page. */
function rootOf(recorded: Record<string, unknown>, file: string): string {
  const named = /([0-9a-f]{32})\.json$/.exec(file)?.[1];
  if (named) return dashed(named);
  const blocks = Object.values(recordMapOf(recorded).block).map((b) => valueOf<{ id: string; type: string; parent_table?: string }>(b)!);
  return blocks.find((b) => b.type === "page" && b.parent_table === "space")?.id ?? blocks.find((b) => b.type === "page")!.id;
}
const kitchenSink = () => {
  const page = readJson(path.join(fixtures, "page.json"));
  return { ...recordMapOf(page), block: { ...recordMapOf(readJson(path.join(fixtures, "table.json"))).block, ...recordMapOf(page).block } };
};
const RECORDINGS: [string, () => Record<string, unknown>, string?][] = [
  ...compat.map((f) => [path.basename(f), () => readJson(f)] as [string, () => Record<string, unknown>]),
  ["Notion Kit Test Suite (cra record-map.json)", () => readJson(path.join(NOTION_X, "examples/cra/src/record-map.json"))],
  ["react-notion example page", () => readJson(path.join(REAL, "splitbee__react-notion/example/mock/page.json"))],
  ["Table Kitchen Sink (page.json + table.json)", kitchenSink],
  ["Damian Jones (collection-row-page.json)", () => readJson(path.join(fixtures, "collection-row-page.json")), "139ac7d7-30d5-4b5e-9393-7a282d8ff635"],
];

describe("every page is valid HTML (html-validate:standard)", () => {
  for (const [name, load, root] of RECORDINGS) {
    it(`${name}: every page on simple, docs and help-desk sites`, async () => {
      const recorded = load();
      const rootId = root ?? rootOf(recorded, name);
      const errors: string[] = [];
      for (const type of ["simple", "docs", "help_desk"] as SiteType[]) errors.push(...(await siteErrors(await renderRecorded(recorded, type, rootId), `${name} ${type}`)));
      expect(errors).toEqual([]);
    }, 60_000);
  }

  const demo: [string, SiteType][] = [
    ["blog", "blog"],
    ["changelog", "changelog"],
    ["roadmap", "roadmap"],
    ["docs", "docs"],
    ["docsv2", "docsv2"],
    ["help_desk", "help_desk"],
    ["simple", "simple"],
    ["showcase", "docs"],
    ["showcase", "simple"],
    ["showcase", "help_desk"],
  ];
  for (const [key, type] of demo) {
    it(`the demo workspace's ${key} page as a ${type} site: every page`, async () => {
      const site = await renderFromDir(WORKSPACE, type, pageIdOf(workspaceIndex[key] as string));
      expect(site.html.size).toBeGreaterThan(0);
      // Pages with a Notion body have it (an empty one would validate too).
      const withBody = [...site.html.values()].filter((html) => /<div class="notion [^"]*"><div class="notion-viewport"><\/div>[\s\S]{200}/.test(html));
      expect(withBody.length).toBeGreaterThan(0);
      expect(await siteErrors(site, `${key} ${type}`)).toEqual([]);
    }, 60_000);
  }

  it("the password, notice and chat pages", async () => {
    const settings = parseSiteSettings({});
    const site = { siteId: "s", basePath: "", settings } as unknown as PublishedSite;
    const errors = [
      ...(await errorsOf(renderPasswordPage({ action: "/_/password", next: "/guide", error: "Wrong password", i18n: translatorFor("en") }), "password")),
      ...(await errorsOf(renderNoticePage("Site paused", "This site is paused."), "notice")),
      ...(await errorsOf(renderChatPage({ site, siteName: "Guide", embed: "launcher", scriptSrc: "/_/chat.js", i18n: translatorFor("en") }), "chat")),
      ...(await errorsOf(renderChatPage({ site: { ...site, settings: { ...settings, ai: { ...settings.ai, enabled: true, suggestedQuestions: ["How?"] } } } as PublishedSite, siteName: "Guide", embed: "widget", scriptSrc: "/_/chat.js", i18n: translatorFor("en") }), "chat with AI")),
    ];
    expect(errors).toEqual([]);
  });
});
