import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import zlib from "node:zlib";
import { buildSync } from "esbuild";
import { SITE_THEMES } from "@/lib/site-themes";

/**
 * The one stylesheet every published page links (our layout + react-notion-x blocks + KaTeX), built once per process,
 * versioned by its hash and served pre-compressed with a one-year cache. KaTeX fonts are served next to it.
 */

const require = createRequire(import.meta.url);
const ROOT = path.resolve(import.meta.dirname, "../..");
const KATEX_DIR = path.dirname(require.resolve("katex/dist/katex.min.css"));
const NOTION_CSS = require.resolve("react-notion-x/styles.css");
const SITE_CSS = path.join(import.meta.dirname, "render/site.css");

export type Asset = { body: Buffer; gzip: Buffer; br: Buffer; contentType: string; etag: string };

const etagOf = (body: Buffer) => `"${crypto.createHash("sha256").update(body).digest("hex").slice(0, 20)}"`;

function asset(body: Buffer, contentType: string): Asset {
  return {
    body,
    gzip: zlib.gzipSync(body, { level: 9 }),
    br: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    contentType,
    etag: etagOf(body),
  };
}

/**
 * The bundled server (scripts/bundle-server.mjs defines this) finds the stylesheet and browser scripts already built
 * and compressed next to it (writeSiteAssets, run by the build), so a new process's first page doesn't spend about
 * 0.4 s in esbuild and brotli. Run from the sources (`npm run dev`), they are built on first use.
 */
declare const __PAGEWRIGHT_SITE_ASSETS__: string | undefined;
const PREBUILT_DIR = typeof __PAGEWRIGHT_SITE_ASSETS__ === "string" ? path.join(ROOT, __PAGEWRIGHT_SITE_ASSETS__) : null;

/** A prebuilt file's bytes, or null when this process runs from the sources or the build has no such file. */
function prebuilt(name: string): Buffer | null {
  if (!PREBUILT_DIR) return null;
  try {
    return fs.readFileSync(path.join(PREBUILT_DIR, name));
  } catch {
    return null;
  }
}

/** An asset the build wrote (body, .gz and .br), or one built now. */
function prebuiltOrBuilt(name: string, contentType: string, build: () => Buffer): Asset {
  const [body, gzip, br] = [prebuilt(name), prebuilt(`${name}.gz`), prebuilt(`${name}.br`)];
  return body && gzip && br ? { body, gzip, br, contentType, etag: etagOf(body) } : asset(build(), contentType);
}

const CSS = "text/css; charset=utf-8";
const JAVASCRIPT = "text/javascript; charset=utf-8";

function buildStylesheet(): Buffer {
  const katex = fs.readFileSync(path.join(KATEX_DIR, "katex.min.css"), "utf8").replace(/url\(fonts\//g, "url(katex/");
  return Buffer.from([fs.readFileSync(NOTION_CSS, "utf8"), katex, openFontFaces(), fs.readFileSync(SITE_CSS, "utf8"), themeCss()].join("\n"));
}

/**
 * The looks an owner picks (settings.theme.name, on <html data-look>): one rule of custom properties each, which
 * site.css reads. The default look is site.css's own values, so it needs no rule.
 */
export function themeCss(): string {
  return Object.entries(SITE_THEMES)
    .filter(([name]) => name !== "default")
    .map(([name, t]) => {
      const pair = (key: keyof typeof t.light) => `--${key}:light-dark(${t.light[key]},${t.dark[key]})`;
      const colours = (["bg", "fg", "muted", "line", "soft"] as const).map(pair).join(";");
      return `:root:where([data-look="${name}"]){${colours};--font-size:${t.fontSize};--title-scale:${t.titleScale};--space:${t.space};--radius:${t.radius};--card-border:${t.cardBorder};--card-shadow:${t.cardShadow};--text:${t.text}}`;
    })
    .join("\n");
}

let stylesheet: (Asset & { href: string }) | null = null;

/** `/_/site.css?v=<hash>`; font URLs inside are relative, so they follow any path prefix. */
export function siteStylesheet(): Asset & { href: string } {
  if (stylesheet) return stylesheet;
  const built = prebuiltOrBuilt("site.css", CSS, buildStylesheet);
  stylesheet = { ...built, href: `/_/site.css?v=${built.etag.slice(1, 13)}` };
  return stylesheet;
}

const FONT_NAME = /^KaTeX_[A-Za-z0-9_-]+\.(woff2|woff|ttf)$/;
const fonts = new Map<string, Asset>();

export function katexFont(name: string): Asset | null {
  if (!FONT_NAME.test(name)) return null;
  const cached = fonts.get(name);
  if (cached) return cached;
  const file = path.join(KATEX_DIR, "fonts", name);
  if (!fs.existsSync(file)) return null;
  const type = name.endsWith(".woff2") ? "font/woff2" : name.endsWith(".woff") ? "font/woff" : "font/ttf";
  const built = asset(fs.readFileSync(file), type);
  fonts.set(name, built);
  return built;
}

/**
 * The open fonts an owner may choose (Inter, Lora, JetBrains Mono, from the @fontsource packages), served by the site
 * itself at /_/fonts/<file> so the CSP's `font-src 'self'` holds and no visitor's browser asks a font host. Declaring
 * them costs nothing: a browser downloads a face only when a page uses it, and only the subsets its text needs.
 */
const OPEN_FONTS: Record<string, { dir: string; faces: string[] }> = {
  inter: { dir: path.dirname(require.resolve("@fontsource/inter/400.css")), faces: ["400", "600", "700", "400-italic"] },
  lora: { dir: path.dirname(require.resolve("@fontsource/lora/400.css")), faces: ["400", "600", "700", "400-italic"] },
  "jetbrains-mono": { dir: path.dirname(require.resolve("@fontsource/jetbrains-mono/400.css")), faces: ["400", "700"] },
};

function openFontFaces(): string {
  return Object.values(OPEN_FONTS)
    .flatMap(({ dir, faces }) => faces.map((face) => fs.readFileSync(path.join(dir, `${face}.css`), "utf8").replace(/url\(\.\/files\//g, "url(fonts/")))
    .join("\n");
}

const OPEN_FONT_FILE = /^(inter|lora|jetbrains-mono)-[a-z-]+-[1-9]00-(normal|italic)\.(woff2|woff)$/;
const openFonts = new Map<string, Asset>();

/** `/_/fonts/<file>`: one of the open fonts' files, or null. */
export function openFont(name: string): Asset | null {
  const family = OPEN_FONT_FILE.exec(name)?.[1];
  if (!family) return null;
  const cached = openFonts.get(name);
  if (cached) return cached;
  const file = path.join(OPEN_FONTS[family]!.dir, "files", name);
  if (!fs.existsSync(file)) return null;
  const built = asset(fs.readFileSync(file), name.endsWith(".woff2") ? "font/woff2" : "font/woff");
  openFonts.set(name, built);
  return built;
}

const customSheets = new Map<string, { css: string; asset: Asset & { href: string } }>();

/**
 * A site's own CSS (theme.customCss) as an asset, built once per change of the text, not per request: the page
 * links `/_/custom.css?v=<hash>`, so a change is a new URL and the old one can be cached for a year.
 */
export function customStylesheet(siteId: string, css: string): (Asset & { href: string }) | null {
  if (!css.trim()) return null;
  const cached = customSheets.get(siteId);
  if (cached?.css === css) return cached.asset;
  const built = asset(Buffer.from(css), "text/css; charset=utf-8");
  const entry = { css, asset: { ...built, href: `/_/custom.css?v=${built.etag.slice(1, 13)}` } };
  if (customSheets.size >= 2_000) customSheets.clear();
  customSheets.set(siteId, entry);
  return entry.asset;
}

/** A browser script (TypeScript in ./browser) bundled and minified for the browser, once per process. */
function bundle(entry: string): Buffer {
  const out = buildSync({
    entryPoints: [path.join(import.meta.dirname, "browser", entry)],
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    write: false,
    tsconfig: path.join(ROOT, "tsconfig.json"),
    logLevel: "silent",
  });
  return Buffer.from(out.outputFiles[0]!.contents);
}

const scripts = new Map<string, Asset & { href: string }>();

/** The file name a browser script's bundle has among the prebuilt assets: `island.ts` → `island.js`. */
const bundledName = (entry: string) => entry.replace(/\.ts$/, ".js");

/** A script served from the site's own host at `route?v=<hash>` with a one-year cache. */
function scriptAsset(entry: string, route: string): Asset & { href: string } {
  let built = scripts.get(route);
  if (!built) {
    const body = prebuiltOrBuilt(bundledName(entry), JAVASCRIPT, () => bundle(entry));
    built = { ...body, href: `${route}?v=${body.etag.slice(1, 13)}` };
    scripts.set(route, built);
  }
  return built;
}

/** The browser scripts served as files (scriptAsset) and inlined in pages (inlineScript): what the build prebuilds. */
const SCRIPT_ENTRIES = ["island.ts", "votes.ts", "whats-new.ts", "changelog.ts", "chat.ts", "widget.ts"];
const INLINE_ENTRIES = ["theme.ts", "beacon.ts"];

/** `/_/site.js`: the small script of docs and help-desk pages (search, feedback, contents, copy as Markdown). */
export const siteIsland = () => scriptAsset("island.ts", "/_/site.js");

/** `/_/votes.js`: the roadmap board's island (one-click votes, counts, the idea form without an email once known). */
export const votesScript = () => scriptAsset("votes.ts", "/_/votes.js");

/** `/_/whats-new.js`: the What's-new widget changelogs offer for owners' own apps (any origin, shadow DOM). */
export const whatsNewScript = () => scriptAsset("whats-new.ts", "/_/whats-new.js");

/** `/_/changelog.js`: the changelog index's "since your last visit" marker. */
export const changelogScript = () => scriptAsset("changelog.ts", "/_/changelog.js");

/** `/_/chat.js`: the visitor chat page's script, loaded only inside the chat frame. */
export const chatScript = () => scriptAsset("chat.ts", "/_/chat.js");

/**
 * `/_/widget.js`: the chat launcher, the same script the app serves at `/widget.js` as the embeddable widget, so
 * published pages and owners' products run one script.
 */
export const widgetScript = () => scriptAsset("widget.ts", "/_/widget.js");

export type InlineScript = { source: string; sha256: string };
const inlined = new Map<string, InlineScript>();

/** A browser script bundled once per process for inlining, with its hash for the CSP (no 'unsafe-inline'). */
function inlineScript(entry: string): InlineScript {
  let built = inlined.get(entry);
  if (!built) {
    const source = (prebuilt(bundledName(entry)) ?? bundle(entry)).toString("utf8").trim();
    built = { source, sha256: crypto.createHash("sha256").update(source).digest("base64") };
    inlined.set(entry, built);
  }
  return built;
}

/**
 * The light/dark toggle (under 1 KB), inlined in every page's <head> so a visitor's choice applies before the first
 * paint without a render-blocking request; the CSP allows it by its hash.
 */
export const themeScript = () => inlineScript("theme.ts");

/**
 * The page-view beacon (a few hundred bytes), inlined at the end of every page's <body> and allowed by its hash in the
 * CSP: no request of its own, and it works on pages served from our cache or a CDN (it carries nothing per request).
 */
export const beaconScript = () => inlineScript("beacon.ts");

/**
 * Builds the stylesheet and every browser script into `dir` (body, and .gz and .br for the served ones): run by the
 * build (scripts/build-state.ts) for the bundled server to read at start instead of building them.
 */
export function writeSiteAssets(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const write = (name: string, built: Asset) => {
    fs.writeFileSync(path.join(dir, name), built.body);
    fs.writeFileSync(path.join(dir, `${name}.gz`), built.gzip);
    fs.writeFileSync(path.join(dir, `${name}.br`), built.br);
  };
  write("site.css", asset(buildStylesheet(), CSS));
  for (const entry of SCRIPT_ENTRIES) write(bundledName(entry), asset(bundle(entry), JAVASCRIPT));
  for (const entry of INLINE_ENTRIES) fs.writeFileSync(path.join(dir, bundledName(entry)), bundle(entry));
}
