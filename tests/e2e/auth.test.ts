import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newStrictPage } from "./browser";

const appUrl = inject("appUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const newPage = () => newStrictPage(browser);

// Next.js renders an empty route announcer with role=alert too; ours is the one with text.
const errorAlert = (page: Page) => page.getByRole("alert").filter({ hasText: /\S/ });

async function signIn(page: Page, email: string) {
  await page.getByLabel("Email (test login)").fill(email);
  await page.getByRole("button", { name: "Sign in with test login" }).click();
}

describe("signing in and out in Chromium", () => {
  it("sends a signed-out visitor from /dashboard to sign-in with SessionRequired, then back after signing in", async () => {
    const page = await newPage();
    await page.goto(`${appUrl}/dashboard`);
    await page.waitForURL(/\/signin\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get("error")).toBe("SessionRequired");
    expect(url.searchParams.get("callbackUrl")).toBe("/dashboard");
    expect(await errorAlert(page).textContent()).toBe("Please sign in to access this page.");

    await signIn(page, "browser-owner@example.com");
    await page.waitForURL(`${appUrl}/dashboard`);
    await page.getByTestId("signed-in-email").waitFor();
    expect(await page.getByTestId("signed-in-email").textContent()).toBe("browser-owner@example.com");
    expect(await page.getByRole("heading", { name: "Your sites" }).isVisible()).toBe(true);
    // Dashboard: dark theme, not following the system.
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await page.context().close();
  });

  it("shows the contract's message when the test login has no email", async () => {
    const page = await newPage();
    await page.goto(`${appUrl}/signin`);
    await page.getByRole("button", { name: "Sign in with test login" }).click();
    await errorAlert(page).waitFor();
    expect(await errorAlert(page).textContent()).toBe("Email is required for the test login provider");
    await page.context().close();
  });

  it("signs out from the dashboard and the dashboard is closed again", async () => {
    const page = await newPage();
    await page.goto(`${appUrl}/signin`);
    await signIn(page, "leaving@example.com");
    await page.waitForURL(`${appUrl}/dashboard`);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(`${appUrl}/`);
    // Outside the dashboard the theme is forced light.
    expect(await page.evaluate(() => document.documentElement.classList.contains("light"))).toBe(true);
    await page.goto(`${appUrl}/dashboard`);
    await page.waitForURL(/\/signin\?/);
    expect(new URL(page.url()).searchParams.get("error")).toBe("SessionRequired");
    await page.context().close();
  });

  it("keeps signupReason from any page for signup tracking", async () => {
    const page = await newPage();
    await page.goto(`${appUrl}/?signupReason=pricing-table`);
    await page.waitForFunction(() => window.localStorage.getItem("signupReason") === "pricing-table");
    await page.context().close();
  });
});
