import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { ROOT } from "../../scripts/build-state";
import { migrationsHash } from "./migrations-hash";

/**
 * Creating a PGlite cluster and running every migration costs ~10 s of CPU; copying a migrated one costs milliseconds.
 * Test servers start from a copy of one migrated data directory, made once per set of migrations and PGlite version.
 * The path from an empty directory is still run: the template itself is made by `migrateDatabase` on a fresh cluster,
 * and tests that give their own data directory (restarts, the demo, `npm start`) start from nothing.
 */
function templateKey(): string {
  const hash = migrationsHash();
  hash.update(fs.readFileSync(path.join(ROOT, "node_modules", "@electric-sql", "pglite", "package.json")));
  return hash.digest("hex").slice(0, 16);
}

let ready: Promise<string> | undefined;

async function template(): Promise<string> {
  const dir = path.join(os.tmpdir(), `pagewright-pglite-template-${templateKey()}`);
  if (fs.existsSync(path.join(dir, "pglite", "PG_VERSION"))) return dir;
  // Made aside and renamed into place, so a concurrent test process never copies a half-made one.
  const making = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-template-making-"));
  const database = await openDatabase({ dataDir: making });
  await migrateDatabase(database);
  await database.close();
  fs.rmSync(path.join(making, "pglite.lock"), { force: true });
  try {
    fs.renameSync(making, dir);
  } catch {
    fs.rmSync(making, { recursive: true, force: true }); // another process made it first
  }
  return dir;
}

/** A new data directory holding a migrated, empty PGlite database of its own. */
export async function migratedPgliteDataDir(prefix = "app-data-"): Promise<string> {
  ready ??= template();
  const source = await ready;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.cpSync(path.join(source, "pglite"), path.join(dir, "pglite"), { recursive: true });
  return dir;
}
