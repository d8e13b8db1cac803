import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./browser";
import { startSitesApp, workspaceIndex, type SitesApp } from "../helpers/sites";
import { rawRequest } from "../helpers/raw-request";

/**
 * Docs, versioned docs, help desk and simple sites in Chromium: keyboard search, feedback, versions, and docs served
 * under /docs of another domain through a reverse proxy (as an owner's Caddy or nginx would).
 */

let s: SitesApp;
let browser: Browser;
let proxy: http.Server;
let proxyOrigin: string;
let docs: string, help: string, simple: string, versioned: string, blog: string;
const HEADER_PINK = "rgb(255, 0, 128)";

beforeAll(async () => {
  s = await startSitesApp([
    { siteType: "docs", page: workspaceIndex.docs! },
    { siteType: "help_desk", page: workspaceIndex.help_desk!, settings: { contactUrl: "mailto:help@lumen.example", ai: { enabled: true } } },
    { siteType: "simple", page: workspaceIndex.simple! },
    {
      siteType: "docsv2",
      page: workspaceIndex.docsv2!,
      settings: { versions: [{ label: "v2", notionPageUrl: workspaceIndex.docsv2Versions.v2 }, { label: "v1", notionPageUrl: workspaceIndex.docsv2Versions.v1 }] },
    },
    { siteType: "docs", page: workspaceIndex.docs!, settings: { publicUrl: "http://owner-site.test/docs", name: "Lumen Docs (proxied)" } },
    {
      siteType: "blog",
      page: workspaceIndex.blog!,
      settings: { theme: { defaultTheme: "dark", hideThemeToggle: true, font: "inter", customCss: `.site-header { border-bottom: 3px solid ${HEADER_PINK}; }` } },
    },
  ]);
  blog = s.hosts[5]!;
  [docs, help, simple, versioned] = s.hosts as [string, string, string, string];
  const proxiedHost = s.hosts[4]!;
  // The owner's proxy: /docs/* forwarded unchanged to the docs site's address; everything else is the owner's own.
  proxy = http.createServer((req, res) => {
    if (!req.url?.startsWith("/docs")) {
      res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Owner home</title><h1>Owner's own site</h1>");
      return;
    }
    const upstream = http.request({ host: "127.0.0.1", port: s.app.port, path: req.url, method: req.method, headers: { ...req.headers, host: proxiedHost } }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
  proxyOrigin = `http://owner-site.test:${(proxy.address() as AddressInfo).port}`;
  browser = await launchBrowser(["--host-resolver-rules=MAP *.localhost 127.0.0.1, MAP owner-site.test 127.0.0.1"]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  proxy?.close();
  await s?.stop();
});

async function open(url: string, viewport = { width: 1280, height: 900 }): Promise<{ page: Page; errors: string[] }> {
  const page = await (await browser.newContext({ viewport })).newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
  await page.goto(url, { waitUntil: "networkidle" });
  return { page, errors };
}

describe("page-tree sites in Chromium", () => {
  it("docs: Ctrl-K search with the keyboard opens the result", async () => {
    const { page, errors } = await open(`http://${docs}/`);
    await page.keyboard.press("Control+k");
    const input = page.getByRole("dialog", { name: "Search" }).getByRole("searchbox");
    await input.fill("server side");
    await page.locator(".search-dialog li[role=option]").first().waitFor();
    expect(await page.locator(".search-dialog li[role=option] a").first().textContent()).toBe("Server-side events");
    expect(await page.locator(".search-dialog mark").count()).toBeGreaterThan(0);
    await input.press("ArrowDown");
    await input.press("ArrowUp");
    await input.press("Enter");
    await page.waitForURL(`http://${docs}/sending-data/server-side-events`);
    expect(await page.locator("h1").textContent()).toBe("Server-side events");
    await page.keyboard.press("Control+k");
    await page.keyboard.press("Escape");
    expect(await page.locator("dialog[open]").count()).toBe(0);
    // With words typed, one Escape still closes it (a search field's own Escape would only clear them).
    await page.keyboard.press("Control+k");
    await input.fill("events");
    await input.press("Escape");
    expect(await page.locator("dialog[open]").count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("docs: feedback is sent without leaving the page; No asks what was missing before sending", async () => {
    const { page, errors } = await open(`http://${docs}/getting-started/quick-start`);
    expect(await page.getByRole("button", { name: "Send feedback" }).isVisible()).toBe(false);
    await page.getByRole("button", { name: "No" }).click();
    expect(await page.getByRole("status").count()).toBe(0); // nothing sent yet
    await page.getByLabel("What was missing? (optional)").fill("A video would help");
    await page.getByRole("button", { name: "Send feedback" }).click();
    await page.getByRole("status").waitFor();
    expect(await page.getByRole("status").textContent()).toBe("Thanks for your feedback!");
    expect(new URL(page.url()).pathname).toBe("/getting-started/quick-start");
    expect(errors).toEqual([]);
  });

  it("docs ship little JavaScript, and fit 360 px", async () => {
    const html = (await rawRequest(`${s.app.url}/`, { host: docs })).body;
    const src = /<script type="module" src="([^"]+)"/.exec(html)![1]!;
    const script = await rawRequest(`${s.app.url}${src}`, { host: docs, headers: { "accept-encoding": "br" } });
    expect(script.headers["content-encoding"]).toBe("br");
    expect(script.bytes.length).toBeLessThan(15 * 1024);
    expect(zlib.brotliDecompressSync(script.bytes).toString()).toContain("showModal");
    const { page } = await open(`http://${docs}/getting-started/installing-on-your-framework/nextjs`, { width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // On a phone the page list waits behind "Menu", so the article starts on screen (review P4).
    const pages = page.getByRole("navigation", { name: "Pages" });
    expect(await pages.isVisible()).toBe(false);
    await page.getByText("Menu", { exact: true }).click();
    expect(await pages.getByRole("link", { name: "Next.js" }).isVisible()).toBe(true);
  });

  it("versioned docs: switching version changes the tree and the address", async () => {
    const { page, errors } = await open(`http://${versioned}/`);
    expect(await page.locator("h1").textContent()).toBe("API v2");
    await page.getByRole("navigation", { name: "Versions" }).getByRole("link", { name: "v1" }).click();
    await page.waitForURL(`http://${versioned}/v1`);
    expect(await page.locator("h1").textContent()).toBe("API v1");
    expect(await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Events (v1)" }).count()).toBe(1);
    expect(await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Events (v2)" }).count()).toBe(0);
    // From a page, the other version's equivalent page, not its home (review P9).
    await page.goto(`http://${versioned}/authentication-v2`);
    await page.getByRole("navigation", { name: "Versions" }).getByRole("link", { name: "v1" }).click();
    await page.waitForURL(`http://${versioned}/v1/authentication-v1`);
    expect(await page.locator("h1").textContent()).toBe("Authentication (v1)");
    expect(errors).toEqual([]);
  });

  it("help desk: home → category → article", async () => {
    const { page, errors } = await open(`http://${help}/`);
    await page.getByRole("link", { name: /Privacy & compliance/ }).click();
    await page.waitForURL(`http://${help}/privacy-compliance`);
    await page.getByRole("link", { name: "Do I need a cookie banner?" }).click();
    await page.waitForURL(/do-i-need-a-cookie-banner$/);
    expect(await page.locator("h1").textContent()).toBe("Do I need a cookie banner?");
    // A search that finds nothing offers the contact link instead of a dead end (review P7).
    await page.keyboard.press("Control+k");
    await page.keyboard.type("zzzxqwv");
    await page.locator(".search-dialog li.empty a").waitFor();
    expect(await page.locator(".search-dialog li.empty a").getAttribute("href")).toBe("mailto:help@lumen.example");
    expect(errors).toEqual([]);
  });

  it("help desk: the hero box lists results under it; nothing found offers contact and the assistant, in ⌘K too", async () => {
    const { page, errors } = await open(`http://${help}/`);
    const hero = page.locator("#search-home");
    await hero.fill("cookie banner");
    const results = page.locator(".search-large .search-suggest");
    await results.locator("li[role=option] a").first().waitFor();
    expect(await results.locator("li[role=option] a").first().textContent()).toBe("Do I need a cookie banner?");
    expect(await page.locator("dialog[open]").count()).toBe(0); // no second box
    await hero.fill("zzzxqwv refund");
    const empty = results.locator("li.empty");
    await empty.getByRole("link", { name: "Contact us" }).waitFor();
    expect(await empty.getByRole("link", { name: "Contact us" }).getAttribute("href")).toBe("mailto:help@lumen.example");
    await empty.getByRole("button", { name: "Ask the assistant" }).click();
    // The chat opens with the question filled in, not sent.
    const frame = (await (await page.waitForSelector("[data-pagewright-widget] >> iframe")).contentFrame())!;
    await expect.poll(() => frame.getByLabel("Your question").inputValue(), { timeout: 10_000 }).toBe("zzzxqwv refund");
    expect(await frame.locator(".msg.user").count()).toBe(0);
    await frame.getByLabel("Your question").press("Escape");
    await page.keyboard.press("Control+k");
    await page.getByRole("dialog", { name: "Search" }).getByRole("searchbox").fill("zzzxqwv");
    await page.locator(".search-dialog li.empty").getByRole("button", { name: "Ask the assistant" }).waitFor();
    expect(errors).toEqual([]);
  });

  it("blog: the owner's default theme holds with the toggle hidden, the open font and custom CSS come from the site's host, and header search loads on use", async () => {
    const fontHosts = new Set<string>();
    const { page, errors } = await open(`http://${blog}/`);
    page.on("request", (r) => r.resourceType() === "font" && fontHosts.add(new URL(r.url()).host));
    // A choice saved before the owner hid the toggle does not apply.
    await page.evaluate(() => localStorage.setItem("theme", "light"));
    await page.reload({ waitUntil: "networkidle" });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    expect(await page.locator(".theme-toggle").count()).toBe(0);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(15, 17, 21)");
    expect(await page.evaluate(() => getComputedStyle(document.querySelector(".site-header")!).borderBottomColor)).toBe(HEADER_PINK);
    await expect.poll(() => page.evaluate(() => [...document.fonts].some((f) => f.family.replace(/["']/g, "") === "Inter" && f.status === "loaded"))).toBe(true);
    expect([...fontHosts]).toEqual([blog]);

    // Search: no script until the visitor goes to the box, then results under it.
    expect(await page.locator('script[src*="/_/site.js"]').count()).toBe(0);
    const box = page.getByRole("search").getByRole("searchbox");
    await box.click();
    await page.locator('script[src*="/_/site.js"]').waitFor({ state: "attached" });
    await box.pressSequentially("dashboards");
    const first = page.locator(".search-header .search-suggest li[role=option] a").first();
    await first.waitFor();
    const title = await first.textContent();
    await box.press("ArrowDown");
    await box.press("Enter");
    await page.waitForURL((url) => url.pathname !== "/");
    expect(await page.locator("h1").textContent()).toBe(title);
    expect(errors).toEqual([]);
  });

  it("simple site: its pages are the header's menu", async () => {
    const { page, errors } = await open(`http://${simple}/`);
    await page.getByRole("banner").getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Pricing" }).click();
    await page.waitForURL(`http://${simple}/pricing`);
    expect(await page.locator("h1").textContent()).toBe("Pricing");
    expect(errors).toEqual([]);
  });

  it("docs under /docs of the owner's domain, through their proxy", async () => {
    const { page, errors } = await open(`${proxyOrigin}/docs/`);
    expect(await page.title()).toBe("Lumen Docs (proxied)");
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe("http://owner-site.test/docs/");
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Sending data" }).click();
    await page.waitForURL(`${proxyOrigin}/docs/sending-data`);
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Custom events" }).click();
    await page.waitForURL(`${proxyOrigin}/docs/sending-data/custom-events`);
    // Styles and the island script came through the prefix too.
    expect(await page.evaluate(() => getComputedStyle(document.querySelector(".docs")!).display)).toBe("grid");
    await page.keyboard.press("Control+k");
    await page.getByRole("dialog", { name: "Search" }).getByRole("searchbox").fill("wordpress");
    await page.locator(".search-dialog li[role=option] a").first().waitFor();
    expect(await page.locator(".search-dialog li[role=option] a").first().getAttribute("href")).toBe("/docs/getting-started/installing-on-your-framework/wordpress");
    expect(errors).toEqual([]);
  });
});
