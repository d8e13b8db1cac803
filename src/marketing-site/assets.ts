import fs from "node:fs/promises";
import path from "node:path";
import { makeCachedResponse, type CachedResponse } from "@/http/page-cache";

/**
 * The website's stylesheet and script: Tailwind over src/marketing-site only, and browser/enhance.ts bundled for the
 * browser. The build writes them next to the bundled server (writeMarketingAssets), so a process reads two files
 * instead of loading Tailwind, PostCSS and esbuild at every start (about a second of CPU); run from the sources
 * (`npm run dev`), they are built on first use.
 */

const HERE = import.meta.dirname;
const ROOT = path.resolve(HERE, "../..");
declare const __PAGEWRIGHT_SITE_ASSETS__: string | undefined;
const PREBUILT_DIR = typeof __PAGEWRIGHT_SITE_ASSETS__ === "string" ? path.join(ROOT, __PAGEWRIGHT_SITE_ASSETS__) : null;
const CSS_FILE = "marketing.css";
const SCRIPT_FILE = "marketing.js";

export type MarketingAssets = {
  /** Inlined in every page's <head>: no render-blocking request. */
  css: string;
  script: CachedResponse & { href: string };
};

async function buildCss(): Promise<string> {
  const [{ default: postcss }, { default: tailwind }] = await Promise.all([import("postcss"), import("@tailwindcss/postcss")]);
  const from = path.join(HERE, "site.css");
  const result = await postcss([tailwind({ base: ROOT, optimize: { minify: true } })]).process(await fs.readFile(from, "utf8"), { from });
  return result.css;
}

async function buildScript(): Promise<Buffer> {
  const { build } = await import("esbuild");
  const out = await build({
    entryPoints: [path.join(HERE, "browser/enhance.ts")],
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

function scriptResponse(bytes: Buffer): MarketingAssets["script"] {
  const body = makeCachedResponse(200, "text/javascript; charset=utf-8", bytes);
  return { ...body, href: `${MARKETING_SCRIPT_PATH}?v=${body.etag.slice(1, 13)}` };
}

/** The build's copies, or null when this process runs from the sources or the build wrote none. */
async function prebuiltAssets(): Promise<MarketingAssets | null> {
  if (!PREBUILT_DIR) return null;
  try {
    const [css, script] = await Promise.all([fs.readFile(path.join(PREBUILT_DIR, CSS_FILE), "utf8"), fs.readFile(path.join(PREBUILT_DIR, SCRIPT_FILE))]);
    return { css, script: scriptResponse(script) };
  } catch {
    return null;
  }
}

/** Run by the build: the stylesheet and script, written where the bundled server looks for them. */
export async function writeMarketingAssets(dir: string): Promise<void> {
  const [css, script] = await Promise.all([buildCss(), buildScript()]);
  await fs.mkdir(dir, { recursive: true });
  await Promise.all([fs.writeFile(path.join(dir, CSS_FILE), css), fs.writeFile(path.join(dir, SCRIPT_FILE), script)]);
}

export const MARKETING_SCRIPT_PATH = "/_website/site.js";

let assets: Promise<MarketingAssets> | null = null;

export function marketingAssets(): Promise<MarketingAssets> {
  if (!assets) {
    assets = prebuiltAssets().then(
      async (found) => found ?? Promise.all([buildCss(), buildScript()]).then(([css, script]) => ({ css, script: scriptResponse(script) })),
    );
    // A failed build is tried again on the next request instead of being remembered.
    assets.catch(() => {
      assets = null;
    });
  }
  return assets;
}
