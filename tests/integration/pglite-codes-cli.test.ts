import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { redeemCodes } from "@/db/schema";
import { startApp, tempDataDir, type AppProcess } from "../helpers/app-server";
import { withDatabase } from "../helpers/seed";

// PGlite only (excluded from the PostgreSQL pass): `npm run codes` against a data directory.
const ROOT = path.resolve(import.meta.dirname, "../..");
const codesCli = (args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts/codes.ts"), ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: "", ...env }, encoding: "utf8" });

let app: AppProcess | undefined;
afterAll(async () => {
  await app?.stop();
});

// Each test starts processes on a fresh PGlite directory: on a loaded machine that alone can pass the default 30 s.
describe("npm run codes", { timeout: 120_000 }, () => {
  it("generates codes, prints them as CSV and stores them unredeemed", async () => {
    const dataDir = tempDataDir();
    const run = codesCli(["generate", "--count", "5", "--plan", "pro"], { DATA_DIR: dataDir });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const [header, ...lines] = run.stdout.trim().split("\n");
    expect(header).toBe("code,plan");
    expect(lines).toHaveLength(5);
    for (const line of lines) expect(line).toMatch(/^LTD-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4},pro$/);
    const stored = await withDatabase({ dataDir }, (db) => db.select().from(redeemCodes));
    expect(stored.map((c) => `${c.code},${c.plan}`).sort()).toEqual([...lines].sort());
    expect(stored.every((c) => c.redeemedAt === null)).toBe(true);
  });

  it("refuses bad arguments with the usage", () => {
    const dataDir = tempDataDir();
    for (const args of [["generate", "--count", "0"], ["generate", "--count", "3", "--plan", "free"], ["make"]]) {
      const run = codesCli(args, { DATA_DIR: dataDir });
      expect(run.status, args.join(" ")).toBe(2);
      expect(run.stderr).toContain("usage: npm run codes -- generate --count <n> --plan <plan>");
    }
  });

  it("refuses a PGlite directory a running server holds, and writes nothing", async () => {
    app = await startApp();
    const run = codesCli(["generate", "--count", "3"], { DATA_DIR: app.dataDir });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`is in use by another process (pid ${app.child.pid})`);
    expect(run.stdout).toBe("");
  });
});
