import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { sites } from "@/db/schema";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";

/**
 * Page mentions that another site of the same owner publishes, over real HTTP against the Notion stand-in's demo
 * workspace: the changelog entry "Lumen 2.0" mentions the blog post "Introducing Lumen 2.0" and the roadmap item
 * "Shareable funnels". On the owner's changelog both link to the owner's blog and roadmap; on another owner's
 * changelog with the same mentions they stay notion.so links.
 */

let s: SitesApp;

beforeAll(async () => {
  s = await startSitesApp(
    [
      { siteType: "changelog", page: workspaceIndex.changelog!, settings: { name: "Own Changelog" } },
      { siteType: "blog", page: workspaceIndex.blog!, settings: { name: "Own Blog" } },
      { siteType: "roadmap", page: workspaceIndex.roadmap!, settings: { name: "Own Roadmap" } },
      { siteType: "changelog", page: workspaceIndex.changelog!, settings: { name: "Stranger's Changelog" } },
    ],
    {
      env: { REVALIDATE_SECONDS: "1" },
      // One owner for the first three sites; the last stays another owner's.
      beforeStart: async (db) => {
        const all = await db.select().from(sites);
        const named = (name: string) => all.find((site) => (site.settings as { name?: string }).name === name)!;
        for (const name of ["Own Blog", "Own Roadmap"]) await db.update(sites).set({ ownerId: named("Own Changelog").ownerId }).where(eq(sites.id, named(name).id));
      },
    },
  );
}, 300_000);
afterAll(() => s?.stop());

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Views the page until `done` holds for it (syncs, and the links rebuilt after them, run in the background). */
async function pageUntil(host: string, path: string, done: (body: string) => boolean): Promise<string> {
  let body = "";
  for (let i = 0; i < 90 && !done(body); i++) {
    if (i) await wait(500);
    body = (await s.get(host, path)).body;
  }
  return body;
}

describe("mentions of pages the owner publishes on another site", () => {
  it("link to the owner's blog and roadmap, in the page and in its Markdown", async () => {
    const [changelog, blog, roadmap] = s.hosts as [string, string, string];
    // Every site syncs on its first visit.
    for (const host of [blog, roadmap]) await pageUntil(host, "/", (b) => b.includes("</html>") && !b.includes("Being published"));
    const blogPost = new RegExp(`href="https?://${blog.replace(/\./g, "\\.")}/introducing-lumen-20"`);
    const html = await pageUntil(changelog, "/lumen-20", (b) => blogPost.test(b));
    expect(html).toMatch(new RegExp(`See the announcement: <a class="notion-link" href="https?://${blog.replace(/\./g, "\\.")}/introducing-lumen-20"[^>]*>[\\s\\S]*?Introducing Lumen 2\\.0[\\s\\S]*?</a>\\.`));
    expect(html).toMatch(new RegExp(`<a class="notion-link" href="https?://${roadmap.replace(/\./g, "\\.")}/shareable-funnels"`));
    expect(html).not.toContain("https://www.notion.so/7e1e5e08f03b451e8be2a689ce56a717");
    const md = (await s.get(changelog, "/lumen-20.md")).body;
    expect(md).toMatch(new RegExp(`See the announcement: \\[Introducing Lumen 2\\.0\\]\\(https?://${blog.replace(/\./g, "\\.")}/introducing-lumen-20\\)\\.`));
  }, 90_000);

  it("stay notion.so links on another owner's changelog", async () => {
    const stranger = s.hosts[3]!;
    const html = await pageUntil(stranger, "/lumen-20", (b) => b.includes("See the announcement"));
    expect(html).toMatch(/See the announcement: <a class="notion-link" href="https:\/\/www\.notion\.so\/7e1e5e08f03b451e8be2a689ce56a717"/);
  });
});
