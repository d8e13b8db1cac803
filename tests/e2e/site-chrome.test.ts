import fs from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, signInThrough } from "./browser";
import { until } from "../helpers/until";
import { startSitesApp, workspaceIndex, type SiteSeed, type SitesApp } from "../helpers/sites";

/**
 * The owner's header menu (one level of links under a link, a <details> menu) and footer (columns, text, social
 * profiles, the badge's place) in Chromium: on every site type, opened with a click and the keyboard at 390 and
 * 1280 px, light and dark, with nothing scrolling sideways and no axe-core violation; our own words in the site's
 * language; edited on the dashboard.
 */

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const CHROME = {
  navigation: [
    { label: "Product", href: "", children: [{ label: "Features", href: "/features" }, { label: "Pricing for teams and companies", href: "/pricing" }] },
    { label: "About", href: "/about" },
  ],
  footer: {
    columns: [
      { title: "Company", links: [{ label: "About us", href: "/about" }, { label: "Careers", href: "https://jobs.example.com" }] },
      { title: "Resources", links: [{ label: "Status", href: "https://status.example.com" }] },
    ],
    text: "Lumen Analytics, made in Lisbon.",
    social: [{ network: "github", url: "https://github.com/lumen" }],
    badgePlace: "start",
  },
};
const SEEDS: SiteSeed[] = [
  { siteType: "blog", page: workspaceIndex.blog!, settings: CHROME },
  { siteType: "docs", page: workspaceIndex.docs!, settings: { ...CHROME, language: "fr" } },
  { siteType: "changelog", page: workspaceIndex.changelog!, settings: CHROME },
  { siteType: "roadmap", page: workspaceIndex.roadmap!, settings: CHROME },
  { siteType: "help_desk", page: workspaceIndex.help_desk!, settings: CHROME },
  { siteType: "simple", page: workspaceIndex.simple!, settings: CHROME },
  {
    siteType: "docsv2",
    page: workspaceIndex.docsv2!,
    settings: { ...CHROME, versions: [{ label: "v2", notionPageUrl: workspaceIndex.docsv2Versions.v2 }, { label: "v1", notionPageUrl: workspaceIndex.docsv2Versions.v1 }] },
  },
];

let s: SitesApp;
let browser: Browser;
beforeAll(async () => {
  s = await startSitesApp(SEEDS);
  browser = await launchBrowser(["--host-resolver-rules=MAP *.localhost 127.0.0.1"]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    return (await axe.run(document)).violations;
  })) as { id: string; nodes: { target: unknown[] }[] }[];
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id} on ${JSON.stringify(n.target)}`));
}

describe("the owner's header menu and footer", () => {
  it("are on every site type", async () => {
    for (const [i, seed] of SEEDS.entries()) {
      const html = (await s.get(s.hosts[i]!, "/")).body;
      expect(html, seed.siteType).toMatch(/<details class="nav-dropdown"><summary>Product<\/summary><ul><li><a href="\/features">Features<\/a>/);
      expect(html, seed.siteType).toContain('<p class="footer-title">Company</p>');
      expect(html, seed.siteType).toContain('<p class="footer-text">Lumen Analytics, made in Lisbon.</p>');
      expect(html, seed.siteType).toContain('<a href="https://github.com/lumen" rel="me noopener">GitHub</a>');
    }
  });

  for (const width of [390, 1280]) {
    for (const colorScheme of ["light", "dark"] as const) {
      it(`open with a click and the keyboard, fit the screen and pass axe-core at ${width}px, ${colorScheme}`, async () => {
        const context = await browser.newContext({ bypassCSP: true, viewport: { width, height: 844 }, colorScheme });
        for (const site of [0, 1]) {
          const page = await context.newPage();
          await page.goto(`http://${s.hosts[site]}/`, { waitUntil: "networkidle" });
          const pricing = page.getByRole("link", { name: "Pricing for teams and companies" });
          expect(await pricing.isVisible()).toBe(false);
          await page.locator(".nav-dropdown > summary").click();
          await pricing.waitFor();
          const box = (await pricing.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(width);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          expect(await axeViolations(page)).toEqual([]);
          // Closed again from the keyboard.
          await page.locator(".nav-dropdown > summary").focus();
          await page.keyboard.press("Enter");
          expect(await pricing.isVisible()).toBe(false);

          await page.locator(".site-footer").scrollIntoViewIfNeeded();
          expect(await page.getByText("Lumen Analytics, made in Lisbon.").isVisible()).toBe(true);
          expect(await page.getByRole("link", { name: "Careers" }).isVisible()).toBe(true);
          // The badge leads the last line of the footer.
          const badge = (await page.locator(".site-footer .badge").boundingBox())!;
          const copyright = (await page.locator(".site-footer > span").boundingBox())!;
          expect(badge.y < copyright.y - 2 || badge.x < copyright.x).toBe(true);
          await page.close();
        }
        await context.close();
      });
    }
  }

  it("prints our own words in the site's language", async () => {
    const html = (await s.get(s.hosts[1]!, "/")).body;
    expect(html).toContain('<nav aria-label="Navigation du site">');
    expect(html).toMatch(/class="badge badge-start"[^>]*>Publié avec /);
  });

  it("are edited on the dashboard: a refused address under its field, then the footer on the site", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInThrough(page, s.app.url, `/dashboard/sites/${s.siteIds[0]}/appearance`, s.ownerEmails[0]!);
    expect(await page.getByLabel("Column 1 title", { exact: true }).inputValue()).toBe("Company");
    await page.getByRole("button", { name: "Add social profile" }).click();
    await page.getByLabel("Social profile 2", { exact: true }).selectOption("mastodon");
    await page.getByLabel("Social profile 2 address", { exact: true }).fill("http://mastodon.social/@lumen");
    await page.getByRole("button", { name: "Save footer" }).click();
    await expect.poll(() => page.getByTestId("field-error").count()).toBe(1);
    expect(await page.getByTestId("field-error").textContent()).toMatch(/^Social profile 2 address: /);
    await page.getByLabel("Social profile 2 address", { exact: true }).fill("https://mastodon.social/@lumen");
    await page.getByLabel("Footer text").fill("Now from the dashboard.");
    await page.getByRole("button", { name: "Save footer" }).click();
    await page.getByText("Saved").first().waitFor();
    await until(async () => (await s.get(s.hosts[0]!, "/")).body.includes("Now from the dashboard."));
    expect((await s.get(s.hosts[0]!, "/")).body).toContain('<a href="https://mastodon.social/@lumen" rel="me noopener">Mastodon</a>');

    await page.goto(`${s.app.url}/dashboard/sites/${s.siteIds[0]}/general`);
    await page.getByRole("button", { name: "Add a link under link 2" }).click();
    await page.getByLabel("Link 2 menu item 1 label", { exact: true }).fill("Team");
    await page.getByLabel("Link 2 menu item 1 address", { exact: true }).fill("/team");
    await page.getByRole("button", { name: "Save navigation" }).click();
    await page.getByText("Saved").first().waitFor();
    await until(async () => (await s.get(s.hosts[0]!, "/")).body.includes("<summary>About</summary>"));
    await context.close();
  });
});
