import fs from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";

export const CHROMIUM_INSTALL_HINT = "apt-get install -y chromium";

/** Debian's Chromium (CONTRACTS §9). No silent skip: a missing browser fails with the command that installs it. */
export function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  if (!fs.existsSync(candidate)) {
    throw new Error(`Chromium was not found at ${candidate}. Install it with: ${CHROMIUM_INSTALL_HINT}  (or set CHROMIUM_PATH)`);
  }
  return candidate;
}

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
      ...extraArgs,
    ],
  });
}

/** A page in a fresh context (its own cookies) where any uncaught page error fails the test. */
export async function newStrictPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on("pageerror", (err) => {
    throw err;
  });
  return page;
}

/** Opens a signed-in-only path of the app: the sign-in page it redirects to, the test login as `email`, back to the path. */
export async function signInThrough(page: Page, appUrl: string, path: string, email: string): Promise<void> {
  await page.goto(`${appUrl}${path}`);
  await page.waitForURL(/\/signin\?/);
  await page.getByLabel("Email (test login)").fill(email);
  await page.getByRole("button", { name: "Sign in with test login" }).click();
  await page.waitForURL(`${appUrl}${path}`);
}
