import fs from "node:fs/promises";
import path from "node:path";
import postcss from "postcss";
import tailwind from "@tailwindcss/postcss";
import { build } from "esbuild";
import { makeCachedResponse, type CachedResponse } from "@/http/page-cache";

/**
 * The website's stylesheet and script, built once per process on first use (about 0.2 s): Tailwind over
 * src/marketing-site only, and browser/enhance.ts bundled for the browser. No build step, the same in dev and production.
 */

const HERE = import.meta.dirname;
const ROOT = path.resolve(HERE, "../..");

export type MarketingAssets = {
  /** Inlined in every page's <head>: no render-blocking request. */
  css: string;
  script: CachedResponse & { href: string };
};

async function buildCss(): Promise<string> {
  const from = path.join(HERE, "site.css");
  const result = await postcss([tailwind({ base: ROOT, optimize: { minify: true } })]).process(await fs.readFile(from, "utf8"), { from });
  return result.css;
}

async function buildScript(): Promise<MarketingAssets["script"]> {
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
  const body = makeCachedResponse(200, "text/javascript; charset=utf-8", Buffer.from(out.outputFiles[0]!.contents));
  return { ...body, href: `${MARKETING_SCRIPT_PATH}?v=${body.etag.slice(1, 13)}` };
}

export const MARKETING_SCRIPT_PATH = "/_website/site.js";

let assets: Promise<MarketingAssets> | null = null;

export function marketingAssets(): Promise<MarketingAssets> {
  if (!assets) {
    assets = Promise.all([buildCss(), buildScript()]).then(([css, script]) => ({ css, script }));
    // A failed build is tried again on the next request instead of being remembered.
    assets.catch(() => {
      assets = null;
    });
  }
  return assets;
}
