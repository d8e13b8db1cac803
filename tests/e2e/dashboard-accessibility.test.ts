import fs from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { launchBrowser, signInThrough } from "./browser";
import { startSitesApp, workspaceIndex, type SitesApp } from "../helpers/sites";

/**
 * axe-core on the owner's screens (the site list, creating a site, the account, and a blog's General, Appearance,
 * Analytics, AI chatbot and Subscribers screens), light and dark, at 390 and 1280 px — as tests/e2e/accessibility.test.ts
 * does for the published sites.
 */

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const LOOKS = [
  { colorScheme: "light" as const, width: 1280 },
  { colorScheme: "dark" as const, width: 1280 },
  { colorScheme: "light" as const, width: 390 },
  { colorScheme: "dark" as const, width: 390 },
];

let s: SitesApp;
let browser: Browser;
const contexts = new Map<string, BrowserContext>();

beforeAll(async () => {
  s = await startSitesApp([{ siteType: "blog", page: workspaceIndex.blog! }]);
  browser = await launchBrowser();
  for (const look of LOOKS) {
    const context = await browser.newContext({ bypassCSP: true, colorScheme: look.colorScheme, viewport: { width: look.width, height: 900 } });
    await signInThrough(await context.newPage(), s.app.url, "/dashboard", s.ownerEmails[0]!);
    contexts.set(`${look.colorScheme} ${look.width}`, context);
  }
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

async function violationsAt(path: string): Promise<string[]> {
  const found: string[] = [];
  for (const [look, context] of contexts) {
    const page = await context.newPage();
    try {
      const res = await page.goto(`${s.app.url}${path}`, { waitUntil: "networkidle" });
      expect(res?.status(), path).toBe(200);
      await page.evaluate(AXE_SOURCE);
      const violations = (await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: unknown[] }> } }).axe;
        return (await axe.run(document)).violations;
      })) as { id: string; impact: string | null; nodes: { target: unknown[]; failureSummary?: string }[] }[];
      for (const v of violations) for (const node of v.nodes) found.push(`${look}: ${v.id} (${v.impact}) on ${JSON.stringify(node.target)}: ${node.failureSummary?.replace(/\s+/g, " ")}`);
    } finally {
      await page.close();
    }
  }
  return found;
}

describe("axe-core on the owner's screens", () => {
  it.each(["/dashboard", "/new-site", "/dashboard/account"])("no violations on %s", async (path) => {
    expect(await violationsAt(path)).toEqual([]);
  });
  it.each(["", "/appearance", "/analytics", "/ai", "/subscribers"])("no violations on a blog's screen %s", async (section) => {
    expect(await violationsAt(`/dashboard/sites/${s.siteIds[0]}${section}`)).toEqual([]);
  });
});
