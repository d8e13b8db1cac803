import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Frame, Page } from "playwright-core";
import { launchBrowser } from "./browser";
import { createPaddleStub, type PaddleStub } from "../../tools/paddle-stub/server";
import { createAiStub, type AiStub } from "../../tools/ai-stub/server";
import { getSession } from "../helpers/auth-client";
import { rpc, signedIn } from "../helpers/rpc-client";
import { startSitesApp, workspaceIndex, type SitesApp } from "../helpers/sites";

/**
 * A lapsed plan in Chromium (security review, finding 1): a Pro docs site with a password and the chatbot; its
 * subscription is cancelled through the Paddle stand-in's API (which sends the signed webhook). The owner's dashboard
 * says what lapsed, the site stays locked, the chat a visitor has open answers that the assistant is unavailable;
 * renewing in the dashboard (Paddle.js stand-in) brings everything back with nothing lost.
 */

const API_KEY = "pdl_e2e_apikey_lapse_0123456789";
const SECRET = "pdl_ntfset_e2e_lapse_secret_0123456789";
const PASSWORD = "lapse-pass-1";
const QUESTION = "How do I send custom events?";

let paddle: PaddleStub;
let aiStub: AiStub;
let s: SitesApp;
let browser: Browser;
let owner: Page;
let visitorContext: BrowserContext;
let visitor: Page;
let subscriptionId: string;
const pageErrors: string[] = [];

const siteUrl = (path = "/") => `http://${s.hosts[0]}${path}`;

async function chatFrame(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector("[data-pagewright-widget] >> iframe");
  const frame = (await handle.contentFrame())!;
  await frame.waitForURL(/\/_\/chat/);
  await frame.waitForLoadState("load");
  return frame;
}

/** Asks in the open chat; the answer once it has finished (the chat drops aria-busy then). */
async function ask(frame: Frame): Promise<string> {
  const before = await frame.locator(".msg.assistant").count();
  await frame.getByLabel("Your question").fill(QUESTION);
  await frame.getByRole("button", { name: "Send", exact: true }).click();
  const answer = frame.locator(".msg.assistant").nth(before);
  await answer.waitFor();
  await expect.poll(() => answer.getAttribute("aria-busy"), { timeout: 20_000 }).toBeNull();
  return answer.innerText();
}

beforeAll(async () => {
  paddle = await createPaddleStub({ apiKey: API_KEY, webhookSecret: SECRET });
  aiStub = await createAiStub();
  s = await startSitesApp([{ siteType: "docs", page: workspaceIndex.docs!, settings: { name: "Lapse Docs", ai: { assistantName: "Lumen Bot" } } }], {
    env: { PADDLE_API_KEY: API_KEY, PADDLE_WEBHOOK_SECRET: SECRET, PADDLE_CLIENT_TOKEN: "test_e2e_client_token", PADDLE_API_BASE: paddle.url, AI_BASE_URL: aiStub.baseUrl, AI_MODEL: "stub-model" },
  });
  await fetch(`${paddle.url}/__stub/config`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ webhookUrl: `${s.app.url}/api/webhooks/paddle` }) });

  // Pro, with a password and the chatbot: set up over the API (the upgrade in the browser is tests/e2e/billing.test.ts).
  const jar = await signedIn(s.app.url, s.ownerEmails[0]!);
  const userId = (await getSession(s.app.url, jar))!.user.id;
  const checkout = (await (
    await fetch(`${paddle.url}/__stub/checkout`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ priceId: "pri_pro_monthly", customData: { userId, siteId: s.siteIds[0] } }) })
  ).json()) as { subscription: { id: string } };
  subscriptionId = checkout.subscription.id;
  for (const [method, params] of [
    ["updateSitePassword", { siteId: s.siteIds[0], password: PASSWORD }],
    ["upsertAiCustomization", { siteId: s.siteIds[0], ai: { enabled: true } }],
    ["updateSite", { siteId: s.siteIds[0], settings: { showBadge: false } }],
  ] as const) {
    const reply = await rpc(s.app.url, jar, "site", method, params);
    if (reply.body.error) throw new Error(`${method}: ${reply.body.error.message}`);
  }

  browser = await launchBrowser(["--host-resolver-rules=MAP *.localhost 127.0.0.1"]);
  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const standIn = await (await fetch(`${paddle.url}/paddle.js`)).text();
  await ownerContext.route("https://cdn.paddle.com/**", (route) => route.fulfill({ status: 200, contentType: "text/javascript", body: standIn }));
  owner = await ownerContext.newPage();
  owner.on("pageerror", (err) => pageErrors.push(err.message));
  visitorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  visitor = await visitorContext.newPage();
  visitor.on("pageerror", (err) => pageErrors.push(err.message));
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
  await paddle?.close();
  await aiStub?.close();
});

describe("a Pro site whose subscription ends, in Chromium", () => {
  let frame: Frame;

  it("while Pro: the visitor unlocks the site with the password and the chatbot answers; no badge", async () => {
    await visitor.goto(siteUrl("/"));
    await visitor.getByLabel("Password").fill(PASSWORD);
    await visitor.getByRole("button", { name: "Continue" }).click();
    await visitor.getByRole("button", { name: "Ask Lumen Bot" }).waitFor();
    expect(await visitor.getByText("Published with").count()).toBe(0);
    await visitor.getByRole("button", { name: "Ask Lumen Bot" }).click();
    frame = await chatFrame(visitor);
    const answer = await ask(frame);
    expect(answer).not.toContain("not available");
  });

  it("cancelled through the Paddle stand-in: the dashboard says what lapsed and how to restore it", async () => {
    const res = await fetch(`${paddle.url}/subscriptions/${subscriptionId}/cancel`, {
      method: "POST",
      headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ effective_from: "immediately" }),
    });
    expect(res.status).toBe(200);
    await expect
      .poll(async () => ((await (await fetch(`${paddle.url}/__stub/webhooks`)).json()) as { eventType: string; body: string }[]).map((d) => [d.eventType, JSON.parse(d.body).outcome]))
      .toContainEqual(["subscription.canceled", "applied"]);

    await owner.goto(`${s.app.url}/signin`);
    await owner.getByLabel("Email (test login)").fill(s.ownerEmails[0]!);
    await owner.getByRole("button", { name: "Sign in with test login" }).click();
    await owner.waitForURL(`${s.app.url}/dashboard`);
    await owner.goto(`${s.app.url}/dashboard/sites/${s.siteIds[0]}`);
    const banner = owner.getByTestId("plan-lapse");
    const text = await banner.innerText();
    expect(text).toMatch(/^Your Pro plan ended on \w+ \d{1,2}, \d{4}\./);
    expect(text).toContain("The AI chatbot and hiding the badge are paused; your settings are kept.");
    expect(text).toContain("Your site stays password-protected: the password still works for your visitors");
    await banner.getByRole("link", { name: "Renew Pro" }).click();
    await owner.waitForURL(`${s.app.url}/dashboard/sites/${s.siteIds[0]}/plan`);
    await expect.poll(() => owner.getByTestId("plan-label").textContent()).toBe("Free");
  });

  it("the site stays locked, the open chat says the assistant is unavailable, and the badge is back", async () => {
    const answer = await ask(frame);
    expect(answer).toContain("The assistant is not available on this site.");
    // A new visitor without the password still gets only the password form.
    const stranger = await browser.newContext();
    const page = await stranger.newPage();
    const res = await page.goto(siteUrl("/"));
    expect(res!.status()).toBe(401);
    await page.getByLabel("Password").waitFor();
    expect(await page.content()).not.toContain("Lumen");
    await stranger.close();
    // The visitor with the password reads on: the badge shows, no chat launcher.
    await visitor.reload();
    await visitor.getByText("Published with").waitFor();
    expect(await visitor.getByRole("button", { name: "Ask Lumen Bot" }).count()).toBe(0);
  });

  it("renewing in the dashboard brings everything back; nothing was lost", async () => {
    await owner.getByRole("button", { name: "Upgrade to Pro monthly" }).click();
    const overlay = owner.getByRole("dialog", { name: "Paddle checkout" });
    await overlay.waitFor();
    await overlay.getByRole("button", { name: "Pay now" }).click();
    await owner.getByText("You're upgraded: every Pro feature is on for this site.").waitFor({ timeout: 30_000 });
    await expect.poll(() => owner.getByTestId("plan-lapse").count(), { timeout: 10_000 }).toBe(0);

    // Same password (the visitor's cookie still opens it), no badge, the chatbot answers again.
    await visitor.reload();
    const launcher = visitor.getByRole("button", { name: "Ask Lumen Bot" });
    await launcher.waitFor();
    expect(await visitor.getByText("Published with").count()).toBe(0);
    await launcher.click();
    const again = await chatFrame(visitor);
    expect(await ask(again)).not.toContain("not available");
    await owner.goto(`${s.app.url}/dashboard/sites/${s.siteIds[0]}/password`);
    expect(await owner.getByTestId("password-state").textContent()).toContain("This site is protected");
    expect(pageErrors).toEqual([]);
  });
});
