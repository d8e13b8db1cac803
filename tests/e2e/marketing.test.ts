import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./browser";
import { FAQS } from "@/marketing-site/content/landing";
import { formatPrice } from "@/lib/currency";
import { PLANS } from "@/lib/plans";

/**
 * The product's own website in Chromium (issue 13), at desktop width and at 360 px: nav dropdown and mobile menu,
 * FAQ accordion, modal and video modal (each closed by Escape and by the backdrop), pricing from the plan table,
 * site-type and docs pages, and a sign-up link whose signupReason reaches signup tracking.
 */

const appUrl = inject("appUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function newPage(width: number, height = 900): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
  return { page, errors };
}

const isOpen = (page: Page, selector: string) => page.locator(selector).evaluate((el) => (el as HTMLDetailsElement).open);

describe("the landing page at desktop width", () => {
  let page: Page;
  let errors: string[];
  const scripts: string[] = [];
  beforeAll(async () => {
    ({ page, errors } = await newPage(1280));
    page.on("request", (req) => req.resourceType() === "script" && scripts.push(new URL(req.url()).pathname));
    await page.goto(`${appUrl}/`, { waitUntil: "load" });
  });

  it("loads one small script of its own and no framework", () => {
    expect(scripts).toEqual(["/_website/site.js"]);
  });
  afterAll(() => page.context().close());

  it("shows the hero, the browser mockup with the demo screenshot, and the light theme", async () => {
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Your Notion pages, as fast websites you own");
    const shot = page.getByRole("img", { name: /Lumen demo blog/ });
    await expect.poll(() => shot.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await page.locator("figure").first().textContent()).toContain("blog.lumen.com");
    expect(await page.evaluate(() => document.documentElement.classList.contains("light"))).toBe(true);
    expect(await page.getByRole("listitem").filter({ hasText: "llms.txt" }).count()).toBeGreaterThan(0);
  });

  it("opens the Site types dropdown, closes it with Escape and with a click outside", async () => {
    const button = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Site types" });
    const roadmap = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Roadmap/ });
    expect(await roadmap.isVisible()).toBe(false);
    await button.click();
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    await roadmap.waitFor({ state: "visible" });
    await page.keyboard.press("Escape");
    await roadmap.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Site types");

    await button.click();
    await roadmap.waitFor({ state: "visible" });
    await page.mouse.click(8, 600); // the hero's background, outside the open dropdown
    await roadmap.waitFor({ state: "hidden" });
    expect(await button.getAttribute("aria-expanded")).toBe("false");

    await button.click();
    await roadmap.click();
    await page.waitForURL(`${appUrl}/site-types/roadmap`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("A public roadmap from a Notion board");
    await page.goBack();
    await page.waitForURL(`${appUrl}/`);
  });

  it("opens one FAQ answer at a time and closes it again", async () => {
    const items = page.getByTestId("faq-item");
    expect(await items.count()).toBe(FAQS.length);
    const answer = page.getByText(FAQS[0]!.content);
    expect(await answer.isVisible()).toBe(false);
    await page.getByText(FAQS[0]!.heading).click();
    await answer.waitFor({ state: "visible" });
    await page.getByText(FAQS[1]!.heading).click();
    await page.getByText(FAQS[1]!.content).waitFor({ state: "visible" });
    expect(await isOpen(page, `[data-testid=faq-item] >> nth=0`)).toBe(false);
    await page.getByText(FAQS[1]!.heading).click();
    await page.getByText(FAQS[1]!.content).waitFor({ state: "hidden" });
  });

  it("opens the modal and closes it with Escape, then with the backdrop", async () => {
    const dialog = page.getByRole("dialog", { name: /Self-host/ });
    const opener = page.getByRole("button", { name: "Run it yourself" });
    await opener.click();
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("npm install && npm start");
    // Focus moves into the modal and Tab keeps it there.
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent);
    expect(await focused()).toBe("Read the self-hosting guide");
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("Close");
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("Read the self-hosting guide");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Run it yourself");

    await opener.click();
    await dialog.waitFor();
    await page.getByTestId("dialog-backdrop").click({ position: { x: 5, y: 5 } });
    await dialog.waitFor({ state: "detached" });
  });

  it("opens the video modal with a real local video that loads, and closes it with Escape and the backdrop", async () => {
    expect(await page.locator("video").count()).toBe(0);
    await page.getByRole("button", { name: "Watch the tour" }).click();
    const dialog = page.getByRole("dialog", { name: "A tour of a published site" });
    await dialog.waitFor();
    const video = dialog.locator("video");
    expect(await video.getAttribute("src")).toBe("/marketing/tour.webm");
    // Metadata decoded: the file exists, is a video, and is several seconds long.
    await expect.poll(() => video.evaluate((v) => (v as HTMLVideoElement).readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    expect(await video.evaluate((v) => (v as HTMLVideoElement).videoWidth)).toBe(1280);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await page.locator("video").count()).toBe(0);

    await page.getByRole("button", { name: "Watch the tour" }).click();
    await dialog.waitFor();
    await page.getByTestId("dialog-backdrop").click({ position: { x: 5, y: 5 } });
    await dialog.waitFor({ state: "detached" });
  });

  it("loaded without errors", () => {
    expect(errors).toEqual([]);
  });
});

describe("the other marketing pages", () => {
  it("keeps a signupReason from the address of any page of the website", async () => {
    const { page, errors } = await newPage(1280);
    await page.goto(`${appUrl}/docs?signupReason=newsletter`, { waitUntil: "load" });
    await expect.poll(() => page.evaluate(() => localStorage.getItem("signupReason"))).toBe("newsletter");
    await page.goto(`${appUrl}/pricing`, { waitUntil: "load" });
    expect(await page.evaluate(() => localStorage.getItem("signupReason"))).toBe("newsletter");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("builds the pricing page from the plan table, with sign-up links carrying signupReason", async () => {
    const { page, errors } = await newPage(1280);
    await page.goto(`${appUrl}/pricing`);
    const whole = { wholeAsWhole: true };
    expect(await page.getByTestId("price-pro").textContent()).toBe(formatPrice(PLANS.pro.monthlyUsd, "USD", "en-US", whole));
    expect(await page.getByTestId("price-free").textContent()).toBe("$0");
    expect(await page.getByTestId("plan-pro").textContent()).toContain(`or ${formatPrice(PLANS.pro.yearlyUsd, "USD", "en-US", whole)} a year`);
    const cta = page.getByRole("link", { name: `Start with ${PLANS.pro.name}` });
    const href = new URL((await cta.getAttribute("href"))!, appUrl);
    expect(href.pathname).toBe("/signin");
    expect(href.searchParams.get("signupReason")).toBe("pricing-pro");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("explains a site type with the exact Notion properties and links into /new-site", async () => {
    const { page, errors } = await newPage(1280);
    await page.goto(`${appUrl}/site-types/blog`);
    const rows = page.locator("table tbody th");
    expect(await rows.allTextContents()).toEqual(["Name", "Date", "Description", "Tags", "Authors", "Hidden"]);
    const href = new URL((await page.getByRole("link", { name: "Create a blog" }).getAttribute("href"))!, appUrl);
    expect(href.searchParams.get("callbackUrl")).toBe("/new-site?siteType=blog");
    expect(href.searchParams.get("signupReason")).toBe("site-type-blog");
    expect((await page.goto(`${appUrl}/site-types/no-such-type`))!.status()).toBe(404);
    expect(errors.filter((e) => !e.includes("404"))).toEqual([]);
    await page.context().close();
  });

  it("shows the docs-path page with the proxy examples, and the help screen's picture", async () => {
    const { page, errors } = await newPage(1280);
    await page.goto(`${appUrl}/docs/features/hosting-under-a-docs-path`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Hosting under a docs path");
    expect(await page.locator("pre").allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining("proxy_pass https://acme.example.site;"), expect.stringContaining("header_up Host {upstream_hostport}")]),
    );
    await page.goto(`${appUrl}/help/make-a-notion-page-public`);
    const picture = page.getByRole("img", { name: /Publish to web/ });
    await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe("at 360 px", () => {
  const PAGES = ["/", "/pricing", "/site-types/blog", "/docs", "/docs/features/hosting-under-a-docs-path", "/docs/features/custom-domains", "/help/make-a-notion-page-public"];

  it("no marketing page scrolls sideways", async () => {
    const { page, errors } = await newPage(360, 740);
    for (const path of PAGES) {
      await page.goto(`${appUrl}${path}`, { waitUntil: "load" });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("opens the menu, closes it with Escape, the backdrop and by following a link", async () => {
    const { page } = await newPage(360, 740);
    await page.goto(`${appUrl}/`);
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
    const open = page.getByRole("button", { name: "Open menu" });
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await open.click();
    await mobileNav.waitFor({ state: "visible" });
    expect(await page.getByRole("button", { name: "Close menu" }).getAttribute("aria-expanded")).toBe("true");
    // Sign in and the call to action open the menu, in view; the page behind does not scroll (review M7).
    const first = (await page.locator("#mobile-menu a").first().boundingBox())!;
    expect(first.y + first.height).toBeLessThan(200);
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe("hidden");
    await page.keyboard.press("Escape");
    await mobileNav.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe("");

    await open.click();
    await mobileNav.waitFor({ state: "visible" });
    // The panel stops short of the bottom, leaving the backdrop to click.
    await page.mouse.click(180, 725);
    await mobileNav.waitFor({ state: "hidden" });

    await open.click();
    await page.getByRole("button", { name: "Close menu" }).click();
    await mobileNav.waitFor({ state: "hidden" });

    await open.click();
    await mobileNav.getByRole("link", { name: "Pricing" }).click();
    await page.waitForURL(`${appUrl}/pricing`);
    await mobileNav.waitFor({ state: "hidden" });
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Simple pricing, per site");
    await page.context().close();
  });
});

describe("signing up from the landing page", () => {
  it("carries signupReason through sign-in to signup tracking, once", async () => {
    const { page, errors } = await newPage(1280);
    const tracked: { params: { signupReason?: string; utcOffset?: number } }[] = [];
    page.on("request", (req) => {
      if (req.url().endsWith("/api/user") && req.postData()?.includes('"trackUserData"')) tracked.push(JSON.parse(req.postData()!));
    });
    await page.goto(`${appUrl}/`);
    await page.getByRole("link", { name: "Create your site — free" }).click();
    await page.waitForURL(/\/signin\?/);
    expect(new URL(page.url()).searchParams.get("signupReason")).toBe("hero");
    await page.getByLabel("Email (test login)").fill(`landing-${Date.now()}@example.com`);
    await page.getByRole("button", { name: "Sign in with test login" }).click();
    await page.waitForURL(`${appUrl}/new-site`);
    // The flag is stored only after the server answered the tracking call.
    await page.waitForFunction(() => localStorage.getItem("signupTracked") === "1");
    expect(tracked.length).toBeGreaterThanOrEqual(1);
    const offset = await page.evaluate(() => Math.round(-new Date().getTimezoneOffset() / 60) || 0);
    for (const call of tracked) expect(call.params).toEqual({ signupReason: "hero", utcOffset: offset });
    expect(await page.evaluate(() => localStorage.getItem("signupReason"))).toBeNull();
    const sent = tracked.length;

    // Tracked once: another page of the same session sends nothing more.
    await page.goto(`${appUrl}/pricing`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(tracked).toHaveLength(sent);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("a signed-in owner following a site-type link goes straight to /new-site with that type chosen", async () => {
    const { page } = await newPage(1280);
    await page.goto(`${appUrl}/signin`);
    await page.getByLabel("Email (test login)").fill(`returning-${Date.now()}@example.com`);
    await page.getByRole("button", { name: "Sign in with test login" }).click();
    await page.waitForURL(`${appUrl}/dashboard`);
    await page.goto(`${appUrl}/site-types/roadmap`);
    await page.getByRole("link", { name: "Create a roadmap" }).click();
    await page.waitForURL(`${appUrl}/new-site?siteType=roadmap`);
    await expect.poll(() => page.locator('input[name="siteType"][value="roadmap"]').isChecked()).toBe(true);
    await page.context().close();
  });
});
