import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./browser";
import { startSitesApp, workspaceIndex, type SitesApp } from "../helpers/sites";
import { NOTION_PAGE_MESSAGES } from "@/lib/notion-page-rules";

/**
 * An existing blog database with the owner's own property names (issue 21 item 8), in Chromium: the create flow keeps
 * the docs/product.md §5 message, offers the mapping, and with it mapped the site is created and shows the posts;
 * General → Database properties changes the mapping later and the change is kept.
 */

let s: SitesApp;
let browser: Browser;
let page: Page;
const SUBDOMAIN = "harbour-e2e";
let siteUrl = "";

beforeAll(async () => {
  s = await startSitesApp([]);
  browser = await launchBrowser(["--host-resolver-rules=MAP *.localhost 127.0.0.1"]);
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

const selected = (field: string) => page.locator(`#map-${field}`).evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? null);

async function siteText(path: string): Promise<string> {
  const tab = await page.context().newPage();
  await tab.goto(`${siteUrl}${path}`, { waitUntil: "load" });
  const text = (await tab.locator("main").textContent()) ?? "";
  await tab.close();
  return text;
}

/** The panel reads the mapping on demand; a click before the screen has hydrated is tried again. */
async function showProperties() {
  await page.waitForLoadState("networkidle");
  const mapping = page.getByTestId("property-mapping");
  await expect
    .poll(
      async () => {
        if (!(await mapping.isVisible())) await page.getByRole("button", { name: "Show the database's properties" }).click({ timeout: 2000 }).catch(() => undefined);
        return mapping.isVisible();
      },
      { timeout: 30_000, message: "the Database properties panel" },
    )
    .toBe(true);
}

describe("mapping a blog database's own property names", () => {
  it("offers the mapping under the page check's message, and creates the blog once the fields are mapped", async () => {
    await page.goto(`${s.app.url}/dashboard`);
    await page.waitForURL(/\/signin\?/);
    await page.getByLabel("Email (test login)").fill("mapper@example.com");
    await page.getByRole("button", { name: "Sign in with test login" }).click();
    await page.waitForURL(`${s.app.url}/dashboard`);
    await page.goto(`${s.app.url}/new-site`);
    await page.getByRole("radio", { name: /Blog/ }).check();
    await page.getByLabel("2. Your public Notion page").fill(workspaceIndex.ownNamesBlog!);

    // The message stays exactly as the spec writes it; the form offers only properties of a fitting type.
    await expect.poll(() => page.getByTestId("notion-page-problem").textContent()).toBe(NOTION_PAGE_MESSAGES.missingProperties(["date", "description", "tags", "authors", "hidden"]));
    const mapping = page.getByTestId("property-mapping");
    await mapping.waitFor();
    expect(await page.locator("#map-date option").allTextContents()).toEqual(["Choose a property…", "Went out on (date)"]);
    expect(await page.getByRole("button", { name: "Create site" }).isDisabled()).toBe(true);

    await page.locator("#map-date").selectOption("Went out on");
    await page.locator("#map-description").selectOption("Gist");
    await page.locator("#map-tags").selectOption("Shelf");
    await page.locator("#map-hidden").selectOption("Keep private");
    // The database has no author property: the blog can do without.
    await page.locator("#map-authors").selectOption({ label: "Not used" });
    await page.getByText("This page works for a blog.").waitFor();

    await page.getByLabel("3. Its address").fill(SUBDOMAIN);
    await page.getByTestId("site-address").waitFor();
    await page.getByRole("button", { name: "Create site" }).click();
    await page.waitForURL(/\/dashboard\/sites\/[^/?]+\?created=1$/, { timeout: 60_000 });
    siteUrl = `http://blog.${SUBDOMAIN}.localhost:${s.app.port}`;
    expect(await page.getByTestId("created-site-url").textContent()).toBe(siteUrl);
    await expect.poll(() => page.getByTestId("first-sync").textContent(), { timeout: 20_000 }).toContain("Synced from Notion");
    await page.keyboard.press("Escape");

    const home = await siteText("/");
    expect(home).toContain("Rigging a dinghy alone");
    expect(home).toContain("Reading a forecast at dawn");
    expect(home).toContain("Three knots and a lot of patience.");
    // "Keep private" is ticked on the third letter: hidden.
    expect(home).not.toContain("Letter still in the drawer");
    expect(await siteText("/tag/weather")).toContain("Reading a forecast at dawn");
  });

  it("shows the mapping in General → Database properties, and keeps a change", async () => {
    await page.getByRole("link", { name: "General", exact: true }).click();
    await showProperties();
    // Polled: on a loaded machine the panel can show before its fields are rendered.
    await expect.poll(() => page.locator("select[id^=map-]").evaluateAll((els) => els.map((el) => el.id)), { timeout: 20_000 }).toContain("map-date");
    expect(await selected("date")).toBe("Went out on (date)");
    expect(await selected("hidden")).toBe("Keep private (checkbox)");

    await page.locator("#map-description").selectOption({ label: "Not used" });
    await page.getByRole("button", { name: "Save properties" }).click();
    await page.getByText("Saved", { exact: true }).first().waitFor();

    await page.reload();
    await showProperties();
    expect(await selected("description")).toBe("Not used");
    expect(await selected("tags")).toBe("Shelf (multi-select)");
    // The site follows: the summaries are gone, the posts stay.
    await expect.poll(() => siteText("/"), { timeout: 20_000 }).not.toContain("Three knots and a lot of patience.");
    expect(await siteText("/")).toContain("Rigging a dinghy alone");
  });
});
