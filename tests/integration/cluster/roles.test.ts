import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/db/client";
import { siteSyncs } from "@/db/schema";
import { stubControl } from "../../../tools/notion-stub/control";
import { startApp, tempDataDir, type AppProcess } from "../../helpers/app-server";
import { rawRequest } from "../../helpers/raw-request";
import { pageIdOf, startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";

/**
 * Roles (PAGEWRIGHT_ROLE) on one PostgreSQL database: an app process, a sites-only process and, later, a worker.
 * The sites process serves pages without loading Next.js and leaves refreshes to the worker.
 */

const RECORDER = path.resolve(import.meta.dirname, "../../helpers/record-imports.mjs");
const importsDir = tempDataDir("imports-");
const recording = (name: string) => ({ NODE_OPTIONS: `--import=${RECORDER}`, RECORD_IMPORTS_FILE: path.join(importsDir, name) });
const loaded = (name: string) => fs.readFileSync(path.join(importsDir, name), "utf8").split("\n");
const loadsNext = (urls: string[]) => urls.some((u) => u.includes("/node_modules/next/"));

let s: SitesApp;
let app: AppProcess;
let sites: AppProcess;
let worker: AppProcess | undefined;
let db: Database;
let env: Record<string, string>;

beforeAll(async () => {
  env = { REVALIDATE_SECONDS: "1" };
  s = await startSitesApp([{ siteType: "simple", page: workspaceIndex.simple! }], { env: { ...env, PAGEWRIGHT_ROLE: "app", ...recording("app") } });
  app = s.app;
  env = { ...env, NOTION_API_BASE: s.stub.apiBaseUrl, NOTION_FILE_HOSTS: s.stub.url };
  sites = await startApp({ databaseUrl: app.databaseUrl, env: { ...env, PAGEWRIGHT_ROLE: "sites", ...recording("sites") } });
  db = await openDatabase({ databaseUrl: app.databaseUrl, dataDir: tempDataDir("db-") });
}, 300_000);
afterAll(async () => {
  await worker?.stop();
  await sites?.stop();
  await s?.stop();
  await db?.close();
});

const siteHost = (p: AppProcess) => s.hosts[0]!.replace(`:${app.port}`, `:${p.port}`);
const page = (p: AppProcess, url = "/") => rawRequest(`${p.url}${url}`, { host: siteHost(p) });
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";

async function until(check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not true within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("process roles", () => {
  it("a sites process serves published sites, not the app, and never loads Next.js", async () => {
    const first = await page(sites);
    expect(first.status).toBe(200);
    expect((await rawRequest(`${sites.url}/dashboard`, { host: `localhost:${sites.port}` })).status).toBe(421);
    const health = await rawRequest(`${sites.url}/api/health`, { host: `localhost:${sites.port}` });
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ ok: true, role: "sites" });
    expect(loadsNext(loaded("sites"))).toBe(false);
    // The same check sees Next.js in the app process.
    expect(loadsNext(loaded("app"))).toBe(true);
  });

  it("an app process serves the app, not published sites", async () => {
    expect((await page(app)).status).toBe(421);
    expect((await rawRequest(`${app.url}/api/health`, { host: `localhost:${app.port}` })).status).toBe(200);
  });

  it("a stale page read on the sites process is refreshed by a worker, not by the sites process", async () => {
    const before = titleOf((await page(sites)).body);
    expect(before).not.toBe("");
    const control = stubControl(s.stub.url);
    await control.touch(pageIdOf(workspaceIndex.simple!), "Refreshed by the worker");
    await new Promise((r) => setTimeout(r, 1_200));
    const callsBefore = (await control.calls()).total;
    // Readers keep the cached page; the sites process asks for a refresh instead of calling Notion.
    expect(titleOf((await page(sites)).body)).toBe(before);
    let asked: Date | null = null;
    await until(async () => {
      const [row] = await db.db.select({ wanted: siteSyncs.refreshWantedAt }).from(siteSyncs).where(eq(siteSyncs.siteId, s.siteIds[0]!));
      asked = row?.wanted ?? null;
      return asked != null;
    });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(titleOf((await page(sites)).body)).toBe(before);
    expect((await control.calls()).total).toBe(callsBefore);

    worker = await startApp({ databaseUrl: app.databaseUrl, env: { ...env, PAGEWRIGHT_ROLE: "worker" } });
    const health = await rawRequest(`${worker.url}/api/health`, { host: `localhost:${worker.port}` });
    expect(JSON.parse(health.body)).toMatchObject({ ok: true, role: "worker" });
    await until(async () => titleOf((await page(sites)).body).includes("Refreshed by the worker"));
    // The worker claimed the ask it saw. With REVALIDATE_SECONDS=1 a later read may rightly find the new snapshot stale
    // and ask again: any ask left must be newer than the worker's refresh, never the one it served.
    const [row] = await db.db
      .select({ wanted: siteSyncs.refreshWantedAt, syncedAt: siteSyncs.syncedAt })
      .from(siteSyncs)
      .where(eq(siteSyncs.siteId, s.siteIds[0]!));
    expect(row?.syncedAt?.getTime()).toBeGreaterThan(asked!.getTime());
    if (row?.wanted) expect(row.wanted.getTime()).toBeGreaterThan(row.syncedAt!.getTime());
  });
});
