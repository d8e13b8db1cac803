import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./browser";
import { startSitesApp, workspaceIndex, type SitesApp } from "../helpers/sites";

/**
 * An Arabic site in Chromium, right to left at a phone's and a laptop's width: the page declares `dir="rtl"`, the
 * layout mirrors (the docs navigation on the right, the search hint and the "next" link at the inline end, which is
 * the left), nothing overflows sideways, and the scripts' words are Arabic too.
 */

let s: SitesApp;
let browser: Browser;
let docs: string, blog: string;
const DOC = "/getting-started/quick-start";

beforeAll(async () => {
  s = await startSitesApp([
    { siteType: "docs", page: workspaceIndex.docs!, settings: { language: "ar" } },
    { siteType: "blog", page: workspaceIndex.blog!, settings: { language: "ar" } },
  ]);
  [docs, blog] = s.hosts as [string, string];
  browser = await launchBrowser(["--host-resolver-rules=MAP *.localhost 127.0.0.1"]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

async function open(url: string, width: number): Promise<{ page: Page; errors: string[] }> {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
  await page.goto(url, { waitUntil: "networkidle" });
  return { page, errors };
}

const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe("right to left", () => {
  it("docs at 1280 px: mirrored columns, the search hint and the next link at the inline end", async () => {
    const { page, errors } = await open(`http://${docs}${DOC}`, 1280);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir, getComputedStyle(document.body).direction])).toEqual(["ar", "rtl", "rtl"]);
    const nav = await box(page, ".docs-nav");
    const article = await box(page, ".docs-content");
    expect(nav.x).toBeGreaterThan(article.x + article.width - 1);
    const input = await box(page, ".docs-nav .search input");
    const kbd = await box(page, ".docs-nav .search kbd");
    expect(kbd.x + kbd.width / 2).toBeLessThan(input.x + input.width / 2);
    const next = await box(page, '.prev-next a[rel="next"]');
    const prevNext = await box(page, ".prev-next");
    expect(next.x - prevNext.x).toBeLessThan(prevNext.x + prevNext.width - (next.x + next.width));
    expect(await page.locator(".feedback legend").textContent()).toBe("هل كانت هذه الصفحة مفيدة؟");
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    // The island's words come from the page: Arabic feedback buttons and search.
    await page.getByRole("button", { name: "لا" }).click();
    expect(await page.getByRole("button", { name: "أرسل رأيك" }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it("docs at 390 px: the menu folds, nothing overflows, the breadcrumb arrow points the reading way", async () => {
    const { page, errors } = await open(`http://${docs}${DOC}`, 390);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await page.getByRole("navigation", { name: "الصفحات" }).isVisible()).toBe(false);
    await page.getByText("القائمة", { exact: true }).click();
    expect(await page.getByRole("navigation", { name: "الصفحات" }).isVisible()).toBe(true);
    const arrow = await page.evaluate(() => {
      const item = document.querySelector(".breadcrumbs li + li");
      return item ? getComputedStyle(item, "::before").content : null;
    });
    expect(arrow).toBe('"‹"');
    expect(errors).toEqual([]);
  });

  it("blog at 390 and 1280 px: Arabic dates and reading time, no sideways overflow, light and dark", async () => {
    for (const width of [390, 1280]) {
      for (const scheme of ["light", "dark"] as const) {
        const page = await (await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme })).newPage();
        await page.goto(`http://${blog}/`, { waitUntil: "networkidle" });
        expect(await overflow(page), `${width} ${scheme}`).toBeLessThanOrEqual(0);
        expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
        const byline = (await page.locator(".byline").first().textContent()) ?? "";
        expect(byline).toMatch(/[\u0600-\u06FF]/);
        expect(byline).not.toMatch(/\b(January|February|March|April|May|June|July|August|September|October|November|December)\b|min read/);
        await page.context().close();
      }
    }
  });
});
