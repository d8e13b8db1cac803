import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, signInThrough } from "./browser";
import { createNotionApiStub, type NotionApiStub } from "../../tools/notion-api-stub/server";
import { inlineDatabaseWorkspace } from "../helpers/inline-database-workspace";
import { startSitesApp, type SitesApp } from "../helpers/sites";

/**
 * The page picker in Chromium: an owner pastes an internal integration secret, picks a database the connection
 * lists and creates a blog, then a roadmap, from it. The stand-in answers as Notion's API 2025-09-03 does (search
 * lists databases as their data sources; the blog's database sits inline on a page, as many owners have it).
 */

const BLOG_DATABASE = "d70f72ef-bcc2-419b-b64c-fbaa4409e1f3";
let api: NotionApiStub;
let s: SitesApp;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

/** A post of the blog: its site shows it once built from the database. */
function firstPostTitle(): string {
  const source = [...api.workspace().dataSources.values()].find((d) => (d.parent as { database_id: string }).database_id === BLOG_DATABASE)!;
  const row = [...api.workspace().pages.values()].find((p) => (p.parent as { data_source_id?: string }).data_source_id === source.id)!;
  const title = Object.values(row.properties as Record<string, { type: string; title?: { plain_text: string }[] }>).find((p) => p.type === "title")!;
  return title.title!.map((t) => t.plain_text).join("");
}

async function createFromPicker(siteType: RegExp, database: string, subdomain: string): Promise<string> {
  await page.goto(`${s.app.url}/new-site`);
  await page.getByRole("radio", { name: siteType }).check();
  await page.getByText("Connect Notion (private pages)").click();
  await page.getByRole("radio", { name: database }).check();
  await page.getByLabel("3. Its address").fill(subdomain);
  // Site types have their address prefix (blog.…, roadmap.…).
  await expect.poll(() => page.getByTestId("site-address").textContent()).toMatch(new RegExp(`(^|\\.)${subdomain}\\.localhost:${s.app.port}$`));
  await page.getByRole("button", { name: "Create site" }).click();
  await page.waitForURL(/\/dashboard\/sites\/[^/?]+\?created=1$/, { timeout: 60_000 });
  return (await page.getByTestId("created-site-url").textContent())!;
}

beforeAll(async () => {
  api = await createNotionApiStub({ dataDir: inlineDatabaseWorkspace("blog.json", BLOG_DATABASE) });
  s = await startSitesApp([], { env: { NOTION_OFFICIAL_API_BASE: api.url, NOTION_FILE_HOSTS: api.url, REVALIDATE_SECONDS: "3600" } });
  browser = await launchBrowser(["--host-resolver-rules=MAP *.localhost 127.0.0.1"]);
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.on("pageerror", (err) => pageErrors.push(err.message));
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
  await api?.close();
});

describe("the page picker in Chromium", () => {
  it("adds a connection with a secret and lists its databases once each", { timeout: 60_000 }, async () => {
    await signInThrough(page, s.app.url, "/new-site", "picker-owner@example.com");
    await page.getByText("Connect Notion (private pages)").click();
    await page.getByText("Or paste an internal integration secret").click();
    await page.getByLabel("Internal integration secret").fill(api.internalSecret);
    await page.getByRole("button", { name: "Add", exact: true }).click();
    const picker = page.getByTestId("connected-page-picker");
    await picker.getByRole("radio", { name: "Lumen Blog" }).waitFor();
    expect(await picker.getByRole("radio", { name: "Lumen Blog" }).count()).toBe(1);
    expect(await picker.getByRole("radio", { name: "Lumen Roadmap" }).count()).toBe(1);
  });

  it("creates a blog from the inline database it lists, and the blog shows its posts", { timeout: 180_000 }, async () => {
    const siteUrl = await createFromPicker(/^Blog/, "Lumen Blog", "picked-blog");
    const visitor = await page.context().newPage();
    await expect
      .poll(async () => {
        await visitor.goto(`${siteUrl}/`);
        return (await visitor.content()).includes(firstPostTitle());
      }, { timeout: 60_000 })
      .toBe(true);
    await visitor.close();
  });

  it("creates a roadmap from the database it lists", { timeout: 120_000 }, async () => {
    await createFromPicker(/^Roadmap/, "Lumen Roadmap", "picked-roadmap");
    expect(pageErrors).toEqual([]);
  });
});
