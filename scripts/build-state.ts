import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";

/** `npm start` builds when the build is missing or stale: a hash of sources, config and lockfile (CONTRACTS §1). */
export const ROOT = path.resolve(import.meta.dirname, "..");
const HASH_FILE = path.join(ROOT, ".next", "BUILD_SOURCE_HASH");
const INPUT_DIRS = ["src", "public"];
const INPUT_FILES = ["next.config.ts", "postcss.config.mjs", "tsconfig.json", "package.json", "package-lock.json"];

function walk(dir: string, out: string[]): void {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.isFile()) out.push(full);
  }
}

export function sourceHash(): string {
  const files: string[] = [];
  for (const d of INPUT_DIRS) walk(path.join(ROOT, d), files);
  for (const f of INPUT_FILES) if (fs.existsSync(path.join(ROOT, f))) files.push(path.join(ROOT, f));
  files.sort();
  const hash = crypto.createHash("sha256");
  for (const file of files) {
    hash.update(path.relative(ROOT, file));
    hash.update("\0");
    hash.update(fs.readFileSync(file));
    hash.update("\0");
  }
  return hash.digest("hex");
}

export function buildIsCurrent(): boolean {
  try {
    return fs.readFileSync(HASH_FILE, "utf8").trim() === sourceHash();
  } catch {
    return false;
  }
}

/** Runs `next build` unless the current build matches the sources. Throws when the build fails. */
export function ensureBuild(opts: { quiet?: boolean } = {}): void {
  if (buildIsCurrent()) return;
  const hash = sourceHash();
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
  fs.writeFileSync(HASH_FILE, hash);
}
