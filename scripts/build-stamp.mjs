// Plain JavaScript so `npm start` can check the build without loading tsx (see scripts/start.mjs).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..");
/** The server bundled by esbuild at build time (scripts/bundle-server.ts): `npm start` runs it with plain Node. */
export const SERVER_BUNDLE = path.join(ROOT, ".next", "pagewright-server", "server.mjs");
/** The site stylesheet and browser scripts, built and compressed by the build for the bundled server (src/site-server/assets.ts). */
export const SITE_ASSETS_DIR = path.join(path.dirname(SERVER_BUNDLE), "site-assets");
/** Sizes and modification times of the build's inputs when it was made: a start compares them without reading files. */
export const STAT_STAMP_FILE = path.join(ROOT, ".next", "BUILD_SOURCE_STAT");

const INPUT_DIRS = ["src", "public"];
const INPUT_FILES = ["next.config.ts", "postcss.config.mjs", "tsconfig.json", "package.json", "package-lock.json"];

function walk(dir, out) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.isFile()) out.push(full);
  }
}

/** Every file a build depends on, sorted. */
export function buildInputs() {
  const files = [];
  for (const d of INPUT_DIRS) walk(path.join(ROOT, d), files);
  for (const f of INPUT_FILES) if (fs.existsSync(path.join(ROOT, f))) files.push(path.join(ROOT, f));
  return files.sort();
}

/** A hash of the inputs' names, sizes and modification times: a few milliseconds, no file read. */
export function statFingerprint() {
  const hash = crypto.createHash("sha256");
  for (const file of buildInputs()) {
    const st = fs.statSync(file);
    hash.update(`${path.relative(ROOT, file)}\0${st.size}\0${st.mtimeMs}\0`);
  }
  return hash.digest("hex");
}

/** True when the inputs look exactly as they did at the last build (and its server bundle is there). */
export function buildLooksCurrent() {
  try {
    return fs.existsSync(SERVER_BUNDLE) && fs.readFileSync(STAT_STAMP_FILE, "utf8").trim() === statFingerprint();
  } catch {
    return false;
  }
}
