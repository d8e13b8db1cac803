import { spawn } from "node:child_process";
import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, dataDirHolder, DataDirLockedError, lockFilePath } from "@/db/data-dir-lock";
import { tempDataDir } from "../../helpers/app-server";

/**
 * The PGlite data directory's lock file: a live holder keeps it, a dead one doesn't — including a process killed a
 * moment ago that its parent has not reaped yet (a zombie still answers `kill(pid, 0)`, but it holds nothing).
 */

const stop: (() => void)[] = [];
afterEach(() => stop.splice(0).forEach((f) => f()));

/** A process that has exited but is not reaped: a shell execs into `sleep`, which never waits for the shell's child. */
async function zombiePid(): Promise<number> {
  const parent = spawn("sh", ["-c", "sleep 0 & echo $!; exec sleep 30"], { stdio: ["ignore", "pipe", "ignore"] });
  stop.push(() => parent.kill("SIGKILL"));
  const pid = await new Promise<number>((resolve) => parent.stdout!.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim()))));
  for (let i = 0; i < 100 && !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8")); i++) await new Promise((r) => setTimeout(r, 20));
  expect(fs.readFileSync(`/proc/${pid}/stat`, "utf8")).toMatch(/^\d+ \(.*\) Z/);
  return pid;
}

describe("the data directory's lock", () => {
  it("is free when its holder is a killed process not yet reaped", async () => {
    const dir = tempDataDir("lock-");
    const pid = await zombiePid();
    fs.writeFileSync(lockFilePath(dir), String(pid));
    expect(dataDirHolder(dir)).toBeNull();
    const lock = acquireDataDirLock(dir);
    expect(fs.readFileSync(lockFilePath(dir), "utf8")).toBe(String(process.pid));
    lock.release();
  });

  it("is kept by a live process", () => {
    const dir = tempDataDir("lock-");
    const live = spawn("sleep", ["30"], { stdio: "ignore" });
    stop.push(() => live.kill("SIGKILL"));
    fs.writeFileSync(lockFilePath(dir), String(live.pid));
    expect(dataDirHolder(dir)).toBe(live.pid);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });
});
