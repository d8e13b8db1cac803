import { spawn } from "node:child_process";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { contentSiteOf } from "@/core/sites/content-site-of";
import { sites as sitesTable } from "@/db/schema";
import { openDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { createNotionGateway } from "@/notion/notion-gateway";
import { createContentService, type SiteSnapshot } from "@/notion/site-content";
import { acquireLease, writeSnapshot } from "@/notion/snapshot-store";
import type { SiteType } from "@/lib/site-types";
import { siteModelOf, type SiteModel } from "@/site-model/site-model";
import { createNotionStub } from "../tools/notion-stub/server";
import { tempDataDir } from "../tests/helpers/app-server";
import { WORKSPACE, pageIdOf, workspaceIndex } from "../tests/helpers/sites";
import { insertSite } from "../tests/helpers/test-db";
import type { BenchRow } from "./sync";

/**
 * Memory for many sites in one process: the demo workspace's seven sites, fetched once from the Notion
 * stand-in, stored again under SITES site ids (PGlite), then every site read through the content service and its
 * page model built, in a fresh child process with --expose-gc: once with the snapshot cache unbounded, once with the
 * default SNAPSHOT_CACHE_MB. Figures are the JS heap after a full GC, minus the heap before the reads.
 */

const SITES = Number(process.env.BENCH_MEMORY_SITES ?? 1000);
const DEFAULT_CACHE_MB = 256;
/** A bound the demo-sized sites overflow, to show it at work. */
const SMALL_CACHE_MB = 64;
/** The site server keeps this many page models (src/site-server/site-cache.ts MAX_MODELS). */
const SERVER_MODELS = 200;
const TYPES: SiteType[] = ["blog", "changelog", "roadmap", "docs", "docsv2", "help_desk", "simple"];
const MB = 1024 * 1024;

type Measured = { cacheMb: number | "unbounded"; snapshotsHeap: number; modelsHeap: number; cachedSites: number; countedBytes: number; sites: number; models: number };

export async function benchMemory(): Promise<BenchRow[]> {
  const dataDir = await seedManySites(SITES);
  try {
    const unbounded = await measureInChild(dataDir, "unbounded");
    const bounded = await measureInChild(dataDir, String(DEFAULT_CACHE_MB));
    const small = await measureInChild(dataDir, String(SMALL_CACHE_MB));
    const perSnapshot = unbounded.snapshotsHeap / unbounded.sites;
    const perModel = unbounded.modelsHeap / unbounded.models;
    const mb = (bytes: number) => +(bytes / MB).toFixed(2);
    const serverModels = Math.min(SERVER_MODELS, SITES) * perModel;
    return [
      { name: `snapshot per site (heap, average of ${SITES})`, value: mb(perSnapshot), unit: "MB" },
      { name: "page model per site (heap, average)", value: mb(perModel), unit: "MB" },
      { name: `${SITES} sites' snapshots, cache unbounded`, value: mb(unbounded.snapshotsHeap), unit: "MB", cached: unbounded.cachedSites },
      { name: `${SITES} sites' snapshots, SNAPSHOT_CACHE_MB=${DEFAULT_CACHE_MB}`, value: mb(bounded.snapshotsHeap), unit: "MB", cached: bounded.cachedSites },
      { name: "  the cache's own count (text bytes × 3)", value: mb(bounded.countedBytes), unit: "MB", cached: bounded.cachedSites },
      { name: `${SITES} sites' snapshots, SNAPSHOT_CACHE_MB=${SMALL_CACHE_MB}`, value: mb(small.snapshotsHeap), unit: "MB", cached: small.cachedSites },
      { name: `+ ${Math.min(SERVER_MODELS, SITES)} page models (the site server's model cache)`, value: mb(serverModels), unit: "MB" },
      { name: `${SITES} sites in one process, unbounded (snapshots + models)`, value: mb(unbounded.snapshotsHeap + serverModels), unit: "MB" },
      { name: `${SITES} sites in one process, default bound (snapshots + models)`, value: mb(bounded.snapshotsHeap + serverModels), unit: "MB" },
    ];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The demo sites fetched once through the real reader, then written again under `count` site ids (PGlite in the
 * returned data directory, or the PostgreSQL database given). Also used by bench/roles.ts.
 */
export async function seedManySites(count: number, databaseUrl?: string): Promise<string> {
  const stub = await createNotionStub({ dataDir: WORKSPACE });
  const dataDir = tempDataDir("bench-memory-");
  const database = await openDatabase({ dataDir, databaseUrl });
  try {
    await migrateDatabase(database);
    const content = createContentService({ db: database.db, gateway: createNotionGateway({ apiBaseUrl: stub.apiBaseUrl, timeoutMs: 10_000 }), revalidateMs: 3_600_000 });
    const fetched = new Map<SiteType, SiteSnapshot>();
    for (const siteType of TYPES) {
      const notionPageId = pageIdOf(workspaceIndex[siteType]!);
      const { site } = await insertSite(database, siteType, notionPageId);
      const result = await content.refresh({ id: site.id, siteType, notionPageId, settings: { versions: [] } });
      if (result.status !== "updated") throw new Error(`could not fetch the demo ${siteType} site: ${result.status}`);
      fetched.set(siteType, (await content.getSnapshot(site.id))!);
    }
    for (let i = TYPES.length; i < count; i++) {
      const siteType = TYPES[i % TYPES.length]!;
      const source = fetched.get(siteType)!;
      const { site } = await insertSite(database, siteType, pageIdOf(workspaceIndex[siteType]!));
      await acquireLease(database.db, site.id, "bench", 60_000);
      await writeSnapshot(database.db, site.id, "bench", { upsert: [...source.pages.values()], remove: [] });
    }
  } finally {
    await database.close();
    await stub.close();
  }
  return dataDir;
}

function measureInChild(dataDir: string, cacheMb: string): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--expose-gc", "--import", "tsx", fileURLToPath(import.meta.url), "--child", dataDir, cacheMb], {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, NODE_ENV: "production" },
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d));
    child.on("exit", (code) => {
      const line = out.trim().split("\n").at(-1) ?? "";
      if (code === 0 && line.startsWith("{")) resolve(JSON.parse(line) as Measured);
      else reject(new Error(`memory child exited with ${code}: ${out}`));
    });
  });
}

/** In the child: heap after a full GC. */
function heapNow(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("run with --expose-gc");
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().heapUsed;
}

async function child(dataDir: string, cacheMbArg: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  const list = (await database.db.select().from(sitesTable)).map(contentSiteOf);
  const cacheBytes = cacheMbArg === "unbounded" ? Number.MAX_SAFE_INTEGER : Number(cacheMbArg) * MB;
  const gateway = createNotionGateway({ apiBaseUrl: "http://127.0.0.1:9/api/v3", timeoutMs: 1000 });
  const content = createContentService({ db: database.db, gateway, revalidateMs: 3_600_000, cacheBytes });
  // Warm the code paths (query builder, JSON parse, model) so their one-time allocations are not counted.
  const warm = await content.getSnapshot(list[0]!.id);
  siteModelOf(list[0]!, warm!);
  content.forget(list[0]!.id);
  const before = heapNow();

  for (const site of list) {
    const snapshot = await content.getSnapshot(site.id);
    if (!snapshot || !siteModelOf(site, snapshot)) throw new Error(`site ${site.id} (${site.siteType}) has no model`);
  }
  const afterSnapshots = heapNow();

  // Every model kept, to weigh one (the server keeps SERVER_MODELS of them). Only with every snapshot cached, so the
  // figure is the model's own structures: a model also holds its snapshot's record maps.
  const models: (SiteModel | null)[] = [];
  if (cacheMbArg === "unbounded") for (const site of list) models.push(siteModelOf(site, (await content.getSnapshot(site.id))!));
  const afterModels = heapNow();

  const { sites: cachedSites, bytes: countedBytes } = content.memory();
  const measured: Measured = {
    cacheMb: cacheMbArg === "unbounded" ? "unbounded" : Number(cacheMbArg),
    snapshotsHeap: afterSnapshots - before,
    modelsHeap: afterModels - afterSnapshots,
    cachedSites,
    countedBytes,
    sites: list.length,
    models: models.length,
  };
  await database.close();
  console.log(JSON.stringify(measured));
}

if (process.argv[2] === "--child") {
  await child(process.argv[3]!, process.argv[4]!);
}
