import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/build-state";
import { ensureTestBuild, freePort, tempDataDir } from "../helpers/app-server";
import { createTestDatabase, testDbMode } from "../helpers/test-database";

/**
 * `npm start` under a supervisor that goes away: SIGTERM to the whole process group while the pipes to the parent
 * close, so the server logs its shutdown into closed pipes. It must still be gone within a few seconds (issue 23).
 */

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const leftovers: number[] = [];
afterAll(() => {
  for (const pid of leftovers) if (alive(pid)) process.kill(-pid, "SIGKILL");
});

describe("stopping", () => {
  it("exits on SIGTERM even when its stdout and stderr pipes have closed", async () => {
    ensureTestBuild();
    const port = await freePort();
    const databaseUrl = testDbMode() === "postgres" ? await createTestDatabase() : undefined;
    const child = spawn(process.execPath, [path.join(ROOT, "scripts/start.mjs")], {
      cwd: ROOT,
      detached: true,
      env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: tempDataDir(), DATABASE_URL: databaseUrl, AUTH_SECRET: databaseUrl ? "integration-test-secret-0123456789" : undefined },
      stdio: ["ignore", "pipe", "pipe"],
    });
    leftovers.push(child.pid!);
    await new Promise<void>((resolve, reject) => {
      let out = "";
      const onData = (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes("[server] ready on")) resolve();
      };
      child.stdout!.on("data", onData);
      child.stderr!.on("data", onData);
      child.on("exit", (code) => reject(new Error(`exited with ${code} before it was ready:\n${out}`)));
    });
    // The parent goes away at the same moment: its ends of the pipes close as the group gets SIGTERM.
    child.stdout!.destroy();
    child.stderr!.destroy();
    process.kill(-child.pid!, "SIGTERM");
    const started = Date.now();
    while (alive(-child.pid!) && Date.now() - started < 15_000) await new Promise((r) => setTimeout(r, 100));
    let groupAlive = true;
    try {
      process.kill(-child.pid!, 0);
    } catch {
      groupAlive = false;
    }
    expect(groupAlive, "a process of the group is still running 15 s after SIGTERM").toBe(false);
  }, 120_000);
});
