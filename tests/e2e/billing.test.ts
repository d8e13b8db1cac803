import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./browser";
import { createPaddleStub, type PaddleStub } from "../../tools/paddle-stub/server";
import { startSitesApp, workspaceIndex, type SitesApp } from "../helpers/sites";

/**
 * The upgrade flow in Chromium (issue 10): billing on against the Paddle stand-in. @paddle/paddle-js loads its script
 * from Paddle's CDN, which page.route answers with the stand-in's Paddle.js; paying makes the stand-in server send the
 * signed webhook to the product, and the dashboard waits (streamed) until the site is Pro. Conversion tracking is on
 * (POSTHOG_KEY) and PostHog's capture endpoint is answered by a collector here, so the purchase event is checked.
 */

const API_KEY = "pdl_e2e_apikey_0123456789";
const SECRET = "pdl_ntfset_e2e_secret_0123456789";

let paddle: PaddleStub;
let s: SitesApp;
let browser: Browser;
let page: Page;
const captured: { event: string; properties: Record<string, unknown> }[] = [];
const outside: string[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  paddle = await createPaddleStub({ apiKey: API_KEY, webhookSecret: SECRET });
  s = await startSitesApp([{ siteType: "blog", page: workspaceIndex.blog, settings: { name: "Upgrade Blog" } }], {
    env: { PADDLE_API_KEY: API_KEY, PADDLE_WEBHOOK_SECRET: SECRET, PADDLE_CLIENT_TOKEN: "test_e2e_client_token", PADDLE_API_BASE: paddle.url, POSTHOG_KEY: "phc_e2e_key" },
  });
  await fetch(`${paddle.url}/__stub/config`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ webhookUrl: `${s.app.url}/api/webhooks/paddle` }) });
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const standIn = await (await fetch(`${paddle.url}/paddle.js`)).text();
  await context.route("https://cdn.paddle.com/**", (route) => route.fulfill({ status: 200, contentType: "text/javascript", body: standIn }));
  await context.route("https://us.i.posthog.com/**", async (route) => {
    captured.push(JSON.parse(route.request().postData() ?? "{}") as (typeof captured)[number]);
    await route.fulfill({ status: 200, contentType: "application/json", body: '{"status":"Ok"}' });
  });
  page = await context.newPage();
  page.on("pageerror", (err) => pageErrors.push(err.message));
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (!["localhost", "127.0.0.1"].includes(url.hostname) && !url.hostname.endsWith(".localhost")) outside.push(url.origin);
  });
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
  await paddle?.close();
});

describe("upgrading a site in Chromium", () => {
  it("a free site's owner pays through the Paddle overlay and sees “you're upgraded” once the webhook lands", async () => {
    await page.goto(`${s.app.url}/signin`);
    await page.getByLabel("Email (test login)").fill(s.ownerEmails[0]!);
    await page.getByRole("button", { name: "Sign in with test login" }).click();
    await page.waitForURL(`${s.app.url}/dashboard`);
    await page.goto(`${s.app.url}/dashboard/sites/${s.siteIds[0]}/plan`);
    await expect.poll(() => page.getByTestId("plan-label").textContent()).toBe("Free");

    await page.getByRole("button", { name: "Upgrade to Pro monthly" }).click();
    const overlay = page.getByRole("dialog", { name: "Paddle checkout" });
    await overlay.waitFor();
    expect(await overlay.textContent()).toContain("Pro monthly: 12.00 USD per month");
    await overlay.getByRole("button", { name: "Pay now" }).click();

    await page.getByText("You're upgraded: every Pro feature is on for this site.").waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId("plan-label").textContent(), { timeout: 10_000 }).toBe("Pro (active)");
    expect(await page.getByText("$12.00 per billing period").count()).toBe(1);
    // The notice stays once the refreshed page shows Pro (it used to vanish with the upgrade buttons).
    expect(await page.getByText("You're upgraded: every Pro feature is on for this site.").isVisible()).toBe(true);

    // The webhook the stand-in sent was the one that did it.
    const deliveries = (await (await fetch(`${paddle.url}/__stub/webhooks`)).json()) as { eventType: string; status: number; body: string }[];
    expect(deliveries.map((d) => [d.eventType, d.status, JSON.parse(d.body).outcome])).toEqual([["subscription.created", 200, "applied"]]);
  });

  it("tracked checkout start and the purchase, with value and currency, once each", () => {
    const upgrades = captured.filter((c) => c.event === "upgrade");
    expect(upgrades).toHaveLength(1);
    expect(upgrades[0]!.properties).toMatchObject({ value: 12, currency: "USD", plan: "pro" });
    expect(captured.filter((c) => c.event === "upgrade intent")).toHaveLength(1);
  });

  it("the site can now use a paid feature (password) from the dashboard", async () => {
    await page.getByRole("link", { name: "Password", exact: true }).click();
    await page.locator("input[type=password]").fill("pro-password");
    await page.getByRole("button", { name: "Protect with password" }).click();
    // The save makes a scrypt hash and reloads the screen's state: more than the poll's default second on a busy machine.
    await expect.poll(() => page.getByTestId("password-state").textContent(), { timeout: 15_000 }).toContain("This site is protected");
    expect((await s.get(s.hosts[0]!, "/")).status).toBe(401);
  });

  it("loaded nothing from outside but Paddle's script and PostHog, and threw no page errors", () => {
    expect([...new Set(outside)].sort()).toEqual(["https://cdn.paddle.com", "https://us.i.posthog.com"]);
    expect(pageErrors).toEqual([]);
  });
});
