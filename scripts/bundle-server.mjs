// Bundles src/server.ts and what it imports from src/ into .next/pagewright-server/ with esbuild, so `npm start` runs
// plain JavaScript instead of type-stripping the whole server through tsx on every start. Packages stay external
// (Node loads them from node_modules as usual); dynamic imports become their own chunks, so a sites-only process never
// loads the app's (Next.js, the product's website). Run by scripts/build-state.ts after `next build`.
import fs from "node:fs";
import path from "node:path";
import esbuild from "esbuild";
import { ROOT, SERVER_BUNDLE, SITE_ASSETS_DIR } from "./build-stamp.mjs";

const OUT_DIR = path.dirname(SERVER_BUNDLE);
const SRC = path.join(ROOT, "src");

/**
 * Our modules find files next to themselves (CSS, browser scripts, migrations) through import.meta.dirname/url. In
 * the bundle those would name the bundle's folder, so each source file gets its own original location back,
 * computed from the bundle's place at run time (the build stays where it was made, next to src/).
 */
const keepSourceLocation = {
  name: "keep-source-location",
  setup(build) {
    build.onLoad({ filter: /\.(ts|tsx)$/ }, async (args) => {
      if (!args.path.startsWith(SRC + path.sep)) return undefined;
      let contents = await fs.promises.readFile(args.path, "utf8");
      if (!contents.includes("import.meta.")) return undefined;
      const rel = path.relative(ROOT, args.path).split(path.sep).join("/");
      contents = contents
        .replaceAll("import.meta.dirname", `__pwSourcePath(${JSON.stringify(path.posix.dirname(rel))})`)
        .replaceAll("import.meta.url", `__pwSourceUrl(${JSON.stringify(rel)})`);
      return { contents, loader: args.path.endsWith(".tsx") ? "tsx" : "ts" };
    });
  },
};

const banner = [
  'import { pathToFileURL as __pwToUrl } from "node:url";',
  'import __pwPath from "node:path";',
  `const __pwRoot = __pwPath.resolve(import.meta.dirname, ${JSON.stringify(path.relative(OUT_DIR, ROOT))});`,
  "const __pwSourcePath = (rel) => __pwPath.join(__pwRoot, rel);",
  "const __pwSourceUrl = (rel) => __pwToUrl(__pwPath.join(__pwRoot, rel)).href;",
].join("\n");

fs.rmSync(OUT_DIR, { recursive: true, force: true });
await esbuild.build({
  absWorkingDir: ROOT,
  entryPoints: { server: path.join(SRC, "server.ts") },
  outdir: OUT_DIR,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  jsx: "automatic",
  tsconfig: path.join(ROOT, "tsconfig.json"),
  banner: { js: banner },
  // Where the bundled server finds the site assets the build writes after this (relative to the project).
  define: { __PAGEWRIGHT_SITE_ASSETS__: JSON.stringify(path.relative(ROOT, SITE_ASSETS_DIR)) },
  plugins: [keepSourceLocation],
  logLevel: "warning",
});
