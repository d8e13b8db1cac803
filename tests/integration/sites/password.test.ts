import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../../helpers/raw-request";
import { rpc, signedIn } from "../../helpers/rpc-client";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";
import { awayFromMinuteEdge } from "../../helpers/usage-window";
import type { SiteType } from "@/lib/site-types";

/**
 * A password-protected site of every type reveals nothing without the password: not pages, feeds, sitemap,
 * search, Markdown, llms.txt, images, Open Graph tags or JSON. With it, everything works.
 */

const PASSWORD = "correct horse battery";
const TYPES: [SiteType, string, string][] = [
  ["blog", workspaceIndex.blog!, "/introducing-lumen-20"],
  ["changelog", workspaceIndex.changelog!, "/lumen-20"],
  ["roadmap", workspaceIndex.roadmap!, "/cohort-analysis"],
  ["docs", workspaceIndex.docs!, "/getting-started/quick-start"],
  ["docsv2", workspaceIndex.docsv2!, "/api-v1"],
  ["help_desk", workspaceIndex.help_desk!, "/account-billing/how-do-i-change-my-plan"],
  ["simple", workspaceIndex.simple!, "/pricing"],
];
/** Words that would show the content leaked. */
const SECRETS = ["Lumen", "lumen", "Dashboards", "Pricing", "og:title", "notion"];

let s: SitesApp;
beforeAll(async () => {
  s = await startSitesApp([...TYPES.map(([siteType, page]) => ({ siteType, page, password: PASSWORD })), { siteType: "docs", page: workspaceIndex.docs! }]);
}, 240_000);
afterAll(() => s?.stop());

const unlock = async (host: string, password: string, next = "/") =>
  rawRequest(`${s.app.url}/_/password`, { host, method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ password, next }).toString() });

describe("password-protected sites", () => {
  it.each(TYPES.map(([type, , path], i) => [type, i, path] as const))("%s: nothing leaks without the password", async (_type, i, path) => {
    const host = s.hosts[i]!;
    const probes = [
      "/",
      path,
      `${path}.md`,
      "/index.md",
      "/rss.xml",
      "/sitemap.xml",
      "/robots.txt",
      "/llms.txt",
      "/llms-full.txt",
      "/_/search?q=lumen",
      "/_/custom.css",
      "/_/mcp",
      "/index.md?ask=lumen",
      "/no-such-page",
      "/_/img/00000000-0000-4000-8000-000000000000?src=attachment%3Ax%3Acover-dashboards.png",
      "/_/card.png",
      `/_/card${path}.png`,
    ];
    for (const probe of probes) {
      for (const accept of ["text/html", "application/json"]) {
        const res = await s.get(host, probe, { accept });
        expect(res.status, `${probe} (${accept})`).toBe(401);
        expect(res.headers["cache-control"]).toBe("private, no-store");
        // The form repeats the path the visitor asked for (their own input); nothing else may name the content.
        const body = res.body.replaceAll(`value="${probe}"`, "");
        for (const secret of SECRETS) expect(body.includes(secret), `${probe} leaks "${secret}"`).toBe(false);
      }
    }
    const form = await s.get(host, path);
    expect(form.body).toContain("This site is password protected");
    expect(form.body).toContain('name="next" value="' + path + '"');
    expect(form.body).not.toContain("og:");
  });

  it("a wrong password is refused; the right one opens the site, and only that site", async () => {
    const host = s.hosts[0]!;
    const wrong = await unlock(host, "nope");
    expect(wrong.status).toBe(401);
    expect(wrong.body).toContain("That password is not right.");
    expect(wrong.headers["set-cookie"]).toBeUndefined();
    const right = await unlock(host, PASSWORD, "/introducing-lumen-20");
    expect(right.status).toBe(303);
    expect(right.headers.location).toBe("/introducing-lumen-20");
    const cookie = String(right.headers["set-cookie"]).split(";")[0]!;
    expect(String(right.headers["set-cookie"])).toMatch(/HttpOnly; SameSite=Lax/);
    expect(String(right.headers["set-cookie"])).not.toMatch(/Domain=/i);
    const page = await s.get(host, "/introducing-lumen-20", { cookie });
    expect(page.status).toBe(200);
    expect(page.body).toContain("<h1>Introducing Lumen 2.0</h1>");
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect((await s.get(host, "/rss.xml", { cookie })).status).toBe(200);
    // The cookie is worth nothing on another protected site.
    expect((await s.get(s.hosts[1]!, "/", { cookie })).status).toBe(401);
    // An open redirect through `next` is not possible.
    expect((await unlock(host, PASSWORD, "//evil.example/")).headers.location).toBe("/");
    expect((await unlock(host, PASSWORD, "https://evil.example/")).headers.location).toBe("/");
  });

  it("rate-limits password attempts per visitor and site", async () => {
    const host = s.hosts[2]!;
    await awayFromMinuteEdge();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await unlock(host, `guess ${i}`)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
    // Even the right password waits out the limit.
    expect((await unlock(host, PASSWORD)).status).toBe(429);
  });

  it("a new password logs everyone out; removing it opens the site", async () => {
    const host = s.hosts[3]!;
    const cookie = String((await unlock(host, PASSWORD)).headers["set-cookie"]).split(";")[0]!;
    expect((await s.get(host, "/", { cookie })).status).toBe(200);
    const owner = await signedIn(s.app.url, s.ownerEmails[3]!);
    expect((await rpc(s.app.url, owner, "site", "updateSitePassword", { siteId: s.siteIds[3], password: "a different one" })).body.result).toMatchObject({ hasPassword: true });
    expect((await s.get(host, "/", { cookie })).status).toBe(401);
    await rpc(s.app.url, owner, "site", "updateSitePassword", { siteId: s.siteIds[3], password: null });
    expect((await s.get(host, "/")).status).toBe(200);
  });

  it("an open site is unaffected", async () => {
    expect((await s.get(s.hosts[7]!, "/")).status).toBe(200);
  });
});
