import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser } from "./browser";
import { startSitesApp, workspaceIndex, type SitesApp } from "../helpers/sites";

/**
 * The AI screen's panel for agents in Chromium (issue 27), on a password-protected site: the MCP URL and each client's
 * setup lines (with the bearer header) and their copy buttons, an agent token created (shown once, then only its hint)
 * that opens the site to an agent until it is revoked, and the footer's "Use with your AI assistant" turned on.
 */

const PASSWORD = "open sesame";
const FOOTER_LINK = "Use with your AI assistant";

let s: SitesApp;
let browser: Browser;
let owner: BrowserContext;
let dash: Page;
let host = "";
beforeAll(async () => {
  s = await startSitesApp([{ siteType: "docs", page: workspaceIndex.docs!, settings: { name: "Lumen Docs" }, password: PASSWORD }]);
  host = s.hosts[0]!;
  browser = await launchBrowser(["--host-resolver-rules=MAP *.localhost 127.0.0.1"]);
  owner = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await owner.grantPermissions(["clipboard-read", "clipboard-write"], { origin: s.app.url });
  dash = await owner.newPage();
  await dash.goto(`${s.app.url}/dashboard`);
  await dash.waitForURL(/\/signin\?/);
  await dash.getByLabel("Email (test login)").fill(s.ownerEmails[0]!);
  await dash.getByRole("button", { name: "Sign in with test login" }).click();
  await dash.waitForURL(`${s.app.url}/dashboard`);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

const clipboard = () => dash.evaluate(() => navigator.clipboard.readText());
const openAiScreen = async () => {
  await dash.goto(`${s.app.url}/dashboard/sites/${s.siteIds[0]}/ai`);
  await dash.getByTestId("mcp-url").waitFor();
};
/** A page of the site as an agent with this bearer token sees it (no password cookie). */
const asAgent = async (token: string, path: string) => {
  const agent = await browser.newContext({ extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  const page = await agent.newPage();
  const res = await page.goto(`http://${host}${path}`);
  return { status: res!.status(), page, close: () => agent.close() };
};

describe("the AI screen's agents panel", () => {
  it("shows the MCP URL and each client's setup with the token header, and copies them", async () => {
    await openAiScreen();
    const mcpUrl = (await dash.getByTestId("mcp-url").textContent())!;
    expect(mcpUrl).toMatch(new RegExp(`^https?://${host.replace(/[.]/g, "\\.")}/_/mcp$`));
    expect(await dash.getByTestId("mcp-setup-Claude Code").textContent()).toBe(`claude mcp add --transport http lumen-docs ${mcpUrl} --header "Authorization: Bearer <token>"`);
    expect(JSON.parse((await dash.getByTestId("mcp-setup-Cursor").textContent())!)).toEqual({ mcpServers: { "lumen-docs": { url: mcpUrl, headers: { Authorization: "Bearer <token>" } } } });

    await dash.getByRole("button", { name: "Copy URL" }).click();
    await expect.poll(clipboard).toBe(mcpUrl);
    await dash.getByRole("button", { name: "Copy the Cursor setup" }).click();
    await expect.poll(clipboard).toBe(await dash.getByTestId("mcp-setup-Cursor").textContent());
    await dash.getByRole("button", { name: "Copy the Claude Code setup" }).click();
    await expect.poll(clipboard).toBe(await dash.getByTestId("mcp-setup-Claude Code").textContent());
  });

  it("creates a token shown once that opens the site to agents, turns the footer link on, and revokes the token", async () => {
    await openAiScreen();
    await dash.getByLabel("Token name").fill("Claude Code");
    await dash.getByRole("button", { name: "Create token" }).click();
    const token = (await dash.getByTestId("new-agent-token").textContent())!;
    expect(token).toMatch(/^pwa_[A-Za-z0-9_-]{40,}$/);
    await dash.getByRole("button", { name: "Copy token" }).click();
    await expect.poll(clipboard).toBe(token);
    const listed = dash.locator("li", { hasText: "Claude Code" });
    expect(await listed.locator("code").textContent()).toBe(`${token.slice(0, 10)}…`);

    // The token opens the site; without it the site stays locked.
    expect((await s.get(host, "/getting-started/quick-start.md")).status).toBe(401);
    expect((await s.get(host, "/getting-started/quick-start.md", { authorization: `Bearer ${token}` })).status).toBe(200);
    const before = await asAgent(token, "/getting-started/quick-start");
    expect(before.status).toBe(200);
    expect(await before.page.getByText(FOOTER_LINK).count()).toBe(0);
    await before.close();

    // Shown once: after a reload only the hint is left.
    await openAiScreen();
    expect(await dash.getByTestId("new-agent-token").count()).toBe(0);
    expect(await dash.content()).not.toContain(token);
    await expect.poll(() => dash.locator("li", { hasText: "Claude Code" }).count()).toBe(1);

    // The footer option, saved, shows on the site.
    await dash.getByRole("switch", { name: /Use with your AI assistant/ }).check();
    await dash.getByRole("button", { name: "Save footer" }).click();
    await dash.getByText("Saved").first().waitFor();
    const after = await asAgent(token, "/getting-started/quick-start");
    const link = after.page.getByRole("link", { name: FOOTER_LINK });
    expect(await link.getAttribute("href")).toBe("/llms.txt");
    await after.close();

    // Revoked: gone from the list, and the token opens nothing.
    await dash.locator("li", { hasText: "Claude Code" }).getByRole("button", { name: "Revoke" }).click();
    await dash.getByText("No tokens.").waitFor();
    const revoked = await asAgent(token, "/getting-started/quick-start");
    expect(revoked.status).toBe(401);
    await revoked.close();
  });
});
