import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./browser";
import { startSitesApp, workspaceIndex, type SitesApp } from "../helpers/sites";
import { rawRequest } from "../helpers/raw-request";

/**
 * What a person sees of real Notion pages (issue 21), measured in Chromium at a phone's and a laptop's width:
 * embeds and videos in columns keep their width, full-width pages use the room, columns stack on a phone, and no
 * layout scrolls sideways. Requests that would leave this machine (YouTube, Spotify) are aborted by the browser.
 */

let s: SitesApp;
let browser: Browser;
let simple: string, docs: string, help: string, blog: string, changelog: string, roadmap: string;

beforeAll(async () => {
  s = await startSitesApp([
    { siteType: "simple", page: workspaceIndex.showcase! },
    { siteType: "docs", page: workspaceIndex.showcase! },
    { siteType: "help_desk", page: workspaceIndex.showcase! },
    { siteType: "blog", page: workspaceIndex.blog! },
    { siteType: "changelog", page: workspaceIndex.changelog! },
    { siteType: "roadmap", page: workspaceIndex.roadmap! },
  ]);
  [simple, docs, help, blog, changelog, roadmap] = s.hosts as [string, string, string, string, string, string];
  for (const host of s.hosts) expect((await s.get(host, "/")).status).toBe(200);
  browser = await launchBrowser(["--host-resolver-rules=MAP *.localhost 127.0.0.1"]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 900 };

async function open(url: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  // Nothing leaves this machine: third-party frames and thumbnails are aborted (their boxes still lay out).
  await context.route(/^https?:\/\/(?![^/]*localhost[:/])/, (route) => route.abort());
  const page = await context.newPage();
  await page.goto(url, { waitUntil: "load" });
  return page;
}

const overflowOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const widthsOf = (page: Page, selector: string) => page.locator(selector).evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().width)));

describe("custom emoji", () => {
  it("shows a page's custom emoji beside its title and in a callout as loaded images of icon size", async () => {
    const page = await open(`http://${docs}/brand-kit`, LAPTOP);
    const icons = page.locator('img[alt="lumen-spark"]');
    expect(await icons.count()).toBeGreaterThanOrEqual(2);
    const sizes = await icons.evaluateAll((els) =>
      (els as HTMLImageElement[]).map((img) => ({ loaded: img.complete && img.naturalWidth > 0, width: Math.round(img.getBoundingClientRect().width) })),
    );
    for (const size of sizes) {
      expect(size.loaded).toBe(true);
      expect(size.width).toBeGreaterThan(10);
      expect(size.width).toBeLessThanOrEqual(80);
    }
    expect(await page.locator("body").innerText()).not.toContain("notion://");
    await page.context().close();
  });
});

describe("columns, embeds and full-width pages", () => {
  it("keeps a Spotify embed and a YouTube video in columns visible and wide", async () => {
    for (const host of [simple, docs]) {
      const page = await open(`http://${host}/watch-and-listen`, LAPTOP);
      const spotify = await widthsOf(page, '.notion-column iframe[src*="spotify"]');
      expect(spotify, host).toHaveLength(1);
      expect(spotify[0], host).toBeGreaterThan(250);
      const video = await widthsOf(page, ".notion-column .video-facade");
      expect(video, host).toHaveLength(1);
      expect(video[0], host).toBeGreaterThan(250);
      // A click turns the facade into the player, as wide as the facade was.
      await page.locator(".video-facade").click();
      const player = page.locator('.notion-column iframe[src^="https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1"]');
      await player.waitFor({ state: "attached" });
      expect(await page.locator(".video-facade").count(), host).toBe(0);
      expect(Math.round((await player.boundingBox())!.width), host).toBeGreaterThan(250);
      expect(new URL(page.url()).pathname, host).toBe("/watch-and-listen");
      await page.context().close();
    }
  });

  it("gives a full-width three-column docs page wide columns at 1280 px, and stacks them at 390 px", async () => {
    const wide = await open(`http://${docs}/team-dashboard`, LAPTOP);
    const columns = await widthsOf(wide, ".notion-column");
    expect(columns).toHaveLength(3);
    for (const w of columns) expect(w).toBeGreaterThan(250);
    expect(await wide.locator(".docs-toc").count()).toBe(0);
    await wide.context().close();

    const narrow = await open(`http://${docs}/team-dashboard`, PHONE);
    const stacked = await widthsOf(narrow, ".notion-column");
    for (const w of stacked) expect(w).toBeGreaterThan(300);
    await narrow.context().close();
  });
});

describe("no sideways scroll", () => {
  it("fits every layout at 390 and 1280 px, including a changelog entry with a 300-character code line", async () => {
    const changelogIndex = (await rawRequest(`${s.app.url}/`, { host: changelog })).body;
    const entry = /<a href="(\/[^"]+)">A whole event|<h2[^>]*><a href="(\/[^"]+)">Custom events API<\/a>/.exec(changelogIndex);
    const entryPath = entry?.[1] ?? entry?.[2];
    expect(entryPath).toBeTruthy();
    const pages: [string, string][] = [
      [simple, "/"],
      [simple, "/team-dashboard"],
      [simple, "/watch-and-listen"],
      [docs, "/"],
      [docs, "/team-dashboard"],
      [docs, "/northwind-outfitters"],
      [docs, "/tools-we-use"],
      [docs, "/reading-room"],
      [docs, "/brand-kit"],
      [help, "/"],
      [help, "/team-dashboard"],
      [blog, "/"],
      [changelog, "/"],
      [changelog, entryPath!],
      [roadmap, "/"],
    ];
    for (const viewport of [PHONE, LAPTOP]) {
      const context = await browser.newContext({ viewport });
      await context.route(/^https?:\/\/(?![^/]*localhost[:/])/, (route) => route.abort());
      const page = await context.newPage();
      for (const [host, path] of pages) {
        await page.goto(`http://${host}${path}`, { waitUntil: "load" });
        expect(await overflowOf(page), `${host}${path} at ${viewport.width} px`).toBeLessThanOrEqual(0);
      }
      await context.close();
    }
  });
});
