import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inArray } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { sites } from "@/db/schema";
import { launchBrowser } from "./browser";
import { rawRequest } from "../helpers/raw-request";
import { startSitesApp, workspaceIndex, type SitesApp } from "../helpers/sites";
import { sectionsFor } from "@/app/(app)/dashboard/sites/[siteId]/sections/catalog";

/**
 * The app's own pages under a Content-Security-Policy: Next.js pages carry a per-response nonce that Next puts on its
 * own scripts (no 'unsafe-inline' for scripts), nobody may frame them, the product's website has a policy of its own,
 * and signing in and opening every dashboard screen in Chromium breaks none of it.
 */

let s: SitesApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const violations: string[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  s = await startSitesApp(
    [
      { siteType: "blog", page: workspaceIndex.blog!, settings: { name: "Csp Blog" } },
      { siteType: "docs", page: workspaceIndex.docs!, settings: { name: "Csp Docs" } },
    ],
    {
      // Both sites belong to one owner, so one signed-in browser sees every screen of both site types.
      beforeStart: async (db) => {
        const rows = await db.select().from(sites);
        await db.update(sites).set({ ownerId: rows[0]!.ownerId }).where(inArray(sites.id, rows.map((r) => r.id)));
      },
    },
  );
  browser = await launchBrowser(["--host-resolver-rules=MAP *.localhost 127.0.0.1"]);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // Every document the browser opens reports what its policy refused, before any of its own scripts run.
  await context.exposeBinding("__reportCspViolation", (_source, text: string) => void violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __reportCspViolation(t: string): void }).__reportCspViolation(`${location.pathname}: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page = await context.newPage();
  page.on("pageerror", (err) => pageErrors.push(err.message));
  page.on("console", (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(`console: ${msg.text()}`);
  });
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

const policyOf = (csp: string) => new Map(csp.split(";").map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name!, values]));

describe("the app's pages under a Content-Security-Policy", () => {
  it("Next.js pages carry a fresh nonce on every response, on every inline script, and no 'unsafe-inline' for scripts", async () => {
    const nonces = new Set<string>();
    for (const path of ["/signin", "/signin?callbackUrl=%2Fdashboard", "/new-site"]) {
      const res = await rawRequest(`${s.app.url}${path}`);
      const csp = String(res.headers["content-security-policy"] ?? "");
      const policy = policyOf(csp);
      const scriptSrc = policy.get("script-src") ?? [];
      const nonce = /^'nonce-([A-Za-z0-9+/=]+)'$/.exec(scriptSrc.find((v) => v.startsWith("'nonce-")) ?? "")?.[1];
      expect(nonce, `${path}: ${csp}`).toBeTruthy();
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
      expect(policy.get("object-src")).toEqual(["'none'"]);
      expect(res.headers["x-frame-options"]).toBe("DENY");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      nonces.add(nonce!);
      // Every script the page runs (not the JSON data block) carries this response's nonce.
      const scripts = [...res.body.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!).filter((attrs) => !/type="application\/json"/.test(attrs));
      expect(scripts.length).toBeGreaterThan(0);
      for (const attrs of scripts) expect(attrs, path).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(3);
  });

  it("the product's website has a policy too: its own script only, never framed", async () => {
    for (const path of ["/", "/pricing", "/docs"]) {
      const res = await rawRequest(`${s.app.url}${path}`);
      expect(res.status).toBe(200);
      const policy = policyOf(String(res.headers["content-security-policy"] ?? ""));
      expect(policy.get("script-src"), path).toBeDefined();
      expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
      expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
      expect(res.headers["x-frame-options"]).toBe("DENY");
    }
  });

  it("a page of another origin can't frame the dashboard", async () => {
    const framer = await context.newPage();
    // The framing page is on another origin than the app; its own second frame shows framing itself works.
    await framer.route("http://framer.localhost/", (route) =>
      route.fulfill({ contentType: "text/html", body: `<iframe id="app" src="${s.app.url}/signin"></iframe><iframe id="own" src="/own"></iframe>` }),
    );
    await framer.route("http://framer.localhost/own", (route) => route.fulfill({ contentType: "text/html", body: "<p>Framed fine</p>" }));
    // "load" waits for both frames, refused or not.
    await framer.goto("http://framer.localhost/", { waitUntil: "load" });
    expect(await framer.frameLocator("#own").getByText("Framed fine").count()).toBe(1);
    const app = await (await framer.$("#app"))!.contentFrame();
    expect(await app!.getByRole("button", { name: "Sign in with test login" }).count()).toBe(0);
    // The same page unframed has the button: the frame was refused, not slow.
    const direct = await context.newPage();
    await direct.goto(`${s.app.url}/signin`);
    expect(await direct.getByRole("button", { name: "Sign in with test login" }).count()).toBe(1);
    await Promise.all([framer.close(), direct.close()]);
  });

  it("signing in and opening every dashboard screen runs with no policy violation", async () => {
    await page.goto(`${s.app.url}/dashboard`);
    await page.waitForURL(/\/signin\?/);
    await page.getByLabel("Email (test login)").fill(s.ownerEmails[0]!);
    await page.getByRole("button", { name: "Sign in with test login" }).click();
    await page.waitForURL(`${s.app.url}/dashboard`);
    await page.getByTestId("site-card").first().waitFor();
    const visited: string[] = [];
    for (const [i, siteType] of (["blog", "docs"] as const).entries()) {
      for (const section of sectionsFor(siteType)) {
        const path = `/dashboard/sites/${s.siteIds[i]}/${section.id}`;
        const res = await page.goto(`${s.app.url}${path}`);
        expect(res?.status(), path).toBe(200);
        await page.getByRole("heading", { level: 1 }).first().waitFor();
        visited.push(path);
      }
    }
    for (const path of ["/dashboard/account", "/new-site", "/"]) {
      await page.goto(`${s.app.url}${path}`);
      await page.waitForLoadState("load");
      visited.push(path);
    }
    // A screen reached by the client-side router too (the nonce'd bundle loads the next screen's chunks).
    await page.goto(`${s.app.url}/dashboard`);
    await page.getByTestId("site-card").first().getByRole("link").first().click();
    await page.waitForURL(/\/dashboard\/sites\//);
    expect(visited.length).toBeGreaterThan(20);
    expect(violations).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
