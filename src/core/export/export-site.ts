import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { AppError } from "@/lib/errors";
import { exportReadme } from "./export-readme";
import { isServerPath, sitePathOf, staticPage, stylesheetPaths } from "./static-html";

/** One answer of the site server, as the export reads it. */
export type SiteAnswer = { status: number; contentType: string; location: string | null; body: Buffer };

export type ExportDeps = {
  /** A GET of a site path through the site server (its render path and cached snapshot: nothing is rendered here). */
  get(path: string): Promise<SiteAnswer>;
  /** The site's live address ("https://acme.example.com") and path prefix ("" or "/docs"). */
  origin: string;
  basePath: string;
  dir: string;
};

export type ExportSummary = { pages: string[]; files: number; bytes: number; skipped: { path: string; status: number }[] };

/** The files every site has besides its pages (a 404 is fine: a docs site has no feed). */
const SITE_FILES = ["/sitemap.xml", "/robots.txt", "/rss.xml", "/llms.txt", "/llms-full.txt", "/_/favicon.svg"];
/** The static-host convention for a missing page: the site's own 404 page, rendered from a path no page has. */
const NOT_FOUND_PROBE = "/_export-missing-page";
const MAX_PATHS = 100_000;
const IMAGE_EXTENSIONS: Record<string, string> = { "image/png": ".png", "image/jpeg": ".jpg", "image/gif": ".gif", "image/webp": ".webp", "image/avif": ".avif", "image/svg+xml": ".svg" };

/**
 * Writes a published site into `dir` as static files (docs/published-sites.md "A static copy"): every page reachable
 * from its home page or sitemap at `<path>/index.html`, its Markdown twin at `<path>.md`, the assets and images the
 * pages use, the feed, sitemap and llms.txt, a 404.html and a README.md saying what was left out.
 */
export async function exportSite(deps: ExportDeps): Promise<ExportSummary> {
  const dir = path.resolve(deps.dir);
  await fs.mkdir(dir, { recursive: true });
  if ((await fs.readdir(dir)).length > 0) throw new AppError("CONFLICT", `${dir} is not empty: export into a new or empty folder.`);
  const summary: ExportSummary = { pages: [], files: 0, bytes: 0, skipped: [] };
  const seen = new Set<string>();
  const queue: string[] = [];
  const enqueue = (p: string) => {
    if (seen.has(p) || isServerPath(p, deps.basePath) || seen.size >= MAX_PATHS) return;
    seen.add(p);
    queue.push(p);
  };
  const write = async (relative: string, body: Buffer | string) => {
    const file = path.join(dir, relative);
    if (!file.startsWith(dir + path.sep)) return;
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, body);
    summary.files++;
    summary.bytes += Buffer.byteLength(body);
  };

  /**
   * A page's images, saved as it is written: the image route's query (which file, which width) becomes part of the
   * file name, with the extension of its type, since a static host ignores queries and types files by extension.
   * Every other address the page uses is queued.
   */
  const images = new Map<string, Promise<string | null>>();
  const saveImage = async (ref: string): Promise<string | null> => {
    const answer = await deps.get(ref);
    if (answer.status !== 200) {
      summary.skipped.push({ path: ref, status: answer.status });
      return null;
    }
    const [imagePath = "", query = ""] = ref.split("?");
    const file = `${decodeURI(imagePath)}${query ? `-${crypto.createHash("sha256").update(query).digest("hex").slice(0, 12)}` : ""}${IMAGE_EXTENSIONS[answer.contentType.split(";")[0]!.trim()] ?? ""}`;
    await write(file, answer.body);
    return encodeURI(file);
  };
  const imagesOf = async (refs: string[]): Promise<Map<string, string>> => {
    const renamed = new Map<string, string>();
    for (const ref of refs) {
      const path = sitePathOf(ref);
      if (path === null) continue;
      if (!path.startsWith(`${deps.basePath}/_/img/`)) {
        enqueue(path);
        continue;
      }
      if (!images.has(ref)) images.set(ref, saveImage(ref));
      const file = await images.get(ref)!;
      if (file) renamed.set(ref, file);
    }
    return renamed;
  };

  enqueue(`${deps.basePath}/`);
  for (const p of SITE_FILES) enqueue(`${deps.basePath}${p}`);
  while (queue.length > 0) {
    const sitePath = queue.shift()!;
    const answer = await deps.get(encodeURI(sitePath));
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      await writeRedirect(write, sitePath, answer.location, enqueue);
      continue;
    }
    if (answer.status !== 200) {
      if (sitePath === `${deps.basePath}/`) throw new AppError("UNAVAILABLE", `The site's home page answered ${answer.status}: it has no content to export yet (wait for its first sync).`);
      summary.skipped.push({ path: sitePath, status: answer.status });
      continue;
    }
    if (answer.contentType.startsWith("text/html")) {
      const page = staticPage(answer.body.toString("utf8"), { origin: deps.origin, basePath: deps.basePath, pageUrl: `${deps.origin}${sitePath}` });
      await write(pageFileOf(sitePath), page.render(await imagesOf(page.refs)));
      summary.pages.push(sitePath);
      enqueue(markdownTwinOf(sitePath, deps.basePath));
    } else {
      await write(sitePath.endsWith("/") ? `${sitePath}index.html` : sitePath, answer.body);
      if (answer.contentType.startsWith("text/css")) stylesheetPaths(answer.body.toString("utf8"), sitePath).forEach(enqueue);
      if (sitePath.endsWith("/sitemap.xml")) sitemapPaths(answer.body.toString("utf8"), deps.origin).forEach(enqueue);
    }
  }
  const missing = await deps.get(`${deps.basePath}${NOT_FOUND_PROBE}`);
  if (missing.status === 404 && missing.contentType.startsWith("text/html")) {
    const page = staticPage(missing.body.toString("utf8"), { origin: deps.origin, basePath: deps.basePath, pageUrl: `${deps.origin}${deps.basePath}/` });
    await write("404.html", page.render(await imagesOf(page.refs)));
  }
  await write("README.md", exportReadme({ origin: deps.origin, basePath: deps.basePath, pages: summary.pages.length }));
  return summary;
}

/** "/" → "index.html", "/guide/setup" → "guide/setup/index.html": every page a folder, so /guide/setup/ serves it. */
export function pageFileOf(sitePath: string): string {
  const trimmed = sitePath.replace(/\/+$/, "");
  return trimmed ? `${trimmed.slice(1)}/index.html` : "index.html";
}

/** The site server's Markdown twin of a page: its path + ".md", "/index.md" for the home page. */
function markdownTwinOf(sitePath: string, basePath: string): string {
  const trimmed = sitePath.replace(/\/+$/, "");
  return trimmed === basePath ? `${basePath}/index.md` : `${trimmed}.md`;
}

/** The sitemap lists pages on the live origin; pages no link reaches are found there. */
function sitemapPaths(xml: string, origin: string): string[] {
  const paths: string[] = [];
  for (const match of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const url = match[1]!.trim();
    if (url.startsWith(`${origin}/`) || url === origin) paths.push(sitePathOf(url.slice(origin.length) || "/") ?? "/");
  }
  return paths;
}

/** An owner redirect, kept as a page that sends the browser on (a static host has no redirect table we can write). */
async function writeRedirect(write: (file: string, body: string) => Promise<void>, sitePath: string, location: string, enqueue: (p: string) => void): Promise<void> {
  const target = sitePathOf(location);
  if (target !== null) enqueue(target);
  const escaped = location.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  await write(pageFileOf(sitePath), `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0; url=${escaped}"><link rel="canonical" href="${escaped}"><a href="${escaped}">Moved here</a>\n`);
}
