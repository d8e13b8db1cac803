import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, signInThrough } from "./browser";
import { startSitesApp, workspaceIndex, type SitesApp } from "../helpers/sites";

/**
 * One site in two languages in Chromium (docs/languages.md): the header's switcher at a phone's and a laptop's width
 * keeps the reader on the same page in the other language and remembers the choice, a browser in Japanese is sent
 * to /ja/ on its first visit only, and the owner adds and removes a language on the dashboard's Languages screen.
 */

let s: SitesApp;
let browser: Browser;
const QUICK_START = "/getting-started/quick-start";
const WAIT = { timeout: 30_000 };

beforeAll(async () => {
  s = await startSitesApp([
    { siteType: "docs", page: workspaceIndex.docs!, settings: { language: "en", languages: [{ language: "ja", notionPageUrl: workspaceIndex.docsJa }] } },
    { siteType: "docs", page: workspaceIndex.docs!, settings: { name: "Bee Docs", language: "en" } },
  ]);
  browser = await launchBrowser(["--host-resolver-rules=MAP *.localhost 127.0.0.1"]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe("the language switcher", () => {
  for (const width of [390, 1280]) {
    it(`at ${width} px: on the brand's row, to the paired page and back, remembered for /`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: "ja-JP" });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (err) => errors.push(err.message));
      const origin = `http://${s.hosts[0]}`;
      // A browser in Japanese, first visit to the root: the Japanese home.
      await page.goto(`${origin}/`, { waitUntil: "networkidle" });
      expect(new URL(page.url()).pathname).toBe("/ja/");
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("ja");

      await page.goto(`${origin}${QUICK_START}`, { waitUntil: "networkidle" });
      const switcher = page.getByRole("navigation", { name: "Language" });
      expect(await switcher.isVisible()).toBe(true);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      // On a phone too, the switcher shares the brand's row (the header does not grow a row for it).
      const brand = (await page.locator(".brand").boundingBox())!;
      const box = (await switcher.boundingBox())!;
      expect(Math.abs(box.y + box.height / 2 - (brand.y + brand.height / 2))).toBeLessThan(brand.height);
      expect(box.x).toBeGreaterThan(brand.x + brand.width);

      await switcher.getByRole("link", { name: "日本語" }).click();
      await page.waitForLoadState("networkidle");
      expect(decodeURIComponent(new URL(page.url()).pathname)).toMatch(/^\/ja\//);
      expect(await page.locator("h1").first().textContent()).toBe("クイックスタート");
      expect(await page.getByRole("navigation", { name: "言語" }).getByRole("link", { name: "日本語" }).getAttribute("aria-current")).toBe("true");
      expect(await overflow(page)).toBeLessThanOrEqual(0);

      await page.getByRole("navigation", { name: "言語" }).getByRole("link", { name: "English" }).click();
      await page.waitForURL(`${origin}${QUICK_START}`);
      expect(await page.locator("h1").first().textContent()).toBe("Quick start");
      // Chosen: the root no longer follows the browser's language.
      await page.goto(`${origin}/`, { waitUntil: "networkidle" });
      expect(new URL(page.url()).pathname).toBe("/");
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe("the dashboard's Languages screen", { timeout: 180_000 }, () => {
  it("adds Japanese with its Notion page, shows it synced, serves it, and removes it", async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const path = `/dashboard/sites/${s.siteIds[1]}/languages`;
    await signInThrough(page, s.app.url, path, s.ownerEmails[1]!);
    await page.getByText("One language: the site's own.").waitFor(WAIT);
    await page.getByLabel("Language", { exact: true }).selectOption("ja");
    await page.getByLabel("Its Notion page").fill(workspaceIndex.docsJa!);
    await page.getByRole("button", { name: "Add language" }).click();
    await page.getByText("Synced · 13 pages").waitFor(WAIT);
    expect(await page.getByText("Japanese (ja)").isVisible()).toBe(true);
    const served = await s.get(s.hosts[1]!, "/ja/");
    expect(served.status).toBe(200);
    expect(served.body).toContain("Lumen ドキュメント");

    await page.getByRole("button", { name: "Remove Japanese (ja)" }).click();
    await page.getByText("One language: the site's own.").waitFor(WAIT);
    expect((await s.get(s.hosts[1]!, "/ja/")).status).toBe(404);
    await page.context().close();
  });
});
