import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { PRIVATE_WORKSPACES } from "../fixtures/real/corpus";
import { startSitesApp, type SitesApp } from "../helpers/sites";
import { isNotionUpload } from "../integration/real-workspaces/publish";
import { launchBrowser } from "./browser";

/**
 * The real recordings in Chromium (docs/real-recordings.md): every recorded page of the main private workspace,
 * published on a simple site, opened at a phone's and a laptop's width — no script error and no sideways scroll.
 * Nothing leaves this machine: requests to other hosts are aborted, and so are image-route requests for files the
 * stand-in does not serve (the app would fetch those from their real host).
 */

const workspace = PRIVATE_WORKSPACES.find((w) => w.name === "main")!;
const pages = workspace.pages;
let s: SitesApp;
let browser: Browser;

beforeAll(async () => {
  s = await startSitesApp(
    pages.map((p) => ({ siteType: "simple" as const, page: `https://www.notion.so/${p.id.replace(/-/g, "")}` })),
    { workspaceDir: workspace.dir },
  );
  for (const host of s.hosts) await s.get(host, "/");
  browser = await launchBrowser(["--host-resolver-rules=MAP *.localhost 127.0.0.1"]);
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

const WIDTHS = [390, 1280];

describe("real recordings in a browser", () => {
  it.each(pages.map((p, i) => [p.name, i] as const))("%s: no script error, no sideways scroll at 390 and 1280 px", { timeout: 120_000 }, async (_name, i) => {
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await context.route(/^https?:\/\/(?![^/]*localhost[:/])/, (route) => route.abort());
      await context.route(/\/_\/img\//, (route) => {
        const src = new URL(route.request().url()).searchParams.get("src") ?? "";
        return isNotionUpload(src) ? route.continue() : route.abort();
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (err) => errors.push(err.message));
      page.on("console", (msg) => {
        // Resources the test aborted (see above) report themselves as failed loads: not the page's errors.
        if (msg.type() === "error" && !/Failed to load resource/.test(msg.text())) errors.push(msg.text());
      });
      const res = await page.goto(`http://${s.hosts[i]}/`, { waitUntil: "load" });
      expect(res?.status()).toBe(200);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(errors, `script errors at ${width} px`).toEqual([]);
      expect(overflow, `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
      await context.close();
    }
  });
});
