import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/build-state";
import { ensureTestBuild, freePort, tempDataDir } from "../helpers/app-server";
import { createTestDatabase, testDbMode } from "../helpers/test-database";

/**
 * Stopping `npm start` however it is stopped: the server must not outlive it, keeping the port and the PGlite lock.
 * Each start runs in a process group of its own, so "everything it started is gone" is "the group is empty".
 */

// The deadline the server promises: gone within 10 s of a stop or of losing the process that started it.
const STOP_DEADLINE_MS = 10_000;
const NPM_CLI = path.join(path.dirname(process.execPath), "..", "lib", "node_modules", "npm", "bin", "npm-cli.js");

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The processes of a process group, from /proc (field 5 of a process's stat is its group). */
function processesOf(group: number): { pid: number; ppid: number; command: string }[] {
  const found = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // A zombie (state Z) is gone but for its exit status, which its parent has not read yet.
      if (Number(fields[2]) !== group || fields[0] === "Z") continue;
      const command = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ").trim();
      found.push({ pid: Number(entry), ppid: Number(fields[1]), command });
    } catch {
      // gone while we looked
    }
  }
  return found;
}

/** Milliseconds until the group has no process left, or null if some process is still there after `withinMs`. */
async function msUntilGroupGone(group: number, withinMs: number): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < withinMs + 1_000) {
    if (processesOf(group).length === 0) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

const leftovers: number[] = [];
afterAll(() => {
  for (const group of leftovers) if (processesOf(group).length) process.kill(-group, "SIGKILL");
});

type Started = { child: ChildProcess; group: number };

/** Starts the product with `args` (plain `scripts/start.mjs`, or npm) as the leader of a new process group. */
async function start(args: string[], pipes: "pipe" | "ignore-after-ready" = "pipe"): Promise<Started> {
  ensureTestBuild();
  const port = await freePort();
  const databaseUrl = testDbMode() === "postgres" ? await createTestDatabase() : undefined;
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: tempDataDir(),
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: databaseUrl ? "integration-test-secret-0123456789" : undefined,
      // npm would otherwise ask the registry whether a newer npm exists: nothing leaves this machine.
      npm_config_update_notifier: "false",
    },
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
  if (pipes === "ignore-after-ready") {
    child.stdout!.resume();
    child.stderr!.resume();
  }
  return { child, group: child.pid! };
}

/** The server of a started tree: the Node process that runs scripts/start.mjs (not the shell npm runs it with). */
function serverOf(group: number): number {
  const server = processesOf(group).find((p) => /^\S*node\S* \S*scripts\/start\.mjs/.test(p.command));
  if (!server) throw new Error(`no server in the group: ${JSON.stringify(processesOf(group))}`);
  return server.pid;
}

describe("stopping", () => {
  it("exits on SIGTERM even when its stdout and stderr pipes have closed", async () => {
    const { child, group } = await start([path.join(ROOT, "scripts/start.mjs")]);
    // The parent goes away at the same moment: its ends of the pipes close as the group gets SIGTERM.
    child.stdout!.destroy();
    child.stderr!.destroy();
    process.kill(-group, "SIGTERM");
    expect(await msUntilGroupGone(group, 15_000), "a process of the group is still running 15 s after SIGTERM").not.toBeNull();
  }, 180_000);

  it("`npm start`: SIGTERM to npm alone stops the server too (npm does not pass it on)", async () => {
    const { group } = await start([NPM_CLI, "start"], "ignore-after-ready");
    const server = serverOf(group);
    expect(server).not.toBe(group); // npm, then a shell, then the server
    process.kill(group, "SIGTERM");
    const ms = await msUntilGroupGone(group, STOP_DEADLINE_MS);
    expect(ms, `still running ${STOP_DEADLINE_MS} ms after npm was stopped: ${JSON.stringify(processesOf(group))}`).not.toBeNull();
    expect(ms!).toBeLessThanOrEqual(STOP_DEADLINE_MS);
  }, 180_000);

  it("`npm start`: when npm is killed outright (SIGKILL, nothing passed on), the server notices and exits", async () => {
    const { group } = await start([NPM_CLI, "start"], "ignore-after-ready");
    const server = serverOf(group);
    process.kill(group, "SIGKILL");
    const ms = await msUntilGroupGone(group, STOP_DEADLINE_MS);
    expect(ms, `the server (${server}) is still running ${STOP_DEADLINE_MS} ms after npm was killed`).not.toBeNull();
    expect(alive(server)).toBe(false);
  }, 180_000);

  it("`npm start`: SIGTERM to the shell between npm and the server stops the whole tree", async () => {
    const { group } = await start([NPM_CLI, "start"], "ignore-after-ready");
    const server = serverOf(group);
    const shell = processesOf(group).find((p) => p.pid === processesOf(group).find((s) => s.pid === server)!.ppid)!;
    expect(shell.command).toMatch(/^sh /);
    process.kill(shell.pid, "SIGTERM");
    expect(await msUntilGroupGone(group, STOP_DEADLINE_MS), `still running: ${JSON.stringify(processesOf(group))}`).not.toBeNull();
  }, 180_000);

  it("`npm start`: SIGINT to the server alone stops it, and npm with it", async () => {
    const { group } = await start([NPM_CLI, "start"], "ignore-after-ready");
    process.kill(serverOf(group), "SIGINT");
    expect(await msUntilGroupGone(group, STOP_DEADLINE_MS), `still running: ${JSON.stringify(processesOf(group))}`).not.toBeNull();
  }, 180_000);
});
