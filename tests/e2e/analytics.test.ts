import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser } from "./browser";
import { connectMcp } from "../helpers/mcp-client";
import { rpc, signedIn } from "../helpers/rpc-client";
import { startSitesApp, workspaceIndex, type SitesApp } from "../helpers/sites";

/**
 * Built-in analytics in Chromium (issue 25): one visitor with JavaScript (two pages, a search that finds nothing, a
 * chatbot question the site can't answer), one without JavaScript (the noscript pixel), and a crawler; then the owner's
 * Analytics screen shows exactly 2 visitors and 3 page views in its chart and tables, and a table's CSV matches. AI
 * agents (a Markdown page and llms.txt read by known agents, an MCP search) show apart, as "AI agents", not as visitors.
 */

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const BINGBOT = "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)";
const SEARCH = "quantum marmalade";
const QUESTION = "Zorblax quibbleflux frobnitz?";

let s: SitesApp;
let browser: Browser;
let site = "";
beforeAll(async () => {
  s = await startSitesApp([{ siteType: "docs", page: workspaceIndex.docs!, settings: { ai: { enabled: true } } }], { env: { ANALYTICS_FLUSH_MS: "50", ANALYTICS_ROLLUP_SECONDS: "1" } });
  site = `http://${s.hosts[0]}`;
  browser = await launchBrowser(["--host-resolver-rules=MAP *.localhost 127.0.0.1"]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

/** Opens a page and waits for its view to reach the server (the beacon, or the pixel without JavaScript). */
async function view(context: BrowserContext, path: string) {
  const page = await context.newPage();
  const counted = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith("/_/view"), { timeout: 10_000 });
  await page.goto(`${site}${path}`, { waitUntil: "load" });
  await counted;
  return page;
}

describe("built-in analytics in Chromium", () => {
  it("counts two visitors and three views, not the crawler, and shows them with the zero-result search and the unanswered question", async () => {
    // Headless Chromium names itself HeadlessChrome, which is a bot: the visitors present as ordinary browsers.
    const withJs = await browser.newContext({ userAgent: CHROME });
    const page = await view(withJs, "/");
    await view(withJs, "/getting-started/quick-start");
    await page.goto(`${site}/_/search?q=${encodeURIComponent(SEARCH)}`);
    const answer = await page.evaluate(async (question) => {
      const res = await fetch("/_/chat", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ messages: [{ role: "user", content: question }] }) });
      return res.text();
    }, QUESTION);
    expect(answer).toContain("couldn't find anything");

    const noJs = await browser.newContext({ userAgent: FIREFOX, javaScriptEnabled: false });
    await view(noJs, "/");
    const crawler = await browser.newContext({ userAgent: BINGBOT });
    await view(crawler, "/");

    // Agents: read by known AI user agents, and one MCP call from a client that names no agent.
    await s.get(s.hosts[0]!, "/getting-started/quick-start.md", { "user-agent": "Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)" });
    await s.get(s.hosts[0]!, "/llms.txt", { "user-agent": "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)" });
    await s.get(s.hosts[0]!, "/llms.txt", { "user-agent": CHROME });
    const mcp = await connectMcp(s.app.url, s.hosts[0]!);
    await mcp.callTool({ name: "search", arguments: { query: "custom events" } });
    await mcp.close();

    const owner = await browser.newContext({ viewport: { width: 360, height: 800 }, acceptDownloads: true });
    const dash: Page = await owner.newPage();
    await dash.goto(`${s.app.url}/dashboard`);
    await dash.waitForURL(/\/signin\?/);
    await dash.getByLabel("Email (test login)").fill(s.ownerEmails[0]!);
    await dash.getByRole("button", { name: "Sign in with test login" }).click();
    await dash.waitForURL(`${s.app.url}/dashboard`);
    // The rollup runs every second here: reload until the views are in.
    for (let i = 0; i < 30; i++) {
      await dash.goto(`${s.app.url}/dashboard/sites/${s.siteIds[0]}/analytics`);
      await dash.getByTestId("total-pageviews").waitFor();
      if ((await dash.getByTestId("total-pageviews").textContent()) === "3") break;
      await dash.waitForTimeout(500);
    }
    expect(await dash.getByTestId("total-pageviews").textContent()).toBe("3");
    expect(await dash.getByTestId("total-visitors").textContent()).toBe("2");
    expect(await dash.getByTestId("total-searches").textContent()).toBe("1");
    expect(await dash.getByTestId("total-questions").textContent()).toBe("1");
    // Alive: who is on the site now, and when the figures were read; the menu names the screen plainly.
    expect(await dash.getByTestId("analytics-live").textContent()).toContain("Live: 2 visitors in the last 5 minutes");
    expect(await dash.getByTestId("analytics-updated").textContent()).toMatch(/^Updated \S/);
    await dash.getByRole("link", { name: "Analytics", exact: true }).waitFor();

    // The chart is drawn, and its table fallback adds up to the same counts.
    expect(await dash.getByTestId("analytics-chart").getAttribute("aria-label")).toContain("3 page views and 2 visitors");
    expect(await dash.locator("[data-testid=analytics-chart] canvas").count()).toBe(1);
    await dash.getByText("Chart as a table").click();
    const cells = await dash.getByTestId("analytics-series").locator("tbody tr").evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll("td")].map((td) => td.textContent)));
    expect(cells).toHaveLength(7);
    expect(cells.reduce((sum, row) => sum + Number(row[1]), 0)).toBe(3);
    expect(cells.reduce((sum, row) => sum + Number(row[2]), 0)).toBe(2);

    const rowsOf = (id: string) => dash.getByTestId(`analytics-${id}`).locator("tbody tr").evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll("td")].map((td) => td.textContent)));
    expect(await rowsOf("pages")).toEqual([
      ["/", "2", "2"],
      ["/getting-started/quick-start", "1", "1"],
    ]);
    expect(await rowsOf("browsers")).toEqual([
      ["Chrome", "2", "1"],
      ["Firefox", "1", "1"],
    ]);
    expect(await rowsOf("zero-searches")).toEqual([[SEARCH, "1"]]);
    expect(await rowsOf("unanswered")).toEqual([[QUESTION.toLowerCase(), "1"]]);

    // AI agents, apart from the visitors: 3 requests today, by kind and by agent.
    expect(await dash.getByTestId("total-agent-requests").textContent()).toBe("3");
    expect(await rowsOf("agent-kinds")).toEqual([
      ["llms.txt", "1"],
      ["Markdown pages", "1"],
      ["MCP calls", "1"],
    ]);
    expect(await rowsOf("agent-names")).toEqual([
      ["Not named", "1"],
      ["ClaudeBot", "1"],
      ["GPTBot", "1"],
    ]);
    await dash.getByTestId("analytics-agents").getByText("Per day", { exact: true }).click();
    const agentDays = await dash.getByTestId("analytics-agent-days").locator("tbody tr").evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll("td")].map((td) => td.textContent)));
    expect(agentDays).toHaveLength(7);
    expect(agentDays.at(-1)).toEqual([new Date().toISOString().slice(0, 10), "3"]);

    // The CSV export of the pages table matches the table.
    const downloading = dash.waitForEvent("download");
    await dash.getByTestId("analytics-pages").getByRole("button", { name: "CSV" }).click();
    const csv = fs.readFileSync((await (await downloading).path())!, "utf8");
    expect(csv).toBe("Page,Count,Visitors\n/,2,2\n/getting-started/quick-start,1,1\n");

    // At 360 px the screen does not scroll sideways.
    expect(await dash.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The site card's sparkline says the same.
    await dash.goto(`${s.app.url}/dashboard`);
    expect(await dash.getByTestId("site-sparkline").locator("svg").getAttribute("aria-label")).toBe("3 page views in the last 14 days");
  });

  it("a visitor arriving by a link from another site counts that site as the referrer (the beacon's own Referer is the page)", async () => {
    const visitor = await browser.newContext({ userAgent: CHROME });
    const elsewhere = await visitor.newPage();
    await elsewhere.route("http://elsewhere.localhost/", (route) =>
      route.fulfill({ contentType: "text/html", body: `<a href="${site}/getting-started/quick-start">Lumen's quick start</a>` }),
    );
    await elsewhere.goto("http://elsewhere.localhost/");
    const counted = elsewhere.waitForRequest((r) => new URL(r.url()).pathname === "/_/view", { timeout: 10_000 });
    await elsewhere.getByRole("link", { name: "Lumen's quick start" }).click();
    expect((await (await counted).allHeaders())["referer"]).toBe(`${site}/getting-started/quick-start`);
    const owner = await signedIn(s.app.url, s.ownerEmails[0]!);
    let referrers: string[] = [];
    for (let i = 0; i < 50 && !referrers.includes("elsewhere.localhost"); i++) {
      const data = (await rpc(s.app.url, owner, "site", "getSiteAnalytics", { siteId: s.siteIds[0] })).body.result as { referrers: { value: string }[] };
      referrers = data.referrers.map((r) => r.value);
      if (!referrers.includes("elsewhere.localhost")) await new Promise((r) => setTimeout(r, 200));
    }
    expect(referrers).toContain("elsewhere.localhost");
    await visitor.close();
  });
});
