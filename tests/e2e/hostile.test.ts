import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "./browser";
import { RecordMapBuilder, notionUrl } from "../helpers/notion-records";
import { addHostilePage } from "../helpers/hostile-page";
import { startSitesApp, type SitesApp } from "../helpers/sites";

/** An attacker's Notion page, opened in Chromium: nothing runs (issue 7). */
let s: SitesApp;
let browser: Browser;
beforeAll(async () => {
  const ws = new RecordMapBuilder();
  const pageId = addHostilePage(ws);
  s = await startSitesApp([{ siteType: "docs", page: notionUrl("Hostile", pageId) }], { workspaceDir: ws.write() });
  browser = await launchBrowser(["--host-resolver-rules=MAP *.localhost 127.0.0.1"]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

describe("hostile content in Chromium", () => {
  it("opens no dialog, logs no error, and clicking its links runs nothing", async () => {
    const page = await (await browser.newContext()).newPage();
    const dialogs: string[] = [];
    const errors: string[] = [];
    page.on("dialog", async (d) => {
      dialogs.push(d.message());
      await d.dismiss();
    });
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await page.goto(`http://${s.hosts[0]}/`, { waitUntil: "networkidle" });
    expect(await page.locator("text=The end of the hostile page.").count()).toBe(1);
    for (const name of ["click me", "data link", "bookmark"]) {
      // Each hostile link must still be on the page (as text) and take a real click; a missing one fails the test.
      const target = page.getByText(name, { exact: true });
      expect(await target.count(), name).toBeGreaterThan(0);
      await target.first().click({ timeout: 2000 });
    }
    expect(page.url()).toBe(`http://${s.hosts[0]}/`);
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    expect(await page.evaluate(() => document.querySelectorAll("a[href^='javascript:' i], a[href^='data:' i], iframe[src*='evil.example']").length)).toBe(0);
  });
});
