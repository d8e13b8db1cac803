import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { ROOT, SERVER_BUNDLE, SITE_ASSETS_DIR, STAT_STAMP_FILE, buildInputs, statFingerprint } from "./build-stamp.mjs";
import { writeSiteAssets } from "../src/site-server/assets";

/**
 * `npm start` builds when the build is missing or stale: a hash of sources, config and lockfile (docs/contracts.md §1). The
 * build is Next.js's plus our server bundled by esbuild and the site assets it reads; a stamp of the inputs' sizes
 * and times lets a start skip reading them (scripts/start.mjs).
 */
export { ROOT };
const HASH_FILE = path.join(ROOT, ".next", "BUILD_SOURCE_HASH");

export function sourceHash(): string {
  const hash = crypto.createHash("sha256");
  for (const file of buildInputs()) {
    hash.update(path.relative(ROOT, file));
    hash.update("\0");
    hash.update(fs.readFileSync(file));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** The product website's stylesheet and script, next to the site assets (scripts/write-marketing-assets.ts). */
function writeMarketingAssets(): void {
  const tsx = path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");
  const result = spawnSync(process.execPath, [tsx, path.join(ROOT, "scripts", "write-marketing-assets.ts"), SITE_ASSETS_DIR], { cwd: ROOT, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`building the website's assets failed (exit ${result.status})\n${result.stdout}\n${result.stderr}`);
}

/** Runs scripts/bundle-server.mjs (esbuild with a plugin needs its async API, so it runs in its own process). */
function bundleServer(): void {
  const result = spawnSync(process.execPath, [path.join(ROOT, "scripts", "bundle-server.mjs")], { cwd: ROOT, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`bundling the server failed (exit ${result.status})\n${result.stdout}\n${result.stderr}`);
}

export function buildIsCurrent(): boolean {
  try {
    return fs.readFileSync(HASH_FILE, "utf8").trim() === sourceHash() && fs.existsSync(SERVER_BUNDLE);
  } catch {
    return false;
  }
}

/** Runs `next build` and bundles the server unless the current build matches the sources. Throws when the build fails. */
export function ensureBuild(opts: { quiet?: boolean } = {}): void {
  if (buildIsCurrent()) {
    fs.writeFileSync(STAT_STAMP_FILE, statFingerprint());
    return;
  }
  const hash = sourceHash();
  const stamp = statFingerprint();
  if (!opts.quiet) console.log("[build] sources changed or no build yet: running next build…");
  const result = spawnSync(process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "build"], {
    cwd: ROOT,
    stdio: opts.quiet ? "pipe" : "inherit",
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    encoding: "utf8",
  });
  if (result.status !== 0) {
    throw new Error(`next build failed (exit ${result.status})\n${opts.quiet ? `${result.stdout}\n${result.stderr}` : ""}`);
  }
  bundleServer();
  writeSiteAssets(SITE_ASSETS_DIR);
  writeMarketingAssets();
  fs.writeFileSync(HASH_FILE, hash);
  fs.writeFileSync(STAT_STAMP_FILE, stamp);
}
