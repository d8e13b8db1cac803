import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import zlib from "node:zlib";

/**
 * The one stylesheet every published page links (our layout + react-notion-x blocks + KaTeX), built once per process,
 * versioned by its hash and served pre-compressed with a one-year cache. KaTeX fonts are served next to it.
 */

const require = createRequire(import.meta.url);
const KATEX_DIR = path.dirname(require.resolve("katex/dist/katex.min.css"));
const NOTION_CSS = require.resolve("react-notion-x/styles.css");
const SITE_CSS = path.join(import.meta.dirname, "render/site.css");

export type Asset = { body: Buffer; gzip: Buffer; br: Buffer; contentType: string; etag: string };

function asset(body: Buffer, contentType: string): Asset {
  return {
    body,
    gzip: zlib.gzipSync(body, { level: 9 }),
    br: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    contentType,
    etag: `"${crypto.createHash("sha256").update(body).digest("hex").slice(0, 20)}"`,
  };
}

let stylesheet: (Asset & { href: string }) | null = null;

/** `/_/site.css?v=<hash>`; font URLs inside are relative, so they follow any path prefix. */
export function siteStylesheet(): Asset & { href: string } {
  if (stylesheet) return stylesheet;
  const katex = fs.readFileSync(path.join(KATEX_DIR, "katex.min.css"), "utf8").replace(/url\(fonts\//g, "url(katex/");
  const css = [fs.readFileSync(NOTION_CSS, "utf8"), katex, fs.readFileSync(SITE_CSS, "utf8")].join("\n");
  const built = asset(Buffer.from(css), "text/css; charset=utf-8");
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

let island: (Asset & { href: string }) | null = null;

/** `/_/site.js?v=<hash>`: the small script of docs and help-desk pages (search, feedback, contents, copy as Markdown). */
export function siteIsland(): Asset & { href: string } {
  if (island) return island;
  const built = asset(fs.readFileSync(path.join(import.meta.dirname, "render/island.js")), "text/javascript; charset=utf-8");
  island = { ...built, href: `/_/site.js?v=${built.etag.slice(1, 13)}` };
  return island;
}

let themeToggle: { source: string; sha256: string } | null = null;

/**
 * The light/dark toggle (about 1 KB), inlined in every page's <head> so a visitor's choice applies before the first
 * paint without a render-blocking request; the CSP allows it by its hash.
 */
export function themeScript(): { source: string; sha256: string } {
  if (themeToggle) return themeToggle;
  const source = fs.readFileSync(path.join(import.meta.dirname, "render/theme.js"), "utf8").trim();
  themeToggle = { source, sha256: crypto.createHash("sha256").update(source).digest("base64") };
  return themeToggle;
}

let chatUi: (Asset & { href: string }) | null = null;

/** `/_/chat.js?v=<hash>`: the visitor chat page's script, loaded only inside the chat frame. */
export function chatScript(): Asset & { href: string } {
  if (chatUi) return chatUi;
  const built = asset(fs.readFileSync(path.join(import.meta.dirname, "render/chat.js")), "text/javascript; charset=utf-8");
  chatUi = { ...built, href: `/_/chat.js?v=${built.etag.slice(1, 13)}` };
  return chatUi;
}

let launcher: (Asset & { href: string }) | null = null;

/**
 * `/_/widget.js?v=<hash>`: the chat launcher, the same file the app serves as the embeddable widget (public/widget.js),
 * so published pages and owners' products run one script.
 */
export function widgetScript(): Asset & { href: string } {
  if (launcher) return launcher;
  const built = asset(fs.readFileSync(path.join(import.meta.dirname, "../../public/widget.js")), "text/javascript; charset=utf-8");
  launcher = { ...built, href: `/_/widget.js?v=${built.etag.slice(1, 13)}` };
  return launcher;
}
