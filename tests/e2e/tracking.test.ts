import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser } from "./browser";
import { startSitesApp, workspaceIndex, type SitesApp } from "../helpers/sites";

/**
 * Conversion tracking in Chromium (issue 11, docs/product.md §7, §9). With no tracking variables, no request leaves for another
 * host. With all of them set, every third-party host is answered here (page.route): PostHog's capture API is the
 * collector for HTTP events, and the script destinations (Google Ads' gtag, the Facebook and Twitter pixels,
 * Plausible, Crisp) are checked through the calls queued for their scripts. Each conversion an owner makes — sign-up
 * (with its signupReason), a new site, a custom domain — must arrive once, with its properties, at each destination.
 */

const THIRD_PARTY = ["googletagmanager.com", "facebook.net", "ads-twitter.com", "posthog.com", "plausible.io", "crisp.chat"];
const isLocal = (url: string) => {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "127.0.0.1" || host.endsWith(".localhost");
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

async function signUp(page: Page, appUrl: string, email: string) {
  // As the site's sign-up links do: the reason rides on the sign-in page's address.
  await page.goto(`${appUrl}/signin?signupReason=tracking-test`);
  await page.getByLabel("Email (test login)").fill(email);
  await page.getByRole("button", { name: "Sign in with test login" }).click();
  await page.waitForURL(`${appUrl}/dashboard`);
}

async function createBlog(page: Page, appUrl: string, subdomain: string) {
  await page.goto(`${appUrl}/new-site`);
  await page.getByRole("radio", { name: /Blog/ }).check();
  await page.getByLabel("2. Your public Notion page").fill(workspaceIndex.blog!);
  await page.getByText("This page works for a blog.").waitFor();
  await page.getByLabel("3. Its address").fill(subdomain);
  await page.getByTestId("site-address").waitFor();
  await expect.poll(() => page.getByRole("button", { name: "Create site" }).isEnabled()).toBe(true);
  await page.getByRole("button", { name: "Create site" }).click();
  await page.waitForURL(/\/dashboard\/sites\/[^/?]+\?created=1$/, { timeout: 60_000 });
  await page.getByRole("dialog").waitFor();
  await page.keyboard.press("Escape");
  await page.getByRole("dialog").waitFor({ state: "detached" });
}

describe("with no tracking variables", () => {
  let s: SitesApp;
  afterAll(async () => {
    await s?.stop();
  });

  it("no request leaves for another host while an owner signs up and creates a site", async () => {
    s = await startSitesApp([]);
    const context = await browser.newContext();
    const page = await context.newPage();
    const outside: string[] = [];
    page.on("request", (r) => !isLocal(r.url()) && outside.push(r.url()));
    await signUp(page, s.app.url, "quiet-owner@example.com");
    await createBlog(page, s.app.url, "quiet-blog");
    await page.goto(`${s.app.url}/dashboard`);
    await page.waitForTimeout(2500); // past the subscription lookup after sign-in
    // Without the chat widget the feedback button only warns in the console.
    const warnings: string[] = [];
    page.on("console", (m) => m.type() === "warning" && warnings.push(m.text()));
    await page.getByRole("button", { name: "Feedback" }).click();
    await expect.poll(() => warnings).toContain("[support chat] The chat widget is not loaded (set CRISP_WEBSITE_ID): the feedback button does nothing.");
    expect(await page.evaluate(() => "$crisp" in window)).toBe(false);
    expect(outside).toEqual([]);
    await context.close();
  }, 240_000);
});

describe("with every tracking variable set", () => {
  let s: SitesApp;
  let context: BrowserContext;
  let page: Page;
  const posthog: { event: string; properties: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    s = await startSitesApp([], {
      env: { GOOGLE_ADS_ID: "AW-123456", FACEBOOK_PIXEL_ID: "fb-pixel-1", TWITTER_PIXEL_ID: "twpx1", POSTHOG_KEY: "phc_test", PLAUSIBLE_DOMAIN: "app.example.com", CRISP_WEBSITE_ID: "crisp-site-1" },
    });
    context = await browser.newContext();
    for (const host of THIRD_PARTY) {
      await context.route(`https://**.${host}/**`, async (route) => {
        if (host === "posthog.com") posthog.push(JSON.parse(route.request().postData() ?? "{}") as (typeof posthog)[number]);
        // The vendors' scripts are not fetched: the calls stay queued where those scripts would read them.
        await route.fulfill({ status: 200, contentType: host === "posthog.com" ? "application/json" : "text/javascript", body: host === "posthog.com" ? "{}" : "" });
      });
      await context.route(`https://${host}/**`, (route) => route.fulfill({ status: 200, contentType: "text/javascript", body: "" }));
    }
    page = await context.newPage();
  }, 240_000);
  afterAll(async () => {
    await context?.close();
    await s?.stop();
  });

  const queued = () =>
    page.evaluate(() => {
      const w = window as unknown as Record<string, { q?: unknown[][] } & unknown[]>;
      const args = (xs: unknown) => JSON.parse(JSON.stringify(Array.from((xs ?? []) as ArrayLike<unknown>, (x) => Array.from(x as ArrayLike<unknown>))));
      return { gtag: args(w.dataLayer), fbq: args(w.fbq?.q), twq: args(w.twq?.q), plausible: args(w.plausible?.q), crisp: JSON.parse(JSON.stringify(w.$crisp ?? [])) };
    }) as Promise<{ gtag: unknown[][]; fbq: unknown[][]; twq: unknown[][]; plausible: unknown[][]; crisp: unknown[][] }>;

  it("sign-up arrives once at every destination, with the signupReason and UTC offset", async () => {
    await signUp(page, s.app.url, "tracked-owner@example.com");
    await expect.poll(() => posthog.filter((e) => e.event === "SignUp").length, { timeout: 10_000 }).toBe(1);
    expect(posthog.find((e) => e.event === "SignUp")!.properties).toMatchObject({ signupReason: "tracking-test", utcOffset: 0 });
    const q = await queued();
    expect(q.gtag.filter((c) => c[0] === "event")).toEqual([["event", "conversion", { send_to: "AW-123456/signupConversion", signupReason: "tracking-test", utcOffset: 0 }]]);
    expect(q.fbq).toEqual([["init", "fb-pixel-1"], ["track", "CompleteRegistration", { signupReason: "tracking-test", utcOffset: 0 }]]);
    expect(q.twq).toEqual([["config", "twpx1"], ["event", "tw-twpx1-SignUp", { signupReason: "tracking-test", utcOffset: 0 }]]);
    expect(q.plausible).toEqual([["SignUp", { props: { signupReason: "tracking-test", utcOffset: 0 } }]]);
    expect(q.crisp).toContainEqual(["set", "session:event", [[["SignUp", { signupReason: "tracking-test", utcOffset: 0 }]]]]);
    // Sign-up is tracked once: a reload does not send it again.
    await page.reload();
    await page.waitForTimeout(1000);
    expect(posthog.filter((e) => e.event === "SignUp")).toHaveLength(1);
  });

  it("a new site and a custom domain arrive once each, with their properties", async () => {
    await createBlog(page, s.app.url, "tracked-blog");
    await expect.poll(() => posthog.filter((e) => e.event === "new-site").length, { timeout: 10_000 }).toBe(1);
    expect(posthog.find((e) => e.event === "new-site")!.properties).toMatchObject({ siteType: "blog" });
    expect((await queued()).fbq).toContainEqual(["trackCustom", "new-site", { siteType: "blog" }]);

    await page.getByRole("link", { name: "Domain", exact: true }).click();
    // A screen that hydrates after the first fill resets the field (Save stays disabled): fill until it takes.
    await expect
      .poll(
        async () => {
          await page.getByRole("textbox", { name: "Domain" }).fill("blog.tracked.test");
          return page.getByRole("button", { name: "Save domain" }).isEnabled();
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await page.getByRole("button", { name: "Save domain" }).click();
    await expect.poll(() => posthog.filter((e) => e.event === "add-custom-domain").length, { timeout: 15_000 }).toBe(1);
    // Both happened in this document (/new-site then the dashboard, navigated client-side): once each in its queues.
    const q = await queued();
    expect(q.gtag.filter((c) => c[0] === "event").map((c) => (c[2] as { send_to: string }).send_to)).toEqual(["AW-123456/new-site", "AW-123456/add-custom-domain"]);
    expect(q.twq.filter((c) => c[0] === "event").map((c) => c[1])).toEqual(["tw-twpx1-new-site", "tw-twpx1-add-custom-domain"]);
  });

  it("turning on the widget and the AI chatbot arrive once each; saving them again sends nothing more", async () => {
    await page.getByRole("link", { name: "Widget", exact: true }).click();
    await page.getByRole("switch", { name: "Enable the widget" }).check();
    await page.getByRole("button", { name: "Save widget" }).click();
    await expect.poll(() => posthog.filter((e) => e.event === "enable-widget").length, { timeout: 10_000 }).toBe(1);
    await page.getByRole("button", { name: "Save widget" }).click();
    await page.getByRole("link", { name: "AI chatbot", exact: true }).click();
    await page.getByRole("switch", { name: "Enable the chatbot" }).check();
    await page.getByRole("button", { name: "Save chatbot" }).click();
    await expect.poll(() => posthog.filter((e) => e.event === "enable-ai-chatbot").length, { timeout: 10_000 }).toBe(1);
    expect(posthog.find((e) => e.event === "enable-ai-chatbot")!.properties).toMatchObject({ siteType: "blog" });
    await page.waitForTimeout(1000);
    expect(posthog.filter((e) => e.event === "enable-widget")).toHaveLength(1);
  });

  it("loads the support chat everywhere but /new-site, and the feedback button opens it prefilled", async () => {
    const fresh = await context.newPage();
    await fresh.goto(`${s.app.url}/new-site`);
    expect(await fresh.evaluate(() => (window as unknown as { CRISP_WEBSITE_ID?: string }).CRISP_WEBSITE_ID ?? null)).toBeNull();
    await fresh.goto(`${s.app.url}/dashboard`);
    await expect.poll(() => fresh.evaluate(() => (window as unknown as { CRISP_WEBSITE_ID?: string }).CRISP_WEBSITE_ID ?? null)).toBe("crisp-site-1");
    await fresh.getByRole("button", { name: "Feedback" }).click();
    const crisp = (await fresh.evaluate(() => JSON.parse(JSON.stringify((window as unknown as { $crisp: unknown[] }).$crisp)))) as unknown[][];
    expect(crisp).toContainEqual(["set", "message:text", ["Hi! I have some feedback: (from /dashboard)"]]);
    expect(crisp).toContainEqual(["do", "chat:open"]);
    await fresh.close();
  });
});
