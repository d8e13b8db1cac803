import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { sites } from "@/db/schema";
import { launchBrowser, signInThrough } from "./browser";
import { rpc, signedIn } from "../helpers/rpc-client";
import { until } from "../helpers/until";
import { startSitesApp, workspaceIndex, type SitesApp } from "../helpers/sites";

/**
 * The owner's own code in Chromium, on a custom domain (owner.test) while the app answers on localhost: it runs (its
 * nonce matches the CSP), and it can neither read the app's cookies nor act on the owner's dashboard with the owner's
 * session; on a locked site's password page it does not run at all. Nothing here leaves the machine.
 */

/** The owner's script: what it can see and what its calls to the app's RPC came to, on `window.ownerReport`. */
const ATTACK = `<script>
(function () {
  var report = { cookie: document.cookie, cors: "pending", noCors: "pending" };
  window.ownerReport = report;
  var rpc = "http://localhost:" + location.port + "/api/site";
  var call = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "updateSite", params: { siteId: "SITE_ID", name: "Taken over" } });
  fetch(rpc, { method: "POST", credentials: "include", headers: { "content-type": "application/json" }, body: call })
    .then(function (r) { return r.text().then(function (t) { report.cors = "answered " + r.status + " " + t; }); }, function () { report.cors = "failed"; });
  fetch(rpc, { method: "POST", mode: "no-cors", credentials: "include", headers: { "content-type": "text/plain" }, body: call })
    .then(function () { report.noCors = "sent"; }, function () { report.noCors = "failed"; });
})();
</script>`;
const BODY = `<div id="owner-widget" style="padding:12px;border:2px solid currentColor">Book a call</div><script>document.getElementById("owner-widget").dataset.ran = "yes"</script>`;

let s: SitesApp;
let browser: Browser;
let appUrl: string;
beforeAll(async () => {
  s = await startSitesApp(
    [
      { siteType: "simple", page: workspaceIndex.simple!, customDomain: "owner.test", settings: { name: "Owner's site", bodyCode: BODY } },
      { siteType: "docs", page: workspaceIndex.docs!, customDomain: "locked.test", password: "correct horse battery", settings: { headCode: "<script>window.ownerHead = 1</script>", bodyCode: BODY } },
    ],
    {
      // The attack names the site it tries to rename: its id is known once the row exists.
      beforeStart: async (db) => {
        const [row] = await db.select({ id: sites.id }).from(sites).where(eq(sites.customDomain, "owner.test"));
        await db.update(sites).set({ settings: { name: "Owner's site", bodyCode: BODY, headCode: ATTACK.replace("SITE_ID", row!.id) } }).where(eq(sites.id, row!.id));
      },
    },
  );
  appUrl = s.app.url;
  browser = await launchBrowser(["--host-resolver-rules=MAP *.test 127.0.0.1"]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

type Report = { cookie: string; cors: string; noCors: string };

describe("the owner's own code in Chromium", () => {
  it("runs on the custom domain but can't read the app's cookies or act on the owner's dashboard", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInThrough(page, appUrl, "/dashboard", s.ownerEmails[0]!);
    // The owner's browser holds the app's session: what the owner's code must not reach.
    expect((await context.cookies(appUrl)).map((c) => c.name)).toContain("next-auth.session-token");

    await page.goto(`http://owner.test:${s.app.port}/`);
    await until(async () => (await page.evaluate(() => (window as unknown as { ownerReport?: Report }).ownerReport?.noCors)) !== "pending");
    await until(async () => (await page.evaluate(() => (window as unknown as { ownerReport?: Report }).ownerReport?.cors)) !== "pending");
    const report = await page.evaluate(() => (window as unknown as { ownerReport: Report }).ownerReport);
    expect(report.cookie).not.toMatch(/next-auth/);
    expect(report.cors).toBe("failed");
    expect(report.noCors).toBe("failed");
    expect(await page.locator("#owner-widget").getAttribute("data-ran")).toBe("yes");

    const jar = await signedIn(appUrl, s.ownerEmails[0]!);
    const mine = (await rpc(appUrl, jar, "site", "getUserSites", {})).body.result as { name: string; siteId: string }[];
    expect(mine.map((x) => x.name)).toEqual(["Owner's site"]);
    await context.close();
  });

  for (const width of [390, 1280]) {
    for (const colorScheme of ["light", "dark"] as const) {
      it(`shows the owner's widget and runs its script at ${width}px, ${colorScheme}`, async () => {
        const context = await browser.newContext({ viewport: { width, height: 844 }, colorScheme });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("pageerror", (e) => errors.push(e.message));
        await page.goto(`http://owner.test:${s.app.port}/`, { waitUntil: "networkidle" });
        const widget = page.locator("#owner-widget");
        await widget.waitFor();
        expect(await widget.getAttribute("data-ran")).toBe("yes");
        const box = (await widget.boundingBox())!;
        expect(box.width).toBeLessThanOrEqual(width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }

  it("does not run on a locked site's password page", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on("console", (m) => violations.push(m.text()));
    await page.goto(`http://locked.test:${s.app.port}/`, { waitUntil: "networkidle" });
    await page.getByText("This site is password protected").waitFor();
    expect(await page.evaluate(() => (window as unknown as { ownerHead?: number }).ownerHead)).toBeUndefined();
    expect(await page.locator("#owner-widget").count()).toBe(0);
    // Behind the password the owner's code is the owner's page again.
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button").first().click();
    await page.locator("#owner-widget").waitFor();
    expect(await page.evaluate(() => (window as unknown as { ownerHead?: number }).ownerHead)).toBe(1);
    await context.close();
  });
});

describe("the Your code screen", () => {
  for (const width of [390, 1280]) {
    it(`says where the code runs, shows a refused origin under its field, and saves code and origins at ${width}px`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const screen = `/dashboard/sites/${s.siteIds[0]}/code`;
      await signInThrough(page, appUrl, screen, s.ownerEmails[0]!);
      // The app answers on localhost, so only the custom domain carries the code; the rule is said in words.
      expect(await page.getByTestId("owner-code-hosts").innerText()).toBe("It runs on: owner.test.");
      await page.getByText("shares its domain with the dashboard").waitFor();

      const widget = `Book at ${width}`;
      await page.getByLabel("Body-end code", { exact: true }).fill(BODY.replace("Book a call", widget));
      await page.getByRole("button", { name: "Add script origin" }).click();
      await page.getByLabel("Script origin 1", { exact: true }).fill("'unsafe-inline' https://widget.example.com");
      await page.getByRole("button", { name: "Save code" }).click();
      await expect.poll(() => page.getByTestId("field-error").count()).toBe(1);
      const origin = page.getByLabel("Script origin 1", { exact: true });
      expect(await origin.getAttribute("aria-invalid")).toBe("true");
      const describedBy = (await origin.getAttribute("aria-describedby"))!.split(" ")[0]!;
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe("Script origin 1: must be an origin like https://widget.example.com");
      // Refused: nothing changed, on the site either.
      expect((await s.get(`owner.test:${s.app.port}`, "/")).body).not.toContain(widget);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await origin.fill("https://widget.example.com");
      await page.getByRole("button", { name: "Save code" }).click();
      await page.getByText("Saved").first().waitFor();
      expect(await page.getByTestId("field-error").count()).toBe(0);
      await until(async () => (await s.get(`owner.test:${s.app.port}`, "/")).body.includes(widget));
      const served = await s.get(`owner.test:${s.app.port}`, "/");
      expect(String(served.headers["content-security-policy"])).toMatch(/script-src [^;]*https:\/\/widget\.example\.com/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // Removed again, so each run starts from the same origins.
      await page.reload();
      await page.getByRole("button", { name: "Remove script origin 1" }).click();
      await page.getByRole("button", { name: "Save code" }).click();
      await page.getByText("Saved").first().waitFor();
      await context.close();
    });
  }
});
