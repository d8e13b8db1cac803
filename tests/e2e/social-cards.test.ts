import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "./browser";
import { startSitesApp, workspaceIndex, type SitesApp } from "../helpers/sites";

/** A post's social card as a browser gets it: the page's og:image loads as a 1200×630 image from the site itself. */
let s: SitesApp;
let browser: Browser;
beforeAll(async () => {
  s = await startSitesApp([{ siteType: "blog", page: workspaceIndex.blog! }]);
  browser = await launchBrowser(["--host-resolver-rules=MAP *.localhost 127.0.0.1"]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

describe("social cards in Chromium", () => {
  for (const width of [390, 1280]) {
    for (const colorScheme of ["light", "dark"] as const) {
      it(`a post's og:image is its own 1200×630 card, at ${width}px, ${colorScheme}`, async () => {
        const context = await browser.newContext({ viewport: { width, height: 844 }, colorScheme });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("pageerror", (e) => errors.push(e.message));
        page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
        await page.goto(`http://${s.hosts[0]}/introducing-lumen-20`, { waitUntil: "networkidle" });
        const og = await page.locator('meta[property="og:image"]').getAttribute("content");
        expect(new URL(og!).pathname).toBe("/_/card/introducing-lumen-20.png");
        expect(await page.locator('meta[name="twitter:image"]').getAttribute("content")).toBe(og);
        // Loaded by the page itself, under its CSP.
        const size = await page.evaluate(
          (src) =>
            new Promise<[number, number]>((resolve, reject) => {
              const img = new Image();
              img.onload = () => resolve([img.naturalWidth, img.naturalHeight]);
              img.onerror = () => reject(new Error(`card did not load: ${src}`));
              img.src = src;
            }),
          og!,
        );
        expect(size).toEqual([1200, 630]);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }
});
