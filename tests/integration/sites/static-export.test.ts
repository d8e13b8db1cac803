import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { parseDocument, DomUtils } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { sites } from "@/db/schema";
import { hashSitePassword } from "@/core/sites/update-site-password";
import { createNotionStub, type NotionStub } from "../../../tools/notion-stub/server";
import { migratedPgliteDataDir } from "../../helpers/pglite-template";
import { insertSite } from "../../helpers/test-db";
import { WORKSPACE, pageIdOf, workspaceIndex } from "../../helpers/sites";

/**
 * `npm run export`: the real script, on a database seeded with demo sites read from the Notion stand-in, and the
 * folder it writes served by a plain static file server, as any static host would.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");
const run = promisify(execFile);
let stub: NotionStub;
let dataDir: string;
const subdomains: Record<string, string> = {};

beforeAll(async () => {
  stub = await createNotionStub({ dataDir: WORKSPACE });
  dataDir = await migratedPgliteDataDir();
  const database = await openDatabase({ dataDir });
  try {
    await migrateDatabase(database);
    for (const [name, type] of [["blog", "blog"], ["docs", "docs"], ["locked", "blog"]] as const) {
      const { site } = await insertSite(database, type, pageIdOf(workspaceIndex[name === "locked" ? "blog" : name]!));
      subdomains[name] = site.subdomain;
      if (name === "locked") await database.db.update(sites).set({ passwordHash: await hashSitePassword("open sesame") }).where(eq(sites.id, site.id));
    }
  } finally {
    await database.close();
  }
}, 120_000);
afterAll(async () => {
  await stub?.close();
});

function exportTo(name: string, dir: string) {
  return run(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/export-site.ts", name, dir], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, NOTION_API_BASE: stub.apiBaseUrl, NOTION_FILE_HOSTS: stub.url, NOTION_REQUESTS_PER_SECOND: "1000", PORT: "3999" },
  });
}

/** A plain static file server: the file at the path, `<path>/index.html` for a folder, 404 otherwise; no query. */
async function serveFolder(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const wanted = decodeURIComponent((req.url ?? "/").split("?")[0]!);
    let file = path.join(dir, wanted);
    if (!file.startsWith(dir)) return void res.writeHead(403).end();
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, "index.html");
    if (!fs.existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200).end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const htmlFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".html")).map((f) => path.join(dir, f));

describe.each(["blog", "docs"])("npm run export of a %s", (kind) => {
  let dir: string;
  let served: Awaited<ReturnType<typeof serveFolder>>;
  let output: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), `export-${kind}-`));
    output = (await exportTo(subdomains[kind]!, dir)).stdout;
    served = await serveFolder(dir);
  }, 120_000);
  afterAll(async () => {
    await served?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("writes every page as <path>/index.html with its Markdown twin, the site files and a README", () => {
    const pages = htmlFiles(dir).filter((f) => f.endsWith("index.html"));
    expect(pages.length).toBeGreaterThan(3);
    expect(output).toMatch(new RegExp(`\\[export\\] ${pages.length} pages`));
    for (const file of ["index.html", "index.md", "sitemap.xml", "llms.txt", "llms-full.txt", "robots.txt", "README.md", "404.html", "_/site.css"]) {
      expect(fs.existsSync(path.join(dir, file)), file).toBe(true);
    }
    if (kind === "blog") expect(fs.readFileSync(path.join(dir, "rss.xml"), "utf8")).toContain("<rss");
    const readme = fs.readFileSync(path.join(dir, "README.md"), "utf8");
    expect(readme).toContain("Serve this folder at the root of a domain");
    expect(readme).toContain("What needs the live site");
    // The same HTML the site server renders: the home page's title and the site's stylesheet link.
    expect(fs.readFileSync(path.join(dir, "index.html"), "utf8")).toMatch(/<link[^>]+href="\/_\/site\.css\?v=/);
  });

  it("serves from a plain static server: every internal link, image, stylesheet and script answers 200", async () => {
    const checked = new Set<string>();
    for (const file of htmlFiles(dir)) {
      const doc = parseDocument(fs.readFileSync(file, "utf8"));
      const refs = [
        ...DomUtils.getElementsByTagName("a", doc).map((a) => a.attribs.href),
        ...DomUtils.getElementsByTagName("link", doc).map((l) => l.attribs.href),
        ...DomUtils.getElementsByTagName("img", doc).map((i) => i.attribs.src),
        ...DomUtils.getElementsByTagName("script", doc).map((s) => s.attribs.src),
      ];
      for (const ref of refs) {
        if (!ref || !ref.startsWith("/") || ref.startsWith("//")) continue;
        const target = ref.split("#")[0]!;
        if (!target || checked.has(target)) continue;
        checked.add(target);
        const res = await fetch(`${served.url}${target}`);
        expect(res.status, `${ref} (from ${path.relative(dir, file)})`).toBe(200);
      }
    }
    expect(checked.size).toBeGreaterThan(5);
    if (kind === "blog") expect([...checked].some((p) => p.startsWith("/_/img/"))).toBe(true);
  });

  it("holds no reference to a /_/ endpoint that needs the server", () => {
    const STATIC = /^\/_\/(site\.css|custom\.css|katex\/|fonts\/|img\/|favicon\.svg|changelog\.js)/;
    for (const file of htmlFiles(dir)) {
      const html = fs.readFileSync(file, "utf8");
      for (const match of html.matchAll(/["'(](\/_\/[^"')?#\s]*)/g)) expect(match[1], path.relative(dir, file)).toMatch(STATIC);
      expect(html).not.toMatch(/["'(]\/_\/(search|view|subscribe|chat|vote|feedback)/);
    }
    // The search box (every site type has one) degrades to a link to the live site's search.
    const home = fs.readFileSync(path.join(dir, "index.html"), "utf8");
    expect(home).toMatch(/<a href="http:\/\/[^"]+\/_\/search" class="export-live-link">Search this site on the live site<\/a>/);
    expect(home).not.toContain("<form");
  });
});

describe("npm run export of a protected site", () => {
  it("refuses with a clear error and writes nothing", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "export-locked-"));
    const failed = await exportTo(subdomains.locked!, dir).then(
      () => null,
      (err: { code: number; stderr: string }) => err,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain("is protected by a password and is not exported");
    expect(fs.readdirSync(dir)).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
