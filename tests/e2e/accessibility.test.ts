import fs from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { launchBrowser } from "./browser";
import { startSitesApp, workspaceIndex, type SiteSeed, type SitesApp } from "../helpers/sites";

/**
 * axe-core (Deque's accessibility engine, the one Lighthouse runs) on every site type's home page, a content page and
 * its search page, light and dark, on a phone (390 px) and a desktop (1280 px). Axe is injected into the page the way
 * its Playwright integration does it; the sites' Content-Security-Policy would refuse an injected script, so the
 * contexts bypass it (it is not what is tested here).
 */

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const SITES: { type: string; seed: SiteSeed; content: string }[] = [
  { type: "blog", seed: { siteType: "blog", page: workspaceIndex.blog! }, content: "/how-we-made-dashboards-10-faster" },
  { type: "changelog", seed: { siteType: "changelog", page: workspaceIndex.changelog! }, content: "/lumen-20" },
  { type: "roadmap", seed: { siteType: "roadmap", page: workspaceIndex.roadmap! }, content: "/cohort-analysis" },
  { type: "docs", seed: { siteType: "docs", page: workspaceIndex.docs!, settings: { ai: { enabled: true } } }, content: "/getting-started/quick-start" },
  {
    type: "docsv2",
    seed: {
      siteType: "docsv2",
      page: workspaceIndex.docsv2!,
      settings: { versions: [{ label: "v2", notionPageUrl: workspaceIndex.docsv2Versions.v2 }, { label: "v1", notionPageUrl: workspaceIndex.docsv2Versions.v1 }] },
    },
    content: "/authentication-v2",
  },
  { type: "help_desk", seed: { siteType: "help_desk", page: workspaceIndex.help_desk!, settings: { contactUrl: "mailto:help@lumen.example" } }, content: "/account-billing/how-do-i-change-my-plan" },
  { type: "simple", seed: { siteType: "simple", page: workspaceIndex.simple! }, content: "/about" },
];
const LOOKS = [
  { colorScheme: "light" as const, width: 1280, height: 900 },
  { colorScheme: "dark" as const, width: 1280, height: 900 },
  { colorScheme: "light" as const, width: 390, height: 844 },
  { colorScheme: "dark" as const, width: 390, height: 844 },
];

type Violation = { id: string; impact: string | null; nodes: { target: unknown[]; failureSummary?: string }[] };

let s: SitesApp;
let browser: Browser;
const contexts = new Map<string, BrowserContext>();

beforeAll(async () => {
  s = await startSitesApp([...SITES.map((site) => site.seed), { siteType: "simple", page: workspaceIndex.simple!, password: "open sesame" }]);
  browser = await launchBrowser(["--host-resolver-rules=MAP *.localhost 127.0.0.1"]);
  for (const look of LOOKS) {
    contexts.set(
      `${look.colorScheme} ${look.width}`,
      await browser.newContext({ bypassCSP: true, colorScheme: look.colorScheme, viewport: { width: look.width, height: look.height } }),
    );
  }
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

/** Every violation axe finds on the page at `url` in each look, as "rule (impact) on selector: why" lines. */
async function violationsAt(url: string, status = 200): Promise<string[]> {
  const found: string[] = [];
  for (const [look, context] of contexts) {
    const page = await context.newPage();
    try {
      // "load": a published page has its styles, fonts and images by then and runs no script that changes it later.
      const res = await page.goto(url, { waitUntil: "load" });
      expect(res?.status(), url).toBe(status);
      await page.evaluate(AXE_SOURCE);
      const violations = (await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: unknown[] }> } }).axe;
        return (await axe.run(document)).violations;
      })) as Violation[];
      for (const v of violations) {
        for (const node of v.nodes) found.push(`${look}: ${v.id} (${v.impact}) on ${JSON.stringify(node.target)}: ${node.failureSummary?.replace(/\s+/g, " ")}`);
      }
    } finally {
      await page.close();
    }
  }
  return found;
}

describe.each(SITES.map((site, i) => ({ ...site, index: i })))("axe-core on a $type site", ({ index, content }) => {
  it("no violations on the home page, light and dark, 390 and 1280 px", async () => {
    expect(await violationsAt(`http://${s.hosts[index]}/`)).toEqual([]);
  });
  it("no violations on a content page", async () => {
    expect(await violationsAt(`http://${s.hosts[index]}${content}`)).toEqual([]);
  });
  it("no violations on the search page with results", async () => {
    expect(await violationsAt(`http://${s.hosts[index]}/_/search?q=lumen`)).toEqual([]);
  });
  it("no violations on the 404 page, which offers search", async () => {
    expect(await violationsAt(`http://${s.hosts[index]}/no-such-page-a11y`, 404)).toEqual([]);
    const page = await contexts.get("light 1280")!.newPage();
    await page.goto(`http://${s.hosts[index]}/no-such-page-a11y`);
    expect(await page.getByRole("search").count()).toBe(1);
    await page.close();
  });
});

describe("on a phone (390 px)", () => {
  it("the password page sits in the middle: as much room left of the field as right of it", async () => {
    const page = await contexts.get("light 390")!.newPage();
    await page.goto(`http://${s.hosts[SITES.length]}/`);
    const field = (await page.getByLabel("Password").boundingBox())!;
    const right = 390 - (field.x + field.width);
    expect(Math.abs(field.x - right)).toBeLessThanOrEqual(2);
    expect(field.x).toBeGreaterThanOrEqual(16);
    expect(await violationsAt(`http://${s.hosts[SITES.length]}/`, 401)).toEqual([]);
    await page.close();
  });

  it("a simple site's header is two rows: the brand and the theme toggle, then the menu", async () => {
    const page = await contexts.get("light 390")!.newPage();
    await page.goto(`http://${s.hosts[SITES.findIndex((site) => site.type === "simple")]}/`, { waitUntil: "load" });
    const brand = (await page.locator(".site-header .brand").boundingBox())!;
    const toggle = (await page.locator(".site-header .theme-toggle").boundingBox())!;
    const menu = (await page.locator(".site-header nav").boundingBox())!;
    expect(Math.abs(toggle.y + toggle.height / 2 - (brand.y + brand.height / 2))).toBeLessThanOrEqual(4);
    expect(menu.y).toBeGreaterThanOrEqual(brand.y + brand.height - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.close();
  });
});
