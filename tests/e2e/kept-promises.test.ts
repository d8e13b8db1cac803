import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newStrictPage, signInThrough } from "./browser";
import { createPlunkStub, type PlunkStub } from "../../tools/plunk-stub/server";
import { linkIn, sentMails, waitForMails } from "../helpers/plunk";
import { rawRequest } from "../helpers/raw-request";
import { rpc, signedIn, type CookieJar } from "../helpers/rpc-client";
import { startSitesApp, workspaceIndex, type SitesApp } from "../helpers/sites";

/**
 * What visitors are promised, kept, in Chromium: an idea approved on a public-page roadmap stays manageable (the
 * owner moves, merges, declines or removes it on the Votes & ideas screen, and its voters hear of it); a blog shows
 * no "get new posts by email" form while the owner's new-post emails are off; the What's-new widget on another
 * origin shows an entry's page mentions by title, its bullets as a list and its links.
 */

const SLACK = "ade1cb83-84f6-451d-b8fc-0cc29edc2ec0"; // "Slack alerts", Planned
/** Dashboard round trips on a busy machine: polls wait up to 10 s. */
const WAIT = { timeout: 10_000 };

let plunk: PlunkStub;
let s: SitesApp;
let browser: Browser;
let other: http.Server;
let otherUrl = "";
let roadmapOwner: CookieJar;
let ip = 0;

const [ROADMAP, CHANGELOG, BLOG] = [0, 1, 2];
const roadmapHost = () => s.hosts[ROADMAP]!;

const post = (path: string, form: Record<string, string>, cookie = "") =>
  rawRequest(`${s.app.url}${path}`, {
    host: roadmapHost(),
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json", "x-forwarded-for": `10.9.0.${++ip}`, ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(form).toString(),
  });

/** A confirmed voter's cookie, with their first vote cast. */
async function voterFor(email: string, item: string): Promise<string> {
  await post("/_/vote", { item, vote: "1", email });
  const [mail] = await waitForMails(plunk.url, (m) => m.to === email);
  const link = new URL(linkIn(mail!, "/_/vote/confirm"));
  const confirmed = await rawRequest(`${s.app.url}${link.pathname}${link.search}`, { host: roadmapHost() });
  return String(confirmed.headers["set-cookie"]?.[0] ?? "").split(";")[0]!;
}

async function call<T>(jar: CookieJar, method: string, params: unknown): Promise<T> {
  const reply = await rpc(s.app.url, jar, "site", method, params);
  if (reply.body.error) throw new Error(`${method}: ${reply.body.error.message}`);
  return reply.body.result as T;
}

type Feedback = { items: { itemId: string; title: string; status: string; votes: number }[]; ideas: { ideaId: string; title: string }[] };

/** Ada suggests an idea, the owner approves it into `column`; Bob votes for it too. Answers its board item id. */
async function approvedIdea(title: string, column: string, ada: string, bob: string): Promise<string> {
  expect((await post("/_/ideas", { title, details: `${title}, please.` }, ada)).status).toBeLessThan(400);
  const feedback = await call<Feedback>(roadmapOwner, "getRoadmapFeedback", { siteId: s.siteIds[ROADMAP] });
  const idea = feedback.ideas.find((i) => i.title === title)!;
  const { itemId } = await call<{ itemId: string }>(roadmapOwner, "approveRoadmapIdea", { siteId: s.siteIds[ROADMAP], ideaId: idea.ideaId, column });
  expect((await post("/_/vote", { item: itemId, vote: "1" }, bob)).status).toBeLessThan(400);
  return itemId;
}

beforeAll(async () => {
  plunk = await createPlunkStub();
  s = await startSitesApp(
    [
      { siteType: "roadmap", page: workspaceIndex.roadmap!, settings: { name: "Lumen Roadmap" } },
      { siteType: "changelog", page: workspaceIndex.changelog!, settings: { name: "Lumen Changelog" } },
      { siteType: "blog", page: workspaceIndex.blog!, settings: { name: "Lumen Blog" } },
    ],
    { env: { PLUNK_API_KEY: plunk.apiKey, PLUNK_API_BASE: plunk.url, EMAIL_FROM: "Pagewright <hello@pagewright.test>", TRUST_PROXY: "1" } },
  );
  roadmapOwner = await signedIn(s.app.url, s.ownerEmails[ROADMAP]!);
  other = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(
      `<!doctype html><html lang="en"><head><title>Acme app</title></head><body><h1>Acme app</h1>` +
        `<script async src="http://${s.hosts[CHANGELOG]}/_/whats-new.js"></script></body></html>`,
    );
  });
  await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}/`;
  browser = await launchBrowser(["--host-resolver-rules=MAP *.localhost 127.0.0.1"]);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
  await plunk?.close();
  await new Promise((resolve) => other?.close(resolve));
});

describe("approved ideas on a public-page roadmap stay manageable", () => {
  it("the owner moves, merges, declines and removes approved ideas on the Votes screen; voters are told; the board follows", async () => {
    // The board is read (first sync) before ideas can be approved into its columns.
    expect((await s.get(roadmapHost(), "/")).status).toBe(200);
    const ada = await voterFor("ada@example.com", SLACK);
    const bob = await voterFor("bob@example.com", SLACK);
    const webhooks = await approvedIdea("Webhooks for alerts", "Planned", ada, bob);
    await approvedIdea("Slack digests", "Planned", ada, bob);
    await approvedIdea("A game mode", "Planned", ada, bob);
    await approvedIdea("Print view", "Planned", ada, bob);

    const page = await newStrictPage(browser);
    await signInThrough(page, s.app.url, `/dashboard/sites/${s.siteIds[ROADMAP]}/votes`, s.ownerEmails[ROADMAP]!);
    // A card by its heading: every card's "Merge into" list names the other ideas too.
    const card = (title: string) => page.getByTestId("approved-idea").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
    await expect.poll(() => page.getByTestId("approved-idea").count(), WAIT).toBe(4);

    // Move: the board shows it in the new column, and both voters get the status email.
    await card("Webhooks for alerts").getByLabel("Column").selectOption("In progress");
    await card("Webhooks for alerts").getByRole("button", { name: "Move", exact: true }).click();
    const moved = await waitForMails(plunk.url, (m) => m.subject.startsWith("Webhooks for alerts: In progress"), 2);
    expect(moved.map((m) => m.to).sort()).toEqual(["ada@example.com", "bob@example.com"]);
    const board = await newStrictPage(browser);
    await board.goto(`http://${roadmapHost()}/`);
    const inProgress = board.locator("section.column", { has: board.getByRole("heading", { name: /^In progress/ }) });
    await inProgress.locator(".board-card-title", { hasText: "Webhooks for alerts" }).waitFor();

    // Merge into a Notion card: its votes move there (Slack alerts had Ada and Bob already: still 2), voters told.
    await card("Slack digests").getByLabel("Merge into").selectOption(SLACK);
    await card("Slack digests").getByRole("button", { name: "Merge", exact: true }).click();
    const merged = await waitForMails(plunk.url, (m) => m.subject.startsWith("Slack digests") && m.text.includes("Slack alerts"), 2);
    expect(merged.map((m) => m.to).sort()).toEqual(["ada@example.com", "bob@example.com"]);

    // Decline with a reply: both voters get it.
    await card("A game mode").getByLabel("Reply (emailed to its voters)").fill("Not for us, sorry.");
    await card("A game mode").getByRole("button", { name: "Decline" }).click();
    const declined = await waitForMails(plunk.url, (m) => m.subject.startsWith("A game mode") && m.text.includes("Not for us, sorry."), 2);
    expect(declined.map((m) => m.to).sort()).toEqual(["ada@example.com", "bob@example.com"]);

    // Remove: off the board, nobody mailed.
    const before = (await sentMails(plunk.url)).length;
    await card("Print view").getByRole("button", { name: "Remove from the board" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove", exact: true }).click();
    await expect.poll(() => page.getByTestId("approved-idea").count(), WAIT).toBe(1);

    const feedback = await call<Feedback>(roadmapOwner, "getRoadmapFeedback", { siteId: s.siteIds[ROADMAP] });
    const titles = feedback.items.map((i) => i.title);
    expect(titles).toContain("Webhooks for alerts");
    expect(titles).not.toContain("Slack digests");
    expect(titles).not.toContain("A game mode");
    expect(titles).not.toContain("Print view");
    expect(feedback.items.find((i) => i.itemId === webhooks)?.status).toBe("In progress");
    expect(feedback.items.find((i) => i.itemId === SLACK)?.votes).toBe(2);
    await board.reload();
    for (const gone of ["Slack digests", "A game mode", "Print view"]) expect(await board.locator(".board-card-title", { hasText: gone }).count()).toBe(0);
    expect((await sentMails(plunk.url)).length).toBe(before);
  }, 180_000);
});

describe("no subscribe form while new-post emails are off", () => {
  it("a blog post offers no email subscription while emails are off, and does once the owner turns them on", async () => {
    const page = await newStrictPage(browser);
    const blog = `http://${s.hosts[BLOG]}/`;
    await page.goto(blog);
    const firstPost = page.locator("article.card a").first();
    const postUrl = new URL((await firstPost.getAttribute("href"))!, blog).href;
    await page.goto(postUrl);
    await page.locator("article").first().waitFor();
    expect(await page.locator("#subscribe").count()).toBe(0);
    expect(await page.getByText(/by email/).count()).toBe(0);
    // The endpoint refuses too: nobody can sign up for emails that never come.
    const refused = await rawRequest(`${s.app.url}/_/subscribe`, {
      host: s.hosts[BLOG]!,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json", "x-forwarded-for": "10.9.1.1" },
      body: "email=reader%40example.com",
    });
    expect(refused.status).toBe(404);
    expect((await sentMails(plunk.url)).filter((m) => m.to === "reader@example.com")).toHaveLength(0);

    const dash = await newStrictPage(browser);
    await signInThrough(dash, s.app.url, `/dashboard/sites/${s.siteIds[BLOG]}/email`, s.ownerEmails[BLOG]!);
    await dash.getByLabel("Email subscribers about new posts").check();
    await dash.getByRole("button", { name: "Save email settings" }).click();
    await dash.getByText("Saved").first().waitFor();

    await expect.poll(async () => {
      await page.goto(postUrl);
      return page.locator("#subscribe").count();
    }, WAIT).toBe(1);
    await page.getByLabel("Email address").fill("reader@example.com");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await waitForMails(plunk.url, (m) => m.to === "reader@example.com");
  }, 120_000);
});

describe("the What's-new widget keeps an entry's mentions, lists and links", () => {
  it("shows page mentions by title, bullets as list items and the mention as a link, never Notion's ‣", async () => {
    const page: Page = await newStrictPage(browser);
    await page.goto(otherUrl);
    await page.getByRole("button", { name: /^What's new/ }).click();
    const dialog = page.getByRole("dialog", { name: "What's new" });
    await dialog.waitFor();
    const entry = dialog.locator("ol > li").filter({ has: page.getByRole("heading", { name: /Lumen 2\.0/ }) });
    const text = (await entry.textContent()) ?? "";
    expect(text).not.toContain("‣");
    // Notion's bullets stay three list items; the mentions read as the pages' titles.
    expect(await entry.locator("ul > li").allTextContents()).toEqual([
      "Instant dashboards backed by hourly roll-ups",
      "Shareable read-only funnels (Shareable funnels on the roadmap)",
      "New query engine on columnar storage",
    ]);
    await entry.getByText("See the announcement: Introducing Lumen 2.0.").waitFor();
    expect(await entry.getByRole("link", { name: "Introducing Lumen 2.0" }).getAttribute("href")).toMatch(/^https?:\/\//);
  });
});

describe("the What's-new screen", () => {
  it("writes the widget's options into the snippet it copies", async () => {
    const dash = await newStrictPage(browser);
    await dash.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: s.app.url });
    await signInThrough(dash, s.app.url, `/dashboard/sites/${s.siteIds[CHANGELOG]}/whats-new`, s.ownerEmails[CHANGELOG]!);
    await dash.getByLabel("Label").fill("Updates");
    await dash.getByLabel("Colours").selectOption("dark");
    await dash.getByLabel("Open once by itself when something is new").check();
    const expected = `<script async src="http://${s.hosts[CHANGELOG]}/_/whats-new.js" data-label="Updates" data-theme="dark" data-open-new="true"></script>`;
    await expect.poll(() => dash.getByTestId("whats-new-snippet").textContent(), WAIT).toBe(expected);
    await dash.getByRole("button", { name: "Copy the script tag" }).click();
    await dash.getByText("Copied").waitFor();
    expect(await dash.evaluate(() => navigator.clipboard.readText())).toBe(expected);
  });
});

describe("the changelog's tag filters", () => {
  it("line up with the entries' column at 1280 px and with the page's edge on a phone", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`http://${s.hosts[CHANGELOG]}/`);
    const filter = (await page.locator(".changelog-filter a").first().boundingBox())!;
    const title = (await page.locator(".release-body h2").first().boundingBox())!;
    expect(Math.abs(filter.x - title.x)).toBeLessThanOrEqual(1);
    await page.setViewportSize({ width: 390, height: 844 });
    const phoneFilter = (await page.locator(".changelog-filter a").first().boundingBox())!;
    const phoneTitle = (await page.locator(".release-body h2").first().boundingBox())!;
    expect(Math.abs(phoneFilter.x - phoneTitle.x)).toBeLessThanOrEqual(1);
    await context.close();
  });
});

describe("the page check's own limit never blames Notion", () => {
  it("past the limit the form says it is ours, counts down and checks again by itself; switching type asks no more", async () => {
    const email = "newcomer@example.com";
    const jar = await signedIn(s.app.url, email);
    // Exhaust the onboarding burst late in a UTC minute, so the retry (at the next minute) comes soon.
    const second = new Date().getUTCSeconds();
    if (second < 40 || second > 52) await new Promise((r) => setTimeout(r, (((100 - second) % 60) * 1000) + 200));
    type Refusal = { message: string; data?: { retryAfter?: number } };
    let refused: Refusal | undefined;
    for (let i = 0; i < 40 && !refused; i++) {
      const reply = await rpc(s.app.url, jar, "site", "safeGetNotionPageState", { notionPageUrl: workspaceIndex.notDatabase });
      if (reply.body.error?.data?.code === "RATE_LIMITED") refused = reply.body.error as unknown as Refusal;
    }
    expect(refused?.message).toMatch(/^You've checked a lot of pages in a short time\. That's Pagewright's own limit, not Notion's: try again in \d+ s\.$/);
    expect(refused?.data?.retryAfter).toBeGreaterThan(0);

    const page = await newStrictPage(browser);
    const checks: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/site") && (r.postData() ?? "").includes('"safeGetNotionPageState"')) checks.push(r.url());
    });
    await signInThrough(page, s.app.url, "/new-site", email);
    await page.getByRole("radio", { name: /Blog/ }).check();
    await page.getByLabel("2. Your public Notion page").fill(workspaceIndex.blog!);
    const waiting = page.getByTestId("page-check-waiting");
    await waiting.waitFor();
    expect(await waiting.textContent()).toMatch(/Pagewright's own limit, not Notion's: checking again in \d+ s…/);
    expect(await page.getByText(/Too many requests to Notion/).count()).toBe(0);
    await page.getByText("This page works for a blog.").waitFor({ timeout: 40_000 });
    const asked = checks.length;
    for (const type of [/Changelog/, /Docs/, /Blog/]) await page.getByRole("radio", { name: type }).first().check();
    await page.getByText("This page works for a blog.").waitFor();
    expect(checks.length).toBe(asked);
  }, 150_000);
});


describe("pausing a site", () => {
  it("Sync now says when nothing changed; Pause asks first, then every path answers 503 with Retry-After and says so", async () => {
    const dash = await newStrictPage(browser);
    await signInThrough(dash, s.app.url, `/dashboard/sites/${s.siteIds[BLOG]}/general`, s.ownerEmails[BLOG]!);
    await dash.getByRole("button", { name: "Sync now" }).click();
    await dash.getByText("Already up to date").waitFor();

    await dash.getByRole("button", { name: "Pause site" }).click();
    const dialog = dash.getByRole("dialog", { name: "Pause this site?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect((await s.get(s.hosts[BLOG]!, "/")).status).toBe(200); // nothing happened
    await dash.getByRole("button", { name: "Pause site" }).click();
    await dialog.getByRole("button", { name: "Pause the site" }).click();
    await dash.getByRole("button", { name: "Publish site" }).waitFor();

    const visitor = await newStrictPage(browser);
    const response = await visitor.goto(`http://${s.hosts[BLOG]}/`);
    expect(response?.status()).toBe(503);
    expect(response?.headers()["retry-after"]).toBe("3600");
    await visitor.getByText("The owner has paused this site for now.").waitFor();
    for (const path of ["/rss.xml", "/_/subscribe", "/no-such-page"]) expect((await s.get(s.hosts[BLOG]!, path)).status, path).toBe(503);
  }, 120_000);
});
