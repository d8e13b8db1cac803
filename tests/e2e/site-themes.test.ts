import fs from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import Color from "color";
import { launchBrowser } from "./browser";
import { startSitesApp, workspaceIndex, type SiteSeed, type SitesApp } from "../helpers/sites";
import { SITE_THEMES, type SiteThemeName } from "@/lib/site-themes";

/**
 * The looks (settings.theme.name) in Chromium, each on another site type: the page takes the look's colours in light
 * and dark, axe-core finds no violation on its home and a content page at 390 and 1280 px, nothing scrolls sideways,
 * and the owner's custom CSS still wins over the look. Axe is injected as in accessibility.test.ts (CSP bypassed).
 */

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const SITES: { look: SiteThemeName; seed: SiteSeed; content: string }[] = [
  { look: "paper", seed: { siteType: "blog", page: workspaceIndex.blog!, settings: { theme: { name: "paper" } } }, content: "/how-we-made-dashboards-10-faster" },
  { look: "slate", seed: { siteType: "docs", page: workspaceIndex.docs!, settings: { theme: { name: "slate" } } }, content: "/getting-started/quick-start" },
  { look: "contrast", seed: { siteType: "roadmap", page: workspaceIndex.roadmap!, settings: { theme: { name: "contrast" } } }, content: "/cohort-analysis" },
  {
    look: "friendly",
    seed: { siteType: "help_desk", page: workspaceIndex.help_desk!, settings: { contactUrl: "mailto:help@lumen.example", theme: { name: "friendly" } } },
    content: "/account-billing/how-do-i-change-my-plan",
  },
];
const OVERRIDDEN = SITES.length;
const VIEWS = [
  { colorScheme: "light" as const, width: 1280 },
  { colorScheme: "dark" as const, width: 1280 },
  { colorScheme: "light" as const, width: 390 },
  { colorScheme: "dark" as const, width: 390 },
];

let s: SitesApp;
let browser: Browser;
const contexts = new Map<string, BrowserContext>();
beforeAll(async () => {
  s = await startSitesApp([
    ...SITES.map((site) => site.seed),
    // The owner's CSS on top of a look: its cards' corners and its page colour are the owner's.
    { siteType: "blog", page: workspaceIndex.blog!, settings: { theme: { name: "friendly", customCss: ".card { border-radius: 3px; } :root { --bg: #fdf6e3; }" } } },
  ]);
  browser = await launchBrowser(["--host-resolver-rules=MAP *.localhost 127.0.0.1"]);
  for (const view of VIEWS) {
    contexts.set(`${view.colorScheme} ${view.width}`, await browser.newContext({ bypassCSP: true, colorScheme: view.colorScheme, viewport: { width: view.width, height: 844 } }));
  }
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

type Violation = { id: string; impact: string | null; nodes: { target: unknown[]; failureSummary?: string }[] };

async function axeViolations(page: Page, view: string): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document)).violations;
  })) as Violation[];
  return violations.flatMap((v) => v.nodes.map((n) => `${view}: ${v.id} (${v.impact}) on ${JSON.stringify(n.target)}: ${n.failureSummary?.replace(/\s+/g, " ")}`));
}

const rgb = (hex: string) => Color(hex).rgb().string();

describe.each(SITES.map((site, index) => ({ ...site, index })))("the $look look", ({ look, index, content }) => {
  it("takes the look's colours light and dark, passes axe-core on its home and a content page, no sideways scroll", async () => {
    const found: string[] = [];
    for (const [view, context] of contexts) {
      const mode = view.startsWith("dark") ? "dark" : "light";
      const width = Number(view.split(" ")[1]);
      for (const path of ["/", content]) {
        const page = await context.newPage();
        try {
          const res = await page.goto(`http://${s.hosts[index]}${path}`, { waitUntil: "networkidle" });
          expect(res?.status(), path).toBe(200);
          expect(await page.locator("html").getAttribute("data-look")).toBe(look);
          const shown = await page.evaluate(() => ({ bg: getComputedStyle(document.body).backgroundColor, color: getComputedStyle(document.body).color, scroll: document.documentElement.scrollWidth }));
          expect(shown.bg, `${view} ${path}`).toBe(rgb(SITE_THEMES[look][mode].bg));
          expect(shown.color, `${view} ${path}`).toBe(rgb(SITE_THEMES[look][mode].fg));
          expect(shown.scroll, `${view} ${path}`).toBeLessThanOrEqual(width);
          found.push(...(await axeViolations(page, `${view} ${path}`)));
        } finally {
          await page.close();
        }
      }
    }
    expect(found).toEqual([]);
  });
});

describe("custom CSS over a look", () => {
  it("keeps the owner's rules: their corners and page colour win over the look's", async () => {
    const page = await contexts.get("light 1280")!.newPage();
    await page.goto(`http://${s.hosts[OVERRIDDEN]}/`, { waitUntil: "networkidle" });
    expect(await page.locator("html").getAttribute("data-look")).toBe("friendly");
    const card = page.locator(".card").first();
    expect(await card.evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).toBe("3px");
    // The look's shadow is still there: only what the owner wrote changed.
    expect(await card.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe("none");
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(rgb("#fdf6e3"));
    await page.close();
  });
});
