import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inArray } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { sites, siteSyncs } from "@/db/schema";
import { NOTION_PAGE_MESSAGES } from "@/lib/notion-page-rules";
import { launchBrowser } from "./browser";
import { rawRequest } from "../helpers/raw-request";
import { startSitesApp, workspaceIndex, type SitesApp } from "../helpers/sites";

/**
 * Review D8, D9, D12 and M6 in Chromium: the site list's previews and sync statuses, Change subdomain and Change
 * Notion page on General, the Domain screen's HTTPS status, and each screen's "Learn more" page. One owner with three
 * sites: a blog in sync, docs whose syncs fail, a simple site never synced (with a social image).
 */

let s: SitesApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
/** Live checks answer 500 ms after the last key, later on a loaded machine. */
const WAIT = { timeout: 20_000 };

beforeAll(async () => {
  s = await startSitesApp(
    [
      { siteType: "blog", page: workspaceIndex.blog!, settings: { name: "Acme Blog", theme: { accentColor: "#ffd23f" } }, customDomain: "news.acme-e2e.test" },
      { siteType: "docs", page: workspaceIndex.docs!, settings: { name: "Bee Docs" } },
      { siteType: "simple", page: workspaceIndex.simple!, settings: { name: "Cee Notes", theme: { socialImage: { fileId: "f1", url: "/favicon.ico" } } } },
    ],
    {
      env: { TRUST_PROXY: "1" },
      beforeStart: async (db) => {
        const rows = await db.select().from(sites);
        const byName = (name: string) => rows.find((r) => (r.settings as { name?: string }).name === name)!;
        const [blog, docs, notes] = [byName("Acme Blog"), byName("Bee Docs"), byName("Cee Notes")];
        await db.update(sites).set({ ownerId: blog.ownerId }).where(inArray(sites.id, [docs.id, notes.id]));
        await db.insert(siteSyncs).values([
          { siteId: blog.id, version: 1, syncedAt: new Date(), lastAttemptAt: new Date() },
          { siteId: docs.id, version: 1, syncedAt: new Date(Date.now() - 3_600_000), failureCount: 3, failingSince: new Date(Date.now() - 600_000), lastError: "Notion did not answer" },
        ]);
      },
    },
  );
  browser = await launchBrowser(["--host-resolver-rules=MAP *.localhost 127.0.0.1"]);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on("pageerror", (err) => pageErrors.push(err.message));
  await page.goto(`${s.app.url}/dashboard`);
  await page.waitForURL(/\/signin\?/);
  await page.getByLabel("Email (test login)").fill(s.ownerEmails[0]!);
  await page.getByRole("button", { name: "Sign in with test login" }).click();
  await page.waitForURL(`${s.app.url}/dashboard`);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

const card = (name: string) => page.getByTestId("site-card").filter({ has: page.getByRole("link", { name, exact: true }) });

describe("dashboard screens (review D8, D9, D12, M6)", { timeout: 180_000 }, () => {
  it("shows each site with a preview and its sync health beside Published", async () => {
    await expect.poll(() => page.getByTestId("site-card").count(), WAIT).toBe(3);
    expect(await card("Acme Blog").getByTestId("sync-status").textContent()).toBe("In sync");
    expect(await card("Bee Docs").getByTestId("sync-status").textContent()).toBe("Sync failing (3×)");
    expect(await card("Cee Notes").getByTestId("sync-status").textContent()).toBe("Not synced yet");
    expect(await card("Acme Blog").getByText("Published", { exact: true }).isVisible()).toBe(true);
    // No images: a tile in the accent colour with the first letter over the kind of site, dark on a light accent.
    const tile = card("Acme Blog").getByTestId("site-preview");
    expect(await tile.textContent()).toBe("ABlog");
    expect(await card("Bee Docs").getByTestId("site-preview-kind").textContent()).toBe("Docs");
    expect(await tile.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(255, 210, 63)");
    expect(await tile.locator("span").first().evaluate((el) => getComputedStyle(el).color)).toBe("rgb(17, 17, 17)");
    // A social image: the picture itself.
    expect(await card("Cee Notes").getByTestId("site-preview").getAttribute("src")).toBe("/favicon.ico");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dash-list-previews.png`, fullPage: true });
  });

  it("changes the subdomain after a live check; the old address then leads to the new one", async () => {
    const blogId = s.siteIds[0]!;
    const oldHost = s.hosts[0]!;
    const freeAsBlog = /^([^.]+)\./.exec(s.hosts[1]!)![1]!; // Bee Docs' subdomain, as a blog address: blog.<it> is free
    await page.goto(`${s.app.url}/dashboard/sites/${blogId}`);
    const field = page.getByLabel("Subdomain", { exact: true });
    const button = page.getByRole("button", { name: "Change subdomain" });
    await field.fill("www");
    await expect.poll(() => page.getByTestId("subdomain-check").textContent(), WAIT).toBe("That subdomain is reserved");
    expect(await button.isDisabled()).toBe(true);
    await field.fill(freeAsBlog);
    await expect.poll(() => page.getByTestId("subdomain-check").textContent(), WAIT).toContain("is free");
    await field.fill("acme-moved");
    await expect.poll(() => page.getByTestId("subdomain-check").textContent(), WAIT).toBe(`✓ blog.acme-moved.localhost:${s.app.port} is free`);
    await button.click();
    await expect.poll(() => page.getByTestId("former-addresses").textContent(), WAIT).toContain(oldHost.replace(/:\d+$/, ""));
    expect(await page.getByTestId("site-url").textContent()).toBe("news.acme-e2e.test");
    // Now the site's own address: no verdict, nothing to change.
    await expect.poll(() => page.getByTestId("subdomain-check").textContent(), WAIT).toBe("");
    expect(await button.isDisabled()).toBe(true);
    const moved = await rawRequest(`${s.app.url}/a/post?ref=1`, { host: oldHost });
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe(`http://blog.acme-moved.localhost:${s.app.port}/a/post?ref=1`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dash-general-address.png`, fullPage: true });
  });

  it("changes the Notion page only once the live check says it fits", async () => {
    await page.goto(`${s.app.url}/dashboard/sites/${s.siteIds[0]!}`);
    const section = page.getByTestId("change-notion-page");
    const field = section.getByLabel("Change Notion page");
    const use = section.getByRole("button", { name: "Use this page" });
    await field.fill(workspaceIndex.private!);
    await expect.poll(() => page.getByTestId("notion-page-check").textContent(), WAIT).toBe(NOTION_PAGE_MESSAGES.private);
    expect(await use.isDisabled()).toBe(true);
    await field.fill(workspaceIndex.notDatabase!);
    await expect.poll(() => page.getByTestId("notion-page-check").textContent(), WAIT).toBe(NOTION_PAGE_MESSAGES.notDatabase);
    await field.fill(workspaceIndex.blog!);
    await expect.poll(() => page.getByTestId("notion-page-check").textContent(), WAIT).toBe("✓ This page can be published as this site");
    await use.click();
    await expect.poll(() => page.getByText("Notion page changed").count(), { timeout: 90_000 }).toBeGreaterThan(0);
    expect(pageErrors).toEqual([]);
  });

  it("shows HTTPS pending for the verified domain, then active once a visit came over https", async () => {
    const blogId = s.siteIds[0]!;
    await page.goto(`${s.app.url}/dashboard/sites/${blogId}/domain`);
    await expect.poll(() => page.getByTestId("https-status").textContent(), { timeout: 15_000 }).toContain("HTTPS: pending");
    const visit = await rawRequest(`${s.app.url}/`, { host: `news.acme-e2e.test:${s.app.port}`, headers: { "x-forwarded-proto": "https", "x-forwarded-for": "198.51.100.9" } });
    expect(visit.status).toBe(200);
    const today = new Date().toLocaleDateString("en", { year: "numeric", month: "long", day: "numeric" });
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId("https-status").textContent({ timeout: 15_000 });
        },
        { timeout: 30_000 },
      )
      .toBe(`HTTPS: active since ${today}`);
  });

  it("links every screen to its docs page in a new tab", async () => {
    const blogId = s.siteIds[0]!;
    for (const [screen, title] of [["general", "General"], ["domain", "Domain"], ["subscribers", "Subscribers"]] as const) {
      await page.goto(`${s.app.url}/dashboard/sites/${blogId}/${screen}`);
      const link = page.getByTestId("learn-more");
      expect(await link.getAttribute("target")).toBe("_blank");
      const [tab] = await Promise.all([context.waitForEvent("page"), link.click()]);
      await tab.waitForLoadState("load");
      expect(new URL(tab.url()).pathname).toBe(`/docs/dashboard/${screen}`);
      expect(await tab.getByRole("heading", { level: 1 }).textContent()).toBe(title);
      if (SHOTS && screen === "general") await tab.screenshot({ path: `${SHOTS}/docs-dashboard-general.png`, fullPage: true });
      await tab.close();
    }
  });
});
