import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./browser";
import { startSitesApp, workspaceIndex, type SitesApp } from "../helpers/sites";

/**
 * A visitor's view of a blog, a changelog and a roadmap, in Chromium: *.localhost addresses resolve to loopback in
 * Chromium; the custom domain goes through --host-resolver-rules (CONTRACTS §9).
 */

let s: SitesApp;
let browser: Browser;
let blog: string, changelog: string, roadmap: string;

beforeAll(async () => {
  s = await startSitesApp([
    { siteType: "blog", page: workspaceIndex.blog!, settings: { email: { notifySubscribers: true } } },
    { siteType: "changelog", page: workspaceIndex.changelog! },
    { siteType: "roadmap", page: workspaceIndex.roadmap! },
    { siteType: "blog", page: workspaceIndex.blog!, customDomain: "lumen-blog.test" },
  ]);
  [blog, changelog, roadmap] = s.hosts as [string, string, string];
  browser = await launchBrowser(["--host-resolver-rules=MAP *.test 127.0.0.1, MAP *.localhost 127.0.0.1"]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

type Visit = { page: Page; errors: string[]; scripts: string[] };

async function open(url: string, viewport = { width: 1280, height: 900 }): Promise<Visit> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  const scripts: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
  page.on("request", (req) => req.resourceType() === "script" && scripts.push(req.url()));
  await page.goto(url, { waitUntil: "networkidle" });
  return { page, errors, scripts };
}

/** Scrolls through the page so lazy images load, then reports any that failed. */
async function brokenImages(page: Page): Promise<string[]> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 50));
    }
  });
  await page.waitForLoadState("networkidle");
  return page.evaluate(() => [...document.images].filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.src));
}

describe("published sites in Chromium", () => {
  it("follows the system theme, and the header's toggle overrides it across pages and reloads", async () => {
    const context = await browser.newContext({ colorScheme: "light" });
    const page = await context.newPage();
    await page.goto(`http://${blog}/`, { waitUntil: "load" });
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await background()).toBe("rgb(255, 255, 255)");
    const toggle = page.getByRole("button", { name: "Switch to dark theme" });
    await toggle.click();
    expect(await background()).toBe("rgb(15, 17, 21)");
    await page.goto(`http://${blog}/how-we-made-dashboards-10-faster`, { waitUntil: "load" });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    expect(await background()).toBe("rgb(15, 17, 21)");
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await page.reload({ waitUntil: "load" });
    expect(await background()).toBe("rgb(255, 255, 255)");
    // With a dark system and no choice stored, the site is dark.
    const dark = await browser.newContext({ colorScheme: "dark" });
    const darkPage = await dark.newPage();
    await darkPage.goto(`http://${blog}/`, { waitUntil: "load" });
    expect(await darkPage.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(15, 17, 21)");
    await context.close();
    await dark.close();
  });

  it("a blog: cards with covers, a post with code, math and contents, no script file at all", async () => {
    const { page, errors, scripts } = await open(`http://${blog}/`);
    await expect(page.title()).resolves.toBe("Lumen Blog");
    expect(await page.locator("article.card").count()).toBe(12);
    expect(await brokenImages(page)).toEqual([]);
    await page.getByRole("link", { name: "How we made dashboards 10× faster" }).first().click();
    await page.waitForURL(`http://${blog}/how-we-made-dashboards-10-faster`);
    expect((await page.getByRole("heading", { level: 1 }).textContent())?.trim()).toBe("How we made dashboards 10× faster");
    expect(await page.locator(".code-block .token.keyword").count()).toBeGreaterThan(3);
    expect(await page.locator(".katex").count()).toBeGreaterThan(1);
    await page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: "Results" }).click();
    expect(page.url()).toMatch(/#[0-9a-f]{32}$/);
    expect(await brokenImages(page)).toEqual([]);
    // A link between posts goes to the other post on this site.
    await page.locator(".entry-body a[href='/introducing-lumen-20']").click();
    await page.waitForURL(`http://${blog}/introducing-lumen-20`);
    expect(errors).toEqual([]);
    expect(scripts).toEqual([]);
  });

  it("a blog fits a 360 px screen", async () => {
    const { page } = await open(`http://${blog}/analytics-without-cookies-how-lumen-counts-visitors`, { width: 360, height: 740 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it("a visitor subscribes with the form", async () => {
    const { page, errors } = await open(`http://${blog}/our-pricing-explained`);
    await page.getByLabel("Email address").fill("visitor@example.com");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.getByRole("status").waitFor();
    expect((await page.getByRole("status").textContent())?.trim()).toBe("Thanks! Check your inbox to confirm your subscription.");
    expect(new URL(page.url()).pathname).toBe("/our-pricing-explained");
    expect(errors).toEqual([]);
  });

  it("a changelog: releases newest first, each with its own page", async () => {
    const { page, errors, scripts } = await open(`http://${changelog}/`);
    const versions = await page.locator(".release-meta .version").allTextContents();
    expect(versions.slice(0, 2)).toEqual(["2.0.0", "1.9.4"]);
    await page.getByRole("link", { name: "Two-factor authentication" }).click();
    await page.waitForURL(/two-factor-authentication$/);
    expect((await page.getByRole("heading", { level: 1 }).textContent())?.trim()).toBe("Two-factor authentication");
    expect((await page.locator(".eyebrow.version").textContent())?.trim()).toBe("1.8.5");
    expect(errors).toEqual([]);
    // One small script file: the "since your last visit" marker of the changelog index (issue 26).
    expect(scripts.map((url) => new URL(url).pathname)).toEqual(["/_/changelog.js"]);
  });

  it("a roadmap: a column per status, cards open their page", async () => {
    const { page, errors } = await open(`http://${roadmap}/`);
    const headings = await page.locator(".column h2").allTextContents();
    expect(headings).toEqual(["Planned 4", "In progress 3", "Shipped 4"]);
    await page.getByRole("link", { name: /Public API v1/ }).click();
    await page.waitForURL(/public-api-v1$/);
    expect((await page.getByRole("heading", { level: 1 }).textContent())?.trim()).toBe("Public API v1");
    expect((await page.locator(".status").textContent())?.trim()).toBe("In progress");
    expect(errors).toEqual([]);
  });

  it("a blog on its custom domain", async () => {
    const { page, errors } = await open(`http://lumen-blog.test:${s.app.port}/`);
    expect(await page.locator("article.card").count()).toBe(12);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe("https://lumen-blog.test/");
    expect(await brokenImages(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
