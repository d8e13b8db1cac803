import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "../../scripts/build-state";

/** A hash of every migration's name and SQL: a migrated template made from other migrations is never reused. */
export function migrationsHash(): crypto.Hash {
  const hash = crypto.createHash("sha256");
  const folder = path.join(ROOT, "drizzle");
  for (const file of fs.readdirSync(folder).filter((f) => f.endsWith(".sql")).sort()) {
    hash.update(file).update(fs.readFileSync(path.join(folder, file)));
  }
  return hash;
}
