import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./browser";
import { startDnsResponder, type DnsResponder } from "../helpers/dns-responder";
import { startSitesApp, workspaceIndex, type SitesApp } from "../helpers/sites";

/**
 * Validation errors sit under the field they are about, in an owner's words (issue 24, review D6): "Link 3 address:
 * must be a web address…", never a toast reading `navigation.2.href: Must be an url`. Lists (navigation links,
 * redirects) and one-field forms (the custom domain) alike.
 */

let s: SitesApp;
let dns: DnsResponder;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  dns = await startDnsResponder(); // the domain screen looks the domain up: here, never outside this machine
  s = await startSitesApp([{ siteType: "blog", page: workspaceIndex.blog! }], { env: { DNS_SERVERS: dns.server } });
  browser = await launchBrowser(["--host-resolver-rules=MAP *.localhost 127.0.0.1"]);
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.on("pageerror", (err) => pageErrors.push(err.message));
  await page.goto(`${s.app.url}/signin`);
  await page.getByLabel("Email (test login)").fill(s.ownerEmails[0]!);
  await page.getByRole("button", { name: "Sign in with test login" }).click();
  await page.waitForURL(`${s.app.url}/dashboard`);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
  await dns?.close();
});

const screen = (section: string) => `${s.app.url}/dashboard/sites/${s.siteIds[0]}/${section}`;

/** The sentence shown under a labelled input, found through the input's aria-describedby. */
async function errorUnder(label: string): Promise<string | null> {
  const input = page.getByLabel(label, { exact: true });
  expect(await input.getAttribute("aria-invalid")).toBe("true");
  const ids = (await input.getAttribute("aria-describedby"))?.split(" ") ?? [];
  return page.locator(`[id="${ids[0]}"]`).textContent();
}

describe("validation errors under their fields", () => {
  it("names the third navigation link in words under its address, focuses it, and shows no schema path", async () => {
    await page.goto(screen("general"));
    for (let i = 1; i <= 3; i++) {
      await page.getByRole("button", { name: "Add link" }).click();
      await page.getByLabel(`Link ${i} label`).fill(`Link ${i}`);
      await page.getByLabel(`Link ${i} address`).fill(i === 3 ? "pricing" : `/page-${i}`);
    }
    await page.getByRole("button", { name: "Save navigation" }).click();
    await expect.poll(() => page.getByTestId("field-error").count()).toBe(1);
    expect(await errorUnder("Link 3 address")).toBe("Link 3 address: must be a web address (https://…), a path (/…), # or mailto:");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-field"))).toBe("navigation.2.href");
    expect(await page.getByLabel("Link 1 address").getAttribute("aria-invalid")).toBeNull();
    expect(await page.locator("body").innerText()).not.toContain("navigation.2");

    // Fixed and saved: the error goes, and the links are stored.
    await page.getByLabel("Link 3 address").fill("/pricing");
    await page.getByRole("button", { name: "Save navigation" }).click();
    await page.getByText("Saved").first().waitFor();
    expect(await page.getByTestId("field-error").count()).toBe(0);
    await page.reload();
    expect(await page.getByLabel("Link 3 address").inputValue()).toBe("/pricing");
  });

  it("says under the custom CSS box (Appearance) when it is too long, and saves CSS that fits", async () => {
    await page.goto(screen("appearance"));
    const box = page.getByLabel("CSS", { exact: true });
    await box.fill("a".repeat(20_001));
    await page.getByText("20,001 of 20,000 characters").waitFor();
    await page.getByRole("button", { name: "Save CSS" }).click();
    await expect.poll(() => page.getByTestId("field-error").count()).toBe(1);
    expect(await errorUnder("CSS")).toBe("Custom CSS: can be at most 20,000 characters");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-field"))).toBe("theme.customCss");
    await box.fill(".site-header { border-bottom: 0; }");
    await page.getByRole("button", { name: "Save CSS" }).click();
    await page.getByText("Saved").first().waitFor();
    expect(await page.getByTestId("field-error").count()).toBe(0);
    await page.reload();
    expect(await page.getByLabel("CSS", { exact: true }).inputValue()).toBe(".site-header { border-bottom: 0; }");
  });

  it("puts a bad redirect source under that redirect's “from” field", async () => {
    await page.goto(screen("redirects"));
    await page.getByRole("button", { name: "Add redirect" }).click();
    await page.getByLabel("Redirect 1 from").fill("/old");
    await page.getByLabel("Redirect 1 to").fill("/new");
    await page.getByRole("button", { name: "Add redirect" }).click();
    await page.getByLabel("Redirect 2 from").fill("old-2?x=1");
    await page.getByLabel("Redirect 2 to").fill("/new");
    await page.getByRole("button", { name: "Save redirects" }).click();
    await expect.poll(() => page.getByTestId("field-error").count()).toBe(1);
    expect(await errorUnder("Redirect 2 from")).toMatch(/^Redirect 2 “from” path: A redirect source must be a path starting with \//);
    expect(await page.locator("body").innerText()).not.toContain("redirects.1");
  });

  it("shows a refused domain under the Domain field, and takes a pasted address as its host name", async () => {
    await page.goto(screen("domain"));
    await page.getByLabel("Domain", { exact: true }).fill("blog.example.com:8080");
    await page.getByRole("button", { name: "Save domain" }).click();
    await expect.poll(() => page.getByTestId("field-error").count()).toBe(1);
    expect(await errorUnder("Domain")).toBe("Domain: Enter the domain without a port");

    await page.getByLabel("Domain", { exact: true }).fill("https://www.Lumen-Example.test/");
    await page.getByRole("button", { name: "Save domain" }).click();
    await page.getByText("Domain saved").waitFor({ timeout: 20_000 });
    await page.getByTestId("domain-status").waitFor();
    expect(await page.getByTestId("domain-status").innerText()).toContain("www.lumen-example.test");
    // The field shows the domain as saved, not as pasted.
    expect(await page.getByLabel("Domain", { exact: true }).inputValue()).toBe("www.lumen-example.test");
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it("turns a colour name into #rrggbb, and refuses what is no colour at once, under the field, in the server's words", async () => {
    await page.goto(screen("appearance"));
    const text = page.getByLabel("Accent colour", { exact: true });
    await text.fill("red");
    await text.blur();
    await expect.poll(() => text.inputValue()).toBe("#ff0000");
    expect(await page.getByLabel("Accent colour picker").inputValue()).toBe("#ff0000");
    await text.fill("reddish");
    await text.blur();
    expect(await errorUnder("Accent colour")).toBe("Must be a colour like #2255dd");
    // The swatch keeps the last real colour instead of painting what Save would refuse.
    expect(await page.getByLabel("Accent colour picker").inputValue()).toBe("#ff0000");
    await text.fill("#2255dd");
    await expect.poll(() => page.getByTestId("field-error").count()).toBe(0);
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it("answers an unknown dashboard screen with the dashboard's own 404", async () => {
    await page.goto(screen("ai-chatbot"));
    // Inside the dashboard's own frame (its header), not Next's bare white page.
    await page.getByTestId("dashboard-not-found").waitFor();
    expect(await page.getByRole("link", { name: "Account" }).isVisible()).toBe(true);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("There is no such screen");
    await page.getByRole("link", { name: "Back to your sites" }).click();
    await page.waitForURL(`${s.app.url}/dashboard`);
  }, 60_000);

  it("AI screen: the ask address is encoded, and a token just created fills the setup snippets", async () => {
    await page.goto(screen("password"));
    await page.locator('input[type="password"]').fill("long enough secret");
    await page.getByRole("button", { name: "Protect with password" }).click();
    await page.getByText("Password set").waitFor({ timeout: 20_000 });
    await page.goto(screen("ai"));
    expect(await page.getByTestId("ask-url").textContent()).toMatch(/\/index\.md\?ask=your%20question$/);
    expect(await page.getByTestId("mcp-setup-Cursor").textContent()).toContain("Bearer <token>");
    await page.getByLabel("Token name").fill("Cursor");
    await page.getByRole("button", { name: "Create token" }).click();
    const token = (await page.getByTestId("new-agent-token").textContent())!;
    expect(token.length).toBeGreaterThan(20);
    for (const client of ["Claude Code", "Cursor", "VS Code"]) expect(await page.getByTestId(`mcp-setup-${client}`).textContent()).toContain(`Bearer ${token}`);
    // The two panels of the screen stand apart.
    const [chatbot, agents] = await Promise.all(["AI chatbot", "AI assistants (MCP)"].map((name) => page.getByRole("region", { name }).boundingBox()));
    expect(agents!.y - (chatbot!.y + chatbot!.height)).toBeGreaterThanOrEqual(16);
    expect(pageErrors).toEqual([]);
  }, 90_000);
});
