import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { NOTION_PAGE_MESSAGES } from "@/lib/notion-page-rules";
import { launchBrowser, signInThrough } from "./browser";
import { createNotionApiStub, type NotionApiStub } from "../../tools/notion-api-stub/server";
import { RecordMapBuilder, notionUrl, type BodyBlock } from "../helpers/notion-records";
import { startSitesApp, type SitesApp } from "../helpers/sites";

/**
 * In Chromium: an owner pastes an internal integration secret, picks a page of 30 sub-pages that does not suit a blog
 * (said at once, before Create), creates a docs site from it, and watches the first sync's progress in the dashboard
 * (at 5 Notion requests a second it takes half a minute); then finds the connection on the account screen and
 * disconnects it after a confirm that names the site. The steps share one page and run in order.
 */

const ROWS = 30;
const ws = new RecordMapBuilder();
const body = (i: number): BodyBlock[] => Array.from({ length: 33 }, (_, j) => ({ type: "text", text: `Paragraph ${j} of guide ${i}.` }));
// A page of 30 sub-pages (a page tree: the picker's database ids are another helper's to fix).
const handbookId = ws.page("Handbook", [
  { type: "text", text: "Everything about the handbook." },
  ...Array.from({ length: ROWS }, (_, i): BodyBlock => ({ type: "page", title: `Guide ${i + 1}`, body: body(i + 1) })),
]);

let api: NotionApiStub;
let s: SitesApp;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  const dir = ws.write();
  // The stand-in's default secret shares the roots its index names.
  fs.writeFileSync(path.join(dir, "index.json"), JSON.stringify({ handbook: notionUrl("Handbook", handbookId) }));
  api = await createNotionApiStub({ dataDir: dir });
  s = await startSitesApp([], {
    workspaceDir: dir,
    env: { NOTION_OFFICIAL_API_BASE: api.url, NOTION_FILE_HOSTS: api.url, NOTION_REQUESTS_PER_SECOND: "5", REVALIDATE_SECONDS: "3600" },
  });
  browser = await launchBrowser(["--host-resolver-rules=MAP *.localhost 127.0.0.1"]);
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.on("pageerror", (err) => pageErrors.push(err.message));
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
  await api?.close();
});

describe("a connected site from the form to its first sync", () => {
  it("checks the picked page live, before Create, with the page rules' message", async () => {
    await signInThrough(page, s.app.url, "/new-site", "first-sync-owner@example.com");
    await page.getByText("Connect Notion (private pages)").click();
    await page.getByText("Or paste an internal integration secret").click();
    await page.getByLabel("Internal integration secret").fill(api.internalSecret);
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByRole("radio", { name: /^Blog/ }).check();
    await page.getByRole("radio", { name: "Handbook", exact: true }).check();
    await page.getByLabel("3. Its address").fill("handbook");
    await expect.poll(() => page.getByTestId("notion-page-problem").textContent(), { timeout: 20_000 }).toBe(NOTION_PAGE_MESSAGES.notDatabase);
    await expect.poll(() => page.getByTestId("site-address").textContent()).toBe(`blog.handbook.localhost:${s.app.port}`);
    expect(await page.getByRole("button", { name: "Create site" }).isDisabled()).toBe(true);
  });

  it("creates the site at once and shows the first sync's progress until it is published", async () => {
    await page.getByRole("radio", { name: /^Docs/ }).check();
    await expect.poll(() => page.getByTestId("page-check-status").textContent(), { timeout: 20_000 }).toBe("This page works for a docs site.");
    await expect.poll(() => page.getByRole("button", { name: "Create site" }).isEnabled()).toBe(true);
    await page.getByRole("button", { name: "Create site" }).click();
    await page.waitForURL(/\/dashboard\/sites\/[^/?]+\?created=1$/, { timeout: 20_000 });
    // Pages read of pages found, while the sync runs (31: the page and its 30 sub-pages).
    await expect.poll(() => page.getByTestId("first-sync").textContent(), { timeout: 30_000 }).toMatch(new RegExp(`Publishing from Notion: ([1-9]|[12][0-9]|30) of ${ROWS + 1} pages read`));
    const visitor = await page.context().newPage();
    const answer = await visitor.goto(`http://handbook.localhost:${s.app.port}/`);
    expect(answer?.status()).toBe(503);
    expect(await visitor.textContent("h1")).toBe("Being published");
    await expect.poll(() => page.getByTestId("first-sync").textContent(), { timeout: 120_000 }).toContain("Synced from Notion");
    const published = await visitor.goto(`http://handbook.localhost:${s.app.port}/`);
    expect(published?.status()).toBe(200);
    expect(await visitor.content()).toContain("Guide 1");
    await visitor.close();
    await page.keyboard.press("Escape");
  }, 180_000);

  it("lists the connection on the account screen and disconnects it after saying what happens to its site", async () => {
    await page.goto(`${s.app.url}/dashboard/account`);
    const row = page.getByTestId("notion-connection");
    await expect.poll(() => row.getByTestId("connection-state").textContent()).toBe("Connected · Used by Handbook");
    await row.getByRole("button", { name: "Disconnect" }).click();
    await expect.poll(() => page.getByTestId("disconnect-consequence").textContent()).toContain("The site “Handbook” stays online with the pages last synced");
    await page.getByRole("dialog").getByRole("button", { name: "Disconnect" }).click();
    await expect.poll(() => row.getByTestId("connection-state").textContent()).toBe("Disconnected · Used by Handbook");
    expect(await row.getByRole("button", { name: "Disconnect" }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
