import fs from "node:fs";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/db/client";
import { notionPages, siteSyncs } from "@/db/schema";
import { stubControl } from "../../../tools/notion-stub/control";
import { startApp, tempDataDir, type AppProcess } from "../../helpers/app-server";
import { rawRequest } from "../../helpers/raw-request";
import { pageIdOf, startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";

/**
 * Two processes on one PostgreSQL (PostgreSQL pass only): A dies (SIGKILL) in the middle of a site's refresh, holding
 * its lease. B keeps serving the last good snapshot and refreshes the site itself as soon as A is gone: A's sessions
 * on the server (named after its lease) closed with it, so its lease is void before it runs out.
 */

// Long, so that B's taking over before it runs out shows the dead holder was recognised, not the lease's end.
const LEASE_SECONDS = 60;

let s: SitesApp;
let a: AppProcess;
let b: AppProcess;
let database: Database;

beforeAll(async () => {
  const env = { REVALIDATE_SECONDS: "1", REFRESH_LEASE_SECONDS: String(LEASE_SECONDS) };
  s = await startSitesApp([{ siteType: "docs", page: workspaceIndex.docs! }], { env });
  a = s.app;
  b = await startApp({ databaseUrl: a.databaseUrl, env: { ...env, NOTION_API_BASE: s.stub.apiBaseUrl, NOTION_FILE_HOSTS: s.stub.url } });
  database = await openDatabase({ databaseUrl: a.databaseUrl, dataDir: tempDataDir("db-") });
}, 300_000);
afterAll(async () => {
  await b?.stop();
  await s?.stop();
  await database?.close();
});

const siteHost = (p: AppProcess) => s.hosts[0]!.replace(`:${a.port}`, `:${p.port}`);
const page = (p: AppProcess) => rawRequest(`${p.url}/`, { host: siteHost(p) });
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";

async function syncRow() {
  const [row] = await database.db.select().from(siteSyncs).where(eq(siteSyncs.siteId, s.siteIds[0]!));
  return row!;
}
async function storedPages(): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(notionPages).where(eq(notionPages.siteId, s.siteIds[0]!));
  return row!.n;
}

/** Every process under `pid`, children first found through each thread's list in /proc (Linux). */
function descendantsOf(pid: number): number[] {
  const childrenOf = (task: string) => {
    try {
      return fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return []; // the thread or process ended meanwhile
    }
  };
  let tasks: string[] = [];
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return tasks.flatMap(childrenOf).flatMap((child) => [child, ...descendantsOf(child)]);
}
/** Whether `pid` still runs (a zombie waiting to be reaped does not). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

/** Polls until `check` holds; fails after `withinMs` saying what was awaited. */
async function until(what: string, withinMs: number, check: () => Promise<boolean>): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > withinMs) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("a process killed mid-refresh", () => {
  it("loses nothing: B serves the last good snapshot, and takes the refresh over as soon as A is gone", async () => {
    const control = stubControl(s.stub.url);
    const rootPageId = pageIdOf(workspaceIndex.docs!);

    // The site has a good snapshot, served by both processes.
    const first = await page(a);
    expect(first.status).toBe(200);
    const goodTitle = titleOf(first.body);
    expect(goodTitle).not.toBe("");
    await until("both processes serve the site", 10_000, async () => (await page(b)).status === 200);
    const good = await syncRow();
    expect(good.version).toBeGreaterThan(0);
    const goodPages = await storedPages();
    expect(goodPages).toBeGreaterThan(0);

    // The owner edits the page in Notion; A's next read of it never gets an answer (held open until A is gone).
    await control.fault({ mode: "timeout", endpoint: "loadPageChunk", pageId: rootPageId, times: 1 });
    await control.touch(rootPageId, "Edited while A died");
    await new Promise((r) => setTimeout(r, 1_100)); // past REVALIDATE_SECONDS: the next read is stale

    // A stale read on A starts A's refresh; A takes the site's lease and waits on Notion.
    expect(titleOf((await page(a)).body)).toBe(goodTitle);
    await until("A holds the refresh lease", 10_000, async () => {
      const row = await syncRow();
      return Boolean(row.leaseOwner?.startsWith(`${a.child.pid}-`) && row.leaseUntil && row.leaseUntil.getTime() > Date.now());
    });
    const held = await syncRow();

    // A dies as a machine or container does: SIGKILL to the server and every process under it (esbuild's service),
    // all at once. (A test server shares the test's process group, so the group itself is not signalled.)
    const exited = new Promise<NodeJS.Signals | null>((resolve) => a.child.once("exit", (_code, signal) => resolve(signal)));
    const killed = [a.child.pid!, ...descendantsOf(a.child.pid!)];
    for (const pid of killed) process.kill(pid, "SIGKILL");
    expect(await exited).toBe("SIGKILL");
    await until("every process of A is gone", 10_000, async () => killed.every((pid) => !running(pid)));

    // Nothing lost: the snapshot A was replacing is whole, and B serves it while the dead process's lease holds.
    const afterKill = await syncRow();
    expect(afterKill.version).toBe(good.version);
    expect(afterKill.leaseOwner).toBe(held.leaseOwner);
    expect(await storedPages()).toBe(goodPages);
    const onB = await page(b);
    expect(onB.status).toBe(200);
    expect(titleOf(onB.body)).toBe(goodTitle);

    // B's readers get the refresh done by B: the edit appears, and the lease is freed.
    await until("B serves the edit", 30_000, async () => titleOf((await page(b)).body).includes("Edited while A died"));
    const taken = await syncRow();
    expect(taken.version).toBeGreaterThan(good.version);
    expect(taken.leaseOwner).toBeNull();
    expect(taken.lastError).toBeNull();
    // B took over before the dead process's lease ran out: its holder was gone.
    expect(taken.syncedAt!.getTime()).toBeLessThan(held.leaseUntil!.getTime());
  }, 120_000);
});
