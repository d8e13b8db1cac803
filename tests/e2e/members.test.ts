import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createPlunkStub, type PlunkStub } from "../../tools/plunk-stub/server";
import { linkIn, waitForMails } from "../helpers/plunk";
import { startSitesApp, workspaceIndex, type SitesApp } from "../helpers/sites";
import { launchBrowser, newStrictPage, signInThrough } from "./browser";

/**
 * The Members screen in Chromium: the owner invites by email (the Plunk stand-in gets the mail), the invitee follows
 * the link, signs in, accepts and sees the site with the screens a viewer may see; the owner changes her role and
 * removes her, after which the site is gone for her.
 */

const INVITEE = "mia-member@example.com";
let plunk: PlunkStub;
let s: SitesApp;
let browser: Browser;
let owner: Page;
let invitee: Page;
let siteId: string;

beforeAll(async () => {
  plunk = await createPlunkStub();
  s = await startSitesApp([{ siteType: "docs", page: workspaceIndex.docs!, settings: { name: "Lumen Docs" } }], {
    env: { PLUNK_API_KEY: plunk.apiKey, PLUNK_API_BASE: plunk.url, EMAIL_FROM: "Pagewright <hello@pagewright.test>" },
  });
  siteId = s.siteIds[0]!;
  browser = await launchBrowser();
  owner = await newStrictPage(browser);
  await signInThrough(owner, s.app.url, `/dashboard/sites/${siteId}/members`, s.ownerEmails[0]!);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
  await plunk?.close();
});

const members = (page: Page) => page.getByTestId("member").allTextContents();

describe("the Members screen", () => {
  it("invites by email, and the invitee joins through the link with a viewer's screens", async () => {
    await owner.getByTestId("member-list").getByText(s.ownerEmails[0]!).waitFor();
    await owner.getByLabel("Email", { exact: true }).fill(INVITEE);
    await owner.getByLabel("Role", { exact: true }).selectOption("viewer");
    await owner.getByRole("button", { name: "Invite", exact: true }).click();
    await owner.getByTestId("invitation").filter({ hasText: INVITEE }).waitFor();

    const [mail] = await waitForMails(plunk.url, (m) => m.to === INVITEE && m.subject.includes("invited you"));
    const path = new URL(linkIn(mail!, "/dashboard/invite/")).pathname;
    invitee = await newStrictPage(browser);
    await signInThrough(invitee, s.app.url, path, INVITEE);
    expect(await invitee.getByRole("heading", { level: 1 }).textContent()).toBe("Join Lumen Docs");
    expect(await invitee.getByTestId("invitation-role").textContent()).toBe("viewer");
    await invitee.getByRole("button", { name: "Accept the invitation" }).click();
    await invitee.waitForURL(`${s.app.url}/dashboard/sites/${siteId}`);
    const menu = await invitee.getByRole("navigation", { name: "Site settings" }).getByRole("link").allTextContents();
    expect(menu).toContain("Members");
    for (const hidden of ["Plan", "Delete", "Activity"]) expect(menu).not.toContain(hidden);
    await invitee.goto(`${s.app.url}/dashboard/sites/${siteId}/members`);
    await invitee.getByTestId("member").filter({ hasText: INVITEE }).waitFor();
    expect((await members(invitee)).find((m) => m.includes(INVITEE))).toContain("(you)");
    // A viewer manages nobody: no invite form, no remove buttons.
    expect(await invitee.getByRole("button", { name: "Invite", exact: true }).count()).toBe(0);
    // The link worked once.
    await invitee.goto(`${s.app.url}${path}`);
    await invitee.getByTestId("invitation-gone").waitFor();
  });

  it("changes her role and removes her; the site is then gone for her", async () => {
    await owner.reload();
    const row = owner.getByTestId("member").filter({ hasText: INVITEE });
    await row.getByTestId("member-role-select").selectOption("editor");
    await owner.getByText("Role changed").waitFor();
    await invitee.goto(`${s.app.url}/dashboard/sites/${siteId}/members`);
    await invitee.getByTestId("member").filter({ hasText: INVITEE }).getByText("editor").waitFor();
    await row.getByRole("button", { name: `Remove ${INVITEE}` }).click();
    await owner.getByText("Member removed").waitFor();
    await expect.poll(async () => (await members(owner)).some((m) => m.includes(INVITEE))).toBe(false);
    // The dashboard's shell streams before the page decides, so the answer is the dashboard's own 404 screen (status 200).
    await invitee.goto(`${s.app.url}/dashboard/sites/${siteId}`);
    await invitee.getByTestId("dashboard-not-found").waitFor();
    expect(await invitee.getByTestId("site-name").count()).toBe(0);
  });
});
