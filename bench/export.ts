import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { openDatabase } from "../src/db/client";
import { migrateDatabase } from "../src/db/migrate";
import { createNotionStub } from "../tools/notion-stub/server";
import { migratedPgliteDataDir } from "../tests/helpers/pglite-template";
import { insertSite } from "../tests/helpers/test-db";
import { WORKSPACE, pageIdOf, workspaceIndex } from "../tests/helpers/sites";
import type { BenchRow } from "./sync";

/**
 * `npm run export` on the demo blog and docs site: the wall time of the whole command (process start, database,
 * every page through the site server, files written) on a site already read from Notion, and what it wrote.
 */
const ROOT = path.resolve(import.meta.dirname, "..");

export async function benchExport(): Promise<BenchRow[]> {
  const stub = await createNotionStub({ dataDir: WORKSPACE });
  const dataDir = await migratedPgliteDataDir();
  const database = await openDatabase({ dataDir });
  const seeded: [string, string][] = [];
  try {
    await migrateDatabase(database);
    for (const type of ["blog", "docs"] as const) seeded.push([type, (await insertSite(database, type, pageIdOf(workspaceIndex[type]!))).site.subdomain]);
  } finally {
    await database.close();
  }
  const env = { ...process.env, DATA_DIR: dataDir, NOTION_API_BASE: stub.apiBaseUrl, NOTION_FILE_HOSTS: stub.url, NOTION_REQUESTS_PER_SECOND: "1000", PORT: "3999" };
  const exportTo = (name: string, dir: string) => promisify(execFile)(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/export-site.ts", name, dir], { cwd: ROOT, env });
  const rows: BenchRow[] = [];
  try {
    for (const [type, subdomain] of seeded) {
      const warm = fs.mkdtempSync(path.join(os.tmpdir(), "bench-export-"));
      await exportTo(subdomain, warm); // the first run reads the site from Notion
      fs.rmSync(warm, { recursive: true, force: true });
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-export-"));
      const started = performance.now();
      const { stdout } = await exportTo(subdomain, dir);
      const seconds = (performance.now() - started) / 1000;
      const [, pages = "?", files = "?", kb = "0"] = /(\d+) pages, (\d+) files, (\d+) KB/.exec(stdout) ?? [];
      rows.push({ name: `export of the demo ${type}`, pages: Number(pages), files: Number(files), "size (MB)": Number((Number(kb) / 1024).toFixed(1)), "npm run export (s)": Number(seconds.toFixed(1)) });
      fs.rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    await stub.close();
  }
  return rows;
}
