import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { SERVER_BUNDLE } from "../../scripts/build-stamp.mjs";
import { ensureBuild, ROOT } from "../../scripts/build-state";
import { migratedPgliteDataDir } from "./pglite-template";
import { createTestDatabase, testDbMode } from "./test-database";

export type AppProcess = {
  url: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<number | null>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export function tempDataDir(prefix = "app-data-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

let built = false;
/** One production build per test process (skipped when the sources still match the last build). */
export function ensureTestBuild(): void {
  if (built) return;
  ensureBuild({ quiet: true });
  built = true;
}

/**
 * Spawns the real server as a child process and resolves once it is ready. It runs what `npm start` runs: the server
 * bundled from the current sources (made by the build, which is rebuilt when src/ changes), with plain Node — about
 * 2 s less per start than type-stripping src/server.ts through tsx.
 */
export function spawnServer(env: Record<string, string | undefined>): { child: ChildProcess; output(): string; ready: Promise<void> } {
  ensureTestBuild();
  let out = "";
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      // The stand-ins are not Notion: tests run at their pace unless they test the budget or the refresh intervals
      // (the demo workspace was last edited weeks ago) themselves.
      NOTION_REQUESTS_PER_SECOND: "1000",
      REVALIDATE_QUIET_SECONDS: "0",
      REVALIDATE_IDLE_SECONDS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("[server] ready on")) resolve();
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => reject(new Error(`server exited with ${code} before it was ready:\n${out}`)));
  });
  return { child, output: () => out, ready };
}

export type StartAppOptions = {
  env?: Record<string, string | undefined>;
  dataDir?: string;
  /** Reuse a database (PostgreSQL mode) across restarts. */
  databaseUrl?: string;
};

/** Starts the product on a free port with a fresh PGlite dir, or a fresh PostgreSQL database when TEST_DB=postgres. */
export async function startApp(opts: StartAppOptions = {}): Promise<AppProcess> {
  ensureTestBuild();
  const port = await freePort();
  const databaseUrl = opts.databaseUrl ?? (testDbMode() === "postgres" ? await createTestDatabase() : undefined);
  const dataDir = opts.dataDir ?? (databaseUrl ? tempDataDir() : await migratedPgliteDataDir());
  const url = `http://localhost:${port}`;
  const { child, output, ready } = spawnServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: databaseUrl ? "integration-test-secret-0123456789" : undefined,
    // Drawing every page's social card after each first sync would cost every test server seconds of CPU; the cards'
    // own test turns it on.
    SOCIAL_CARDS_AT_PUBLISH: "0",
    ...opts.env,
  });
  await ready;
  return {
    url,
    port,
    dataDir,
    databaseUrl,
    child,
    output,
    stop: () =>
      new Promise((resolve) => {
        // Gone already: exited, or killed by a signal (a test's SIGKILL), which leaves exitCode null.
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once("exit", (code) => resolve(code));
        child.kill("SIGTERM");
      }),
  };
}
