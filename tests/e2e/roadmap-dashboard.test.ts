import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newStrictPage } from "./browser";
import { createNotionApiStub, type NotionApiStub } from "../../tools/notion-api-stub/server";
import { notionApiStubControl } from "../../tools/notion-api-stub/control";
import type { Json } from "../../tools/notion-api-stub/workspace";
import { dataSourceOf, propertyOf, rowTitled as rowIn } from "../helpers/notion-api-rows";
import { createPlunkStub, type PlunkStub } from "../../tools/plunk-stub/server";
import { linkIn, waitForMails } from "../helpers/plunk";
import { rawRequest } from "../helpers/raw-request";
import { rpc, signedIn, waitForFirstSync } from "../helpers/rpc-client";
import { pageIdOf, startSitesApp, WORKSPACE, workspaceIndex, type SitesApp } from "../helpers/sites";

/**
 * Issue 26's dashboard screens in Chromium, on a roadmap connected through the official-API stand-in: the owner
 * picks the Number property on the Votes & ideas screen and the vote counts appear in the Notion database; the screen
 * lists items by votes, exports voters as CSV, and approves (a new Notion row), merges and rejects pending ideas (the
 * author gets the reply). The What's-new screen of a changelog shows the script tag. The steps share one page.
 */

const SLACK = "ade1cb83-84f6-451d-b8fc-0cc29edc2ec0"; // "Slack alerts", Planned
const SSO = "da854e29-2f8a-4b8a-96d5-2ad5f69635ff"; // "Single sign-on (SAML)", Planned
const ROADMAP_DB = pageIdOf(workspaceIndex.roadmap!);
const OWNER = "votes-screen-owner@example.com";
/** Dashboard round trips on a busy machine: polls wait up to 10 s (vitest's default is 1 s). */
const WAIT = { timeout: 10_000 };

let api: NotionApiStub;
let plunk: PlunkStub;
let s: SitesApp;
let browser: Browser;
let page: Page;
let roadmapId = "";
let roadmapHost = "";
let changelogId = "";
let changelogUrl = "";
let ip = 0;

const dataSourceId = () => dataSourceOf(api, ROADMAP_DB);
const votesIn = (pageId: string) => propertyOf(api, pageId, "Votes");
const rowTitled = (title: string) => rowIn(api, ROADMAP_DB, title);

const post = (path: string, form: Record<string, string>, cookie = "") =>
  rawRequest(`${s.app.url}${path}`, {
    host: roadmapHost,
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json", "x-forwarded-for": `10.7.0.${++ip}`, ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(form).toString(),
  });

/** A confirmed voter's cookie, with their first vote cast. */
async function voterFor(email: string, item: string): Promise<string> {
  await post("/_/vote", { item, vote: "1", email });
  const [mail] = await waitForMails(plunk.url, (m) => m.to === email);
  const link = new URL(linkIn(mail!, "/_/vote/confirm"));
  const confirmed = await rawRequest(`${s.app.url}${link.pathname}${link.search}`, { host: roadmapHost });
  return String(confirmed.headers["set-cookie"]?.[0] ?? "").split(";")[0]!;
}

beforeAll(async () => {
  api = await createNotionApiStub({ dataDir: WORKSPACE });
  plunk = await createPlunkStub();
  s = await startSitesApp([], {
    env: {
      NOTION_OFFICIAL_API_BASE: api.url,
      NOTION_FILE_HOSTS: api.url,
      PLUNK_API_KEY: plunk.apiKey,
      PLUNK_API_BASE: plunk.url,
      EMAIL_FROM: "Pagewright <hello@pagewright.test>",
      TRUST_PROXY: "1",
      REVALIDATE_SECONDS: "3600",
    },
  });
  const owner = await signedIn(s.app.url, OWNER);
  const call = async <T>(method: string, params: unknown): Promise<T> => {
    const reply = await rpc(s.app.url, owner, "site", method, params);
    if (reply.body.error) throw new Error(reply.body.error.message);
    return reply.body.result as T;
  };
  const token = await notionApiStubControl(api.url).createToken([ROADMAP_DB]);
  const { connectionId } = await call<{ connectionId: string }>("addNotionIntegrationSecret", { secret: token });
  const roadmap = await call<{ siteId: string; url: string }>("createNewSite", { siteType: "roadmap", notionPageUrl: workspaceIndex.roadmap, subdomain: "lumen-board", connectionId });
  roadmapId = roadmap.siteId;
  roadmapHost = new URL(roadmap.url).host;
  const changelog = await call<{ siteId: string; url: string }>("createNewSite", { siteType: "changelog", notionPageUrl: workspaceIndex.changelog, subdomain: "lumen-news" });
  changelogId = changelog.siteId;
  changelogUrl = changelog.url;
  // Creation answers at once; votes and the changelog's links need the first snapshots.
  for (const id of [roadmapId, changelogId]) await waitForFirstSync(s.app.url, owner, id);
  await notionApiStubControl(api.url).addProperty(dataSourceId(), "Votes", "number");

  // Two voters for Slack alerts, one for SSO; three ideas waiting for the owner.
  const ada = await voterFor("ada@example.com", SLACK);
  const bob = await voterFor("bob@example.com", SLACK);
  await post("/_/vote", { item: SSO, vote: "1" }, bob);
  for (const title of ["Funnel exports", "SAML for everyone", "A game mode"]) {
    expect((await post("/_/ideas", { title, details: `${title}, please.` }, ada)).status).toBeLessThan(400);
  }

  browser = await launchBrowser(["--host-resolver-rules=MAP *.localhost 127.0.0.1"]);
  page = await newStrictPage(browser);
  await page.goto(`${s.app.url}/dashboard`);
  await page.waitForURL(/\/signin\?/);
  await page.getByLabel("Email (test login)").fill(OWNER);
  await page.getByRole("button", { name: "Sign in with test login" }).click();
  await page.waitForURL(`${s.app.url}/dashboard`);
}, 420_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
  await plunk?.close();
  await api?.close();
});

describe("Votes & ideas and What's new screens in Chromium", () => {
  it("lists items by votes and says the counts go to Notion", async () => {
    await page.goto(`${s.app.url}/dashboard/sites/${roadmapId}/votes`);
    const rows = page.getByTestId("roadmap-votes").locator("tbody tr");
    await expect.poll(() => rows.count(), WAIT).toBeGreaterThan(2);
    expect(await rows.nth(0).locator("td").allTextContents()).toEqual(["Slack alerts", "Planned", "2"]);
    expect(await rows.nth(1).locator("td").allTextContents()).toEqual(["Single sign-on (SAML)", "Planned", "1"]);
    expect(await rows.nth(2).locator("td").nth(2).textContent()).toBe("0");
    await page.getByText("each item's count is written to the Number property you choose below").waitFor();
  });

  it("with the official-API stand-in, the vote count appears in the Notion database once the owner picks the property", async () => {
    const field = page.getByLabel("Notion number property for the vote count");
    await field.fill("Area");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("“Area” is not a Number property of your roadmap database: choose “Votes”").waitFor();
    expect(votesIn(SLACK)).toBeUndefined();
    await field.fill("Votes");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => votesIn(SLACK), WAIT).toBe(2);
    await expect.poll(() => votesIn(SSO), WAIT).toBe(1);
  });

  it("exports the voters as CSV", async () => {
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export voters (CSV)" }).click()]);
    const csv = fs.readFileSync((await download.path())!, "utf8");
    const lines = csv.trim().split(/\r?\n/);
    expect(lines.filter((l) => l.includes("Slack alerts")).map((l) => /[a-z]+@example\.com/.exec(l)?.[0]).sort()).toEqual(["ada@example.com", "bob@example.com"]);
    expect(lines.filter((l) => l.includes("Single sign-on (SAML)")).map((l) => /[a-z]+@example\.com/.exec(l)?.[0])).toEqual(["bob@example.com"]);
  });

  it("approves an idea into a column (a new Notion row), merges one into an item, rejects one with a reply", async () => {
    const card = (title: string) => page.getByTestId("pending-idea").filter({ hasText: title });
    await expect.poll(() => page.getByTestId("pending-idea").count(), WAIT).toBe(3);

    await card("Funnel exports").getByLabel("Column").selectOption("In progress");
    await card("Funnel exports").getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => page.getByTestId("pending-idea").count(), WAIT).toBe(2);
    await expect.poll(() => Boolean(rowTitled("Funnel exports")), WAIT).toBe(true);
    const row = rowTitled("Funnel exports")!;
    expect(((row.properties as Record<string, Json>).Status!.status as { name: string }).name).toBe("In progress");
    await expect.poll(() => votesIn(String(row.id)), WAIT).toBe(1);

    await card("SAML for everyone").getByLabel("Merge into").selectOption(SSO);
    await card("SAML for everyone").getByRole("button", { name: "Merge" }).click();
    await expect.poll(() => page.getByTestId("pending-idea").count(), WAIT).toBe(1);
    // Ada's vote moved to SSO: two votes now, in the table and in Notion.
    await expect.poll(() => votesIn(SSO), WAIT).toBe(2);

    await card("A game mode").getByLabel("Reply (emailed to the author)").fill("Not for us, sorry.");
    await card("A game mode").getByRole("button", { name: "Reject" }).click();
    await expect.poll(() => page.getByTestId("pending-idea").count(), WAIT).toBe(0);
    const [reply] = await waitForMails(plunk.url, (m) => m.to === "ada@example.com" && m.text.includes("Not for us, sorry."));
    expect(reply!.text).toContain("A game mode");
    await page.reload();
    const rows = page.getByTestId("roadmap-votes").locator("tbody tr");
    await expect.poll(() => rows.filter({ hasText: "Single sign-on (SAML)" }).locator("td").nth(2).textContent(), WAIT).toBe("2");
  });

  it("the What's-new screen of a changelog shows the script tag", async () => {
    await page.goto(`${s.app.url}/dashboard/sites/${changelogId}/whats-new`);
    await expect.poll(() => page.getByTestId("whats-new-snippet").textContent(), WAIT).toBe(`<script async src="${changelogUrl}/_/whats-new.js"></script>`);
  });
});
