import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser } from "./browser";
import { createNotionApiStub, type NotionApiStub } from "../../tools/notion-api-stub/server";
import { notionApiStubControl } from "../../tools/notion-api-stub/control";
import { startSitesApp, WORKSPACE, workspaceIndex, type SitesApp } from "../helpers/sites";
import { expectWebhookVerification } from "../helpers/webhook-verification";

/**
 * "Connect Notion" in Chromium (issue 22): a new owner connects through the official-API stand-in's consent screen,
 * picks a page that is NOT public (the public-API stand-in does not serve it), creates a docs site with a password;
 * an edit made through the stand-in appears on the site within 3 s of its webhook, with polling out of the way
 * (REVALIDATE_SECONDS is an hour); a forged webhook changes nothing. The steps share one page and run in order.
 */

let api: NotionApiStub;
let control: ReturnType<typeof notionApiStubControl>;
let s: SitesApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let visitor: Page;
const pageErrors: string[] = [];
let siteUrl = "";
/** The site's General screen (its dashboard address without the query). */
let siteScreen = "";
const SUBDOMAIN = "private-docs";
const ROOT_TEXT_BLOCK = "6e38ea3f-d5ba-411c-a455-8ec273e7f260";

beforeAll(async () => {
  api = await createNotionApiStub({ dataDir: WORKSPACE });
  control = notionApiStubControl(api.url);
  const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), "public-ws-"));
  for (const entry of fs.readdirSync(WORKSPACE)) if (entry !== "docs.json") fs.cpSync(path.join(WORKSPACE, entry), path.join(publicDir, entry), { recursive: true });
  s = await startSitesApp([], {
    workspaceDir: publicDir,
    env: {
      NOTION_OAUTH_CLIENT_ID: api.clientId,
      NOTION_OAUTH_CLIENT_SECRET: api.clientSecret,
      NOTION_OFFICIAL_API_BASE: api.url,
      NOTION_FILE_HOSTS: api.url,
      REVALIDATE_SECONDS: "3600",
      ADMIN_EMAILS: "ops@example.com",
    },
  });
  await control.consent({ mode: "choose", pages: [] });
  await expectWebhookVerification(s.app.url);
  await expectWebhookVerification(s.app.url);
  await control.webhooks({ url: `${s.app.url}/api/webhooks/notion` });
  browser = await launchBrowser(["--host-resolver-rules=MAP *.localhost 127.0.0.1"]);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on("pageerror", (err) => pageErrors.push(err.message));
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
  await api?.close();
});

describe("Connect Notion in Chromium", () => {
  it("the docs page is not public: the public path refuses it", async () => {
    await page.goto(`${s.app.url}/new-site`);
    await page.waitForURL(/\/signin\?/);
    await page.getByLabel("Email (test login)").fill("connected-owner@example.com");
    await page.getByRole("button", { name: "Sign in with test login" }).click();
    await page.waitForURL(`${s.app.url}/new-site`);
    await page.getByRole("radio", { name: /^Docs/ }).check();
    await page.getByLabel("2. Your public Notion page").fill(workspaceIndex.docs!);
    await expect.poll(() => page.getByTestId("notion-page-problem").textContent()).toBe("The Notion page is not public, you need to share it to web first");
  });

  it("connects through Notion's consent screen and picks the private page", async () => {
    await page.getByText("Connect Notion (private pages)").click();
    await page.getByRole("link", { name: "Connect Notion" }).click();
    // The stand-in's consent screen: tick the page, allow.
    await page.getByRole("checkbox", { name: "Lumen Docs" }).check();
    await page.getByRole("button", { name: "Allow access" }).click();
    await page.waitForURL(/\/new-site\?connection=/);
    await page.getByText("Connect Notion (private pages)").waitFor();
    await page.getByRole("radio", { name: /^Docs/ }).check();
    await page.getByRole("radio", { name: "Lumen Docs" }).check();
    await page.getByLabel("3. Its address").fill(SUBDOMAIN);
    await expect.poll(() => page.getByTestId("site-address").textContent()).toBe(`${SUBDOMAIN}.localhost:${s.app.port}`);
    await page.getByRole("button", { name: "Create site" }).click();
    await page.waitForURL(/\/dashboard\/sites\/[^/?]+\?created=1$/, { timeout: 60_000 });
    siteUrl = `http://${SUBDOMAIN}.localhost:${s.app.port}`;
    siteScreen = page.url().split("?")[0]!;
    expect(await page.getByTestId("created-site-url").textContent()).toBe(siteUrl);
    await expect.poll(() => page.getByTestId("first-sync").textContent(), { timeout: 20_000 }).toContain("Synced from Notion");
    await page.keyboard.press("Escape");
    await page.getByTestId("dialog-backdrop").waitFor({ state: "detached" });
  });

  it("protects the site with a password; the visitor unlocks it and reads the private page", async () => {
    await page.getByRole("link", { name: "Password", exact: true }).click();
    await page.locator("input[type=password]").fill("open-sesame");
    await page.getByRole("button", { name: "Protect with password" }).click();
    await expect.poll(() => page.getByTestId("password-state").textContent(), { timeout: 15_000 }).toContain("This site is protected");

    visitor = await context.newPage();
    const locked = await visitor.goto(`${siteUrl}/`);
    expect(locked?.status()).toBe(401);
    expect(await visitor.content()).not.toContain("Everything you need to install Lumen");
    await visitor.getByLabel("Password").fill("open-sesame");
    await visitor.getByRole("button", { name: "Continue" }).click();
    await visitor.getByText("Everything you need to install Lumen").first().waitFor();
  });

  it("shows an edit made in Notion within 3 s of its webhook, without polling", async () => {
    const deliveredBefore = (await control.deliveries()).deliveries.length;
    await control.editBlock(ROOT_TEXT_BLOCK, "Private docs, updated live from Notion");
    // The delivery is listed once it is sent; its status once our server answered.
    await expect.poll(async () => (await control.deliveries()).deliveries.slice(deliveredBefore).find((d) => d.status !== null)?.status, { timeout: 5000 }).toBe(200);
    const delivery = (await control.deliveries()).deliveries.slice(deliveredBefore).find((d) => d.kind === "event")!;
    expect(delivery).toMatchObject({ kind: "event", type: "page.content_updated", status: 200 });
    const deadline = Date.parse(delivery.at) + 3000;
    let seen = false;
    while (!seen && Date.now() < deadline) {
      await visitor.reload();
      seen = (await visitor.content()).includes("Private docs, updated live from Notion");
    }
    expect(seen).toBe(true);
  });

  it("a forged webhook changes nothing", async () => {
    const before = await visitor.content();
    const forged = JSON.stringify({
      id: crypto.randomUUID(),
      type: "page.content_updated",
      entity: { id: "3f7f4377-0d89-4264-b389-0517768da98c", type: "page" },
      data: { updated_blocks: [{ id: ROOT_TEXT_BLOCK, type: "block" }] },
    });
    // Nothing of the real edit's refresh still running: the stand-in's call count is steady.
    let callsBefore = (await control.calls()).total;
    for (;;) {
      await new Promise((r) => setTimeout(r, 500));
      const now = (await control.calls()).total;
      if (now === callsBefore) break;
      callsBefore = now;
    }
    const res = await fetch(`${s.app.url}/api/webhooks/notion`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-notion-signature": `sha256=${crypto.createHmac("sha256", "not-the-token").update(forged).digest("hex")}` },
      body: forged,
    });
    expect(res.status).toBe(401);
    await new Promise((r) => setTimeout(r, 500));
    expect((await control.calls()).total).toBe(callsBefore);
    await visitor.reload();
    expect(await visitor.content()).toBe(before);
    expect(pageErrors).toEqual([]);
  });

  it("when Notion refuses the connection, the General screen says so and reconnects it through Notion's consent screen", async () => {
    await control.revokeOAuth();
    await page.goto(siteScreen);
    await page.getByRole("button", { name: "Sync now" }).click();
    await expect
      .poll(async () => {
        await page.reload();
        return page.getByTestId("notion-connection-refused").count();
      }, { timeout: 20_000 })
      .toBe(1);
    const notice = page.getByTestId("notion-connection-refused");
    expect(await notice.textContent()).toContain("Notion refused this site's connection");
    expect(await notice.textContent()).toContain("The grant was revoked: the user removed the connection.");
    // Visitors keep the last good pages meanwhile.
    await visitor.reload();
    expect(await visitor.content()).toContain("Private docs, updated live from Notion");

    await notice.getByRole("link", { name: "Reconnect Notion" }).click();
    await page.getByRole("checkbox", { name: "Lumen Docs" }).check();
    await page.getByRole("button", { name: "Allow access" }).click();
    await page.waitForURL(`${siteScreen}?notionReconnected=1`);
    await page.getByRole("button", { name: "Sync now" }).waitFor();
    expect(await page.getByTestId("notion-connection-refused").count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it("the dashboard links to the admin screen for operators only", async () => {
    await page.goto(`${s.app.url}/dashboard`);
    await page.getByTestId("signed-in-email").waitFor();
    expect(await page.getByRole("link", { name: "Admin", exact: true }).count()).toBe(0);

    const ops = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const opsPage = await ops.newPage();
    await opsPage.goto(`${s.app.url}/dashboard`);
    await opsPage.waitForURL(/\/signin\?/);
    await opsPage.getByLabel("Email (test login)").fill("ops@example.com");
    await opsPage.getByRole("button", { name: "Sign in with test login" }).click();
    await opsPage.waitForURL(`${s.app.url}/dashboard`);
    await opsPage.getByRole("link", { name: "Admin", exact: true }).click();
    await opsPage.waitForURL(`${s.app.url}/dashboard/admin`);
    await opsPage.getByRole("heading", { name: "Notion webhooks" }).waitFor();
    await ops.close();
  });
});
