import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, newStrictPage } from "./browser";
import { startSitesApp, workspaceIndex, type SitesApp } from "../helpers/sites";
import { createPlunkStub, type PlunkStub } from "../../tools/plunk-stub/server";
import { linkIn, sentMails, waitForMails } from "../helpers/plunk";

/**
 * Email in Chromium: magic-link sign-in from /signin to the dashboard, and a visitor subscribing on a published blog
 * and confirming from the emailed link. Mail goes to the Plunk stand-in; the links are read from it.
 */

let plunk: PlunkStub;
let s: SitesApp;
let browser: Browser;

beforeAll(async () => {
  plunk = await createPlunkStub();
  s = await startSitesApp([{ siteType: "blog", page: workspaceIndex.blog!, settings: { name: "Lumen Blog", email: { notifySubscribers: true } } }], {
    env: { PLUNK_API_KEY: plunk.apiKey, PLUNK_API_BASE: plunk.url, EMAIL_FROM: "Pagewright <hello@pagewright.test>" },
  });
  browser = await launchBrowser(["--host-resolver-rules=MAP *.localhost 127.0.0.1"]);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
  await plunk?.close();
});

const newPage = () => newStrictPage(browser);

describe("email in Chromium", () => {
  it("signs in with a link emailed from /signin and lands on the dashboard", async () => {
    const page = await newPage();
    await page.goto(`${s.app.url}/signin`);
    await page.getByLabel("Email", { exact: true }).fill("magic.owner@example.com");
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await page.getByRole("status").filter({ hasText: "Check your inbox" }).waitFor();
    expect(await page.getByRole("status").filter({ hasText: "Check your inbox" }).textContent()).toContain("magic.owner@example.com");

    const [mail] = await waitForMails(plunk.url, (m) => m.to === "magic.owner@example.com" && m.subject.startsWith("Sign in to"));
    await page.goto(linkIn(mail!, "/api/auth/callback/email"));
    await page.waitForURL(`${s.app.url}/dashboard`);
    await page.getByTestId("signed-in-email").waitFor();
    expect(await page.getByTestId("signed-in-email").textContent()).toBe("magic.owner@example.com");
    await page.context().close();
  });

  it("says so when the address is not an email, without sending anything", async () => {
    const page = await newPage();
    await page.goto(`${s.app.url}/signin`);
    await page.getByLabel("Email", { exact: true }).fill("not-an-email");
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await page.getByRole("alert").filter({ hasText: "Please enter a valid email address" }).waitFor();
    expect((await sentMails(plunk.url)).filter((m) => m.to.includes("not-an-email"))).toEqual([]);
    await page.context().close();
  });

  it("subscribes a visitor on a published blog, confirms from the emailed link, and shows the owner a confirmed subscriber", async () => {
    const page = await newPage();
    await page.goto(`http://${s.hosts[0]}/introducing-lumen-20`);
    await page.getByLabel("Email address").fill("visitor@example.com");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.getByText("Thanks! Check your inbox to confirm your subscription.").waitFor();

    const [mail] = await waitForMails(plunk.url, (m) => m.to === "visitor@example.com");
    expect(mail!.subject).toBe("Confirm your subscription");
    expect(mail!.name).toBe(`${s.hosts[0]} via Pagewright`);
    await page.goto(linkIn(mail!, "/_/subscribe/confirm"));
    await page.getByRole("heading", { name: "You're subscribed!" }).waitFor();
    await page.getByRole("link", { name: "Back to the site" }).click();
    await page.waitForURL(`http://${s.hosts[0]}/`);

    // The owner sees the confirmed address on the Subscribers screen.
    await page.goto(`${s.app.url}/signin`);
    await page.getByLabel("Email (test login)").fill(s.ownerEmails[0]!);
    await page.getByRole("button", { name: "Sign in with test login" }).click();
    await page.waitForURL(`${s.app.url}/dashboard`);
    await page.goto(`${s.app.url}/dashboard/sites/${s.siteIds[0]}/subscribers`);
    const row = page.getByRole("row").filter({ hasText: "visitor@example.com" });
    await row.waitFor();
    expect(await row.getByRole("cell", { name: "confirmed", exact: true }).isVisible()).toBe(true);
    await page.context().close();
  });
});
