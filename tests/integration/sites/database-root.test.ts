import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";

/**
 * A full-page database as the root of a docs or help-desk site (issue 21 item 7, the NotionNext habit): the site is
 * named after the database, its rows are the pages — in the docs sidebar, as the help desk's articles — and Markdown
 * and llms.txt carry the database's title, not "Untitled".
 */

let s: SitesApp;
let docs: string, help: string;
beforeAll(async () => {
  s = await startSitesApp([
    { siteType: "docs", page: workspaceIndex.blog! },
    { siteType: "help_desk", page: workspaceIndex.blog! },
  ]);
  [docs, help] = s.hosts as [string, string];
}, 240_000);
afterAll(() => s?.stop());

describe("a database as the site's root", () => {
  it("docs: the database's title, and its rows in the sidebar as pages", async () => {
    const home = await s.get(docs, "/");
    expect(home.status).toBe(200);
    expect(home.body).toMatch(/<h1[^>]*>Lumen Blog<\/h1>/);
    expect(home.body).not.toContain("Untitled");
    const nav = /<aside class="docs-nav"[^>]*>([\s\S]*?)<\/aside>/.exec(home.body)?.[1] ?? "";
    expect(nav).toContain(">Introducing Lumen 2.0<");
    const row = await s.get(docs, "/introducing-lumen-20");
    expect(row.status).toBe(200);
    expect(row.body).toContain("biggest release since we launched");
    const md = await s.get(docs, "/index.md");
    expect(md.body.split("\n")[0]).toBe("# Lumen Blog");
    expect((await s.get(docs, "/llms.txt")).body.split("\n")[0]).toBe("# Lumen Blog");
  });

  it("docs and help desk: a row its Hidden checkbox marks (the blog's draft) never becomes a page", async () => {
    for (const host of [docs, help]) {
      const home = await s.get(host, "/");
      expect(home.body).toContain("Introducing Lumen 2.0");
      expect(home.body).not.toContain("Draft: Lumen for mobile apps");
      expect((await s.get(host, "/draft-lumen-for-mobile-apps")).status).toBe(404);
      expect((await s.get(host, "/llms.txt")).body).not.toContain("Draft: Lumen for mobile apps");
    }
  });

  it("help desk: the database's rows are the articles on the home page, not empty categories", async () => {
    const home = await s.get(help, "/");
    expect(home.status).toBe(200);
    expect(home.body).toMatch(/<h1[^>]*>Lumen Blog<\/h1>/);
    expect(home.body).toMatch(/<a href="\/introducing-lumen-20">Introducing Lumen 2\.0<\/a>/);
    expect(home.body).not.toContain("0 articles");
    const article = await s.get(help, "/introducing-lumen-20");
    expect(article.status).toBe(200);
    expect(article.body).toContain("biggest release since we launched");
  });
});
