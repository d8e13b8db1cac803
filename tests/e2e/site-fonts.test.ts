import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "./browser";
import { startSitesApp, workspaceIndex, type SitesApp } from "../helpers/sites";

/**
 * Fonts by name for headings and body (settings.theme.fonts), in Chromium: the faces come from the site's own host
 * (/_/fonts), with font-display: swap, and no request leaves for a font host.
 */
let s: SitesApp;
let browser: Browser;
beforeAll(async () => {
  s = await startSitesApp([{ siteType: "blog", page: workspaceIndex.blog!, settings: { theme: { font: "system", fonts: { heading: "Lora", body: "Inter" } } } }]);
  browser = await launchBrowser(["--host-resolver-rules=MAP *.localhost 127.0.0.1"]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

describe("fonts by name in Chromium", () => {
  for (const width of [390, 1280]) {
    for (const colorScheme of ["light", "dark"] as const) {
      it(`headings in Lora and text in Inter, both from the site itself, at ${width}px, ${colorScheme}`, async () => {
        const context = await browser.newContext({ viewport: { width, height: 844 }, colorScheme });
        const page = await context.newPage();
        const fontRequests: string[] = [];
        page.on("request", (r) => r.resourceType() === "font" && fontRequests.push(r.url()));
        await page.goto(`http://${s.hosts[0]}/introducing-lumen-20`, { waitUntil: "networkidle" });
        await page.evaluate(() => document.fonts.ready);
        const fonts = await page.evaluate(() => ({
          heading: getComputedStyle(document.querySelector("h1")!).fontFamily,
          body: getComputedStyle(document.querySelector("main p") ?? document.body).fontFamily,
          loaded: [...document.fonts].filter((f) => f.status === "loaded").map((f) => `${f.family} ${f.weight}`),
        }));
        expect(fonts.heading.startsWith('"Lora"') || fonts.heading.startsWith("Lora")).toBe(true);
        expect(fonts.body.startsWith('"Inter"') || fonts.body.startsWith("Inter")).toBe(true);
        expect(fonts.loaded.some((f) => f.startsWith("Lora"))).toBe(true);
        expect(fonts.loaded.some((f) => f.startsWith("Inter"))).toBe(true);
        expect(fontRequests.length).toBeGreaterThan(0);
        for (const url of fontRequests) expect(new URL(url).host, url).toBe(s.hosts[0]);
        await context.close();
      });
    }
  }

  it("declares every face of the fonts an owner picks with font-display: swap", async () => {
    const page = await s.get(s.hosts[0]!, "/introducing-lumen-20");
    const css = await s.get(s.hosts[0]!, /<link rel="stylesheet" href="([^"]+)"/.exec(page.body)![1]!);
    // KaTeX's math faces keep its own `block` (a formula drawn in a fallback font is wrong, not just plain).
    const faces = (css.body.match(/@font-face\s*{[^}]*}/g) ?? []).filter((f) => /font-family:\s*["']?(Inter|Lora|JetBrains Mono)["']?;/.test(f));
    expect(faces.length).toBeGreaterThan(0);
    expect(faces.every((f) => /font-display:\s*swap/.test(f))).toBe(true);
  });
});
