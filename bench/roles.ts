import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "@/db/client";
import { sites as sitesTable } from "@/db/schema";
import { siteHostKey } from "@/lib/site-address";
import { ROOT, sourceHash } from "../scripts/build-state";
import { ensureBuild } from "../scripts/build-state";
import { freePort, tempDataDir } from "../tests/helpers/app-server";
import { rawRequest } from "../tests/helpers/raw-request";
import { createTestDatabase } from "../tests/helpers/test-database";
import { seedManySites } from "./memory";
import type { BenchRow } from "./sync";

/**
 * `npm run bench -- roles`: each PAGEWRIGHT_ROLE started as users start it (`node scripts/start.mjs`, the bundled
 * server) on one PostgreSQL database holding BENCH_ROLES_SITES sites (demo sites copied, snapshots stored): time from
 * spawn to the first answer of /api/health and, for roles that serve sites, of a page; then resident memory (VmRSS)
 * after every site's home page was read once (the app after its landing and sign-in pages). The old start (tsx
 * loading src/server.ts, after hashing the sources) is measured the same way for comparison. Needs TEST_DATABASE_URL.
 */

const SITES = Number(process.env.BENCH_ROLES_SITES ?? 2000);
/** Only these runs (comma list of roles, e.g. `sites,worker`; `old` for the old start); default all. */
const ONLY = process.env.BENCH_ROLES_ONLY?.split(",").map((r) => r.trim());
const READERS = 8;
const MB = 1024 * 1024;

export type Started = { child: ChildProcess; port: number; firstAnswerMs: number; firstPageMs?: number; stop(): Promise<void> };

export async function benchRoles(): Promise<BenchRow[]> {
  if (!process.env.TEST_DATABASE_URL) throw new Error("bench roles needs TEST_DATABASE_URL (roles other than all need PostgreSQL)");
  ensureBuild();
  const databaseUrl = await createTestDatabase();
  const seededIn = await seedManySites(SITES, databaseUrl);
  const database = await openDatabase({ databaseUrl, dataDir: seededIn });
  const hostKeys = (await database.db.select({ siteType: sitesTable.siteType, subdomain: sitesTable.subdomain }).from(sitesTable)).map(siteHostKey);
  await database.close();

  const hashStarted = performance.now();
  sourceHash();
  const hashMs = Math.round(performance.now() - hashStarted);

  const rows: BenchRow[] = [];
  const runs: { name: string; role: string; command: string[]; readsSites: boolean }[] = [
    { name: "all (npm start, bundle)", role: "all", command: START_BUNDLE, readsSites: true },
    { name: "sites (npm start, bundle)", role: "sites", command: START_BUNDLE, readsSites: true },
    // docs/operations.md's recipe for a light sites process: V8's old space held to 128 MB and its young space to 1 MB a half
    // (the heap grows far past its live data otherwise).
    { name: `sites, ${SITES_FLAGS.join(" ")}`, role: "sites", command: [...SITES_FLAGS, ...START_BUNDLE], readsSites: true },
    { name: `all, ${ALL_FLAGS.join(" ")}`, role: "all", command: [...ALL_FLAGS, ...START_BUNDLE], readsSites: true },
    { name: "app (npm start, bundle)", role: "app", command: START_BUNDLE, readsSites: false },
    { name: "worker (npm start, bundle)", role: "worker", command: START_BUNDLE, readsSites: false },
    { name: `all, old start (tsx src/server.ts; + ${hashMs} ms hashing the sources)`, role: "all", command: ["--import", "tsx", path.join(ROOT, "src/server.ts")], readsSites: true },
  ];
  for (const run of runs) {
    if (ONLY && !ONLY.includes(run.name.startsWith("all, old") ? "old" : run.role)) continue;
    const started = await start({ command: run.command, databaseUrl, role: run.role, firstSiteHost: run.readsSites ? hostKeys[0]! : undefined });
    try {
      const readMs = run.readsSites ? await readEverySite(started.port, hostKeys) : await readAppPages(started.port, run.role);
      rows.push({
        name: run.name,
        "first answer ms": started.firstAnswerMs,
        "first page ms": started.firstPageMs ?? "",
        [`RSS after reading ${run.readsSites ? `${hostKeys.length} sites` : "app pages"} MB`]: +(rssOf(started.child.pid!) / MB).toFixed(0),
        "reads s": readMs === null ? "" : +(readMs / 1000).toFixed(1),
      });
    } finally {
      await started.stop();
    }
  }
  return rows;
}

/** docs/operations.md's V8 flags (NODE_OPTIONS) for a light `sites` process and for an all-in-one one. */
const SITES_FLAGS = ["--max-old-space-size=128", "--max-semi-space-size=1"];
const ALL_FLAGS = ["--max-old-space-size=384", "--max-semi-space-size=1"];

/** The bundled server, as `npm start` runs it. */
export const START_BUNDLE = [path.join(ROOT, "scripts/start.mjs")];

/**
 * Starts a process with PAGEWRIGHT_ROLE `role` on `databaseUrl` and waits for /api/health (and `firstSiteHost`'s home
 * page): its times from spawn. `quiet` drops its stderr (a run that logs every Notion 429).
 */
export async function start(opts: { command: string[]; databaseUrl: string; role: string; firstSiteHost?: string; env?: Record<string, string>; quiet?: boolean }): Promise<Started> {
  const { command, databaseUrl, role, firstSiteHost } = opts;
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, command, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: tempDataDir("bench-roles-"),
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: "bench-roles-secret-0123456789abcdef",
      PAGEWRIGHT_ROLE: role,
      // Seeded snapshots stay fresh: the bench measures serving, not Notion.
      REVALIDATE_SECONDS: "86400",
      NOTION_API_BASE: "http://127.0.0.1:9/api/v3",
      ...opts.env,
    },
    stdio: ["ignore", "ignore", opts.quiet ? "ignore" : "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  };
  try {
    const firstAnswerMs = await firstOk(began, () => rawRequest(`http://127.0.0.1:${port}/api/health`, { host: `localhost:${port}` }));
    const firstPageMs = firstSiteHost ? await firstOk(began, () => rawRequest(`http://127.0.0.1:${port}/`, { host: `${firstSiteHost}.localhost:${port}` })) : undefined;
    return { child, port, firstAnswerMs, firstPageMs, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Milliseconds from `began` until `ask` answers 200 (polled every 10 ms, for at most a minute). */
async function firstOk(began: number, ask: () => Promise<{ status: number }>): Promise<number> {
  for (;;) {
    const ok = await ask().then((r) => r.status === 200, () => false);
    const ms = Math.round(performance.now() - began);
    if (ok) return ms;
    if (ms > 60_000) throw new Error("no answer within a minute");
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function readEverySite(port: number, hostKeys: string[]): Promise<number> {
  const began = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: READERS }, async () => {
      while (next < hostKeys.length) {
        const key = hostKeys[next++]!;
        const res = await rawRequest(`http://127.0.0.1:${port}/`, { host: `${key}.localhost:${port}` });
        if (res.status !== 200) throw new Error(`${key}: ${res.status}`);
      }
    }),
  );
  return performance.now() - began;
}

async function readAppPages(port: number, role: string): Promise<number | null> {
  if (role !== "app") return null;
  const began = performance.now();
  for (const p of ["/", "/pricing", "/login", "/api/health"]) await rawRequest(`http://127.0.0.1:${port}${p}`, { host: `localhost:${port}` });
  return performance.now() - began;
}

/** Resident memory of a process (Linux). */
export function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb ?? 0) * 1024;
}
