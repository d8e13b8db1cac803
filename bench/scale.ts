import { sql } from "drizzle-orm";
import { openDatabase, rowsOf as resultRows } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { siteHostKey } from "@/lib/site-address";
import { SITE_TYPE_INFO } from "@/lib/site-types";
import { createNotionGateway } from "@/notion/notion-gateway";
import { createContentService } from "@/notion/site-content";
import { stubControl } from "../tools/notion-stub/control";
import { generateSites, type GeneratedSite } from "../tools/notion-stub/generate-sites";
import { createNotionStub, type RateStats } from "../tools/notion-stub/server";
import { ensureBuild } from "../scripts/build-state";
import { tempDataDir } from "../tests/helpers/app-server";
import { notionUrl } from "../tests/helpers/notion-records";
import { rawRequest, type RawResponse } from "../tests/helpers/raw-request";
import { rpc, signedIn } from "../tests/helpers/rpc-client";
import { insertSite } from "../tests/helpers/test-db";
import { createTestDatabase } from "../tests/helpers/test-database";
import { generate } from "./analytics";
import { rssOf, start, START_BUNDLE, type Started } from "./roles";
import type { BenchRow } from "./sync";
import { percentile } from "./webhooks";

/**
 * `npm run bench -- scale`: SITES generated sites of every type in the Notion stand-in, which answers at
 * most NOTION_RPS requests per second and refuses the rest with Notion's 429; production processes (`npm start`'s
 * bundle) on one PostgreSQL database (TEST_DATABASE_URL) with NOTION_REQUESTS_PER_SECOND=NOTION_RPS. Sites are inserted
 * straight into the database and their first syncs run here, before the limit is set (at 3 requests/s the product
 * would take most of an hour). Then, for SECONDS (`--seconds=N` or BENCH_SCALE_SECONDS), once on one all-in-one
 * process and once on two (all-in-one + sites-only, visitors alternating between them): visitors read the hottest
 * HOT sites' home pages (Zipf), an owner edits a hot site's page every EDIT_EVERY_MS and the bench polls that page
 * until the edit shows, and every PAGE_CHECK_EVERY_MS an owner's page check (safeGetNotionPageState, the dashboard's)
 * is timed. Reported beside the issue's goals (not asserted): edit → visible, Notion requests/s and 429s as the
 * stand-in saw them, page check times, memory per process, and a short burst of cached page req/s (the load generator
 * in its own process).
 */

const SITES = Number(process.env.BENCH_SCALE_SITES ?? 2000);
const SECONDS = Number(process.argv.find((a) => a.startsWith("--seconds="))?.slice("--seconds=".length) ?? process.env.BENCH_SCALE_SECONDS ?? 180);
const NOTION_RPS = 3;
const HOT = 100;
const VISITORS = 4;
const VISITOR_PAUSE_MS = 100;
const EDIT_EVERY_MS = 5000;
const EDIT_POLL_MS = 500;
/** An edit not visible this long after it is counted as never seen. */
const EDIT_GIVE_UP_MS = 120_000;
const PAGE_CHECK_EVERY_MS = 20_000;
const REQUEST_TIMEOUT_MS = 30_000;
const BURST_SECONDS = 5;
const SEED_CONCURRENCY = 4;
const RECORDS_PER_POST = 100;
const MB = 1024 * 1024;

/** `title` is what the edited page is called now (the last edit's); `baseTitle` what every version of it contains. */
type Site = GeneratedSite & { id: string; hostKey: string; ownerEmail: string; baseTitle: string };
type RunFigures = {
  edits: number[];
  /** The same times, for database sites (blog, changelog, roadmap) and page trees apart. */
  editsBy: Record<"database" | "tree", number[]>;
  editsMade: number;
  stats: RateStats;
  from: number;
  to: number;
  /** `outcome`: the page's state (`valid` expected) or the RPC's error code. */
  pageChecks: { ms: number; ok: boolean; outcome: string }[];
  visits: { count: number; failed: number; ms: number[] };
  rss: { role: string; mb: number }[];
  /** Spawn → first /api/health answer and first page, per process (ms). */
  ready: { role: string; firstAnswerMs: number; firstPageMs?: number }[];
  burst: { role: string; perSecond: number; non2xx: number }[];
};

export async function benchScale(): Promise<BenchRow[]> {
  if (!process.env.TEST_DATABASE_URL) throw new Error("bench scale needs TEST_DATABASE_URL (several processes share one PostgreSQL database)");
  if (!(SECONDS >= 10)) throw new Error(`--seconds must be at least 10, got ${SECONDS}`);
  ensureBuild();
  // An empty workspace: the generated sites are added over the control API.
  const stub = await createNotionStub({ dataDir: tempDataDir("bench-scale-notion-") });
  const control = stubControl(stub.url);
  try {
    const generated = generateSites(SITES);
    for (let i = 0; i < generated.recordMaps.length; i += RECORDS_PER_POST) await control.addRecords(generated.recordMaps.slice(i, i + RECORDS_PER_POST));

    // Hot sites are the ones their owners are working on: edited just now, before their first sync (the product's
    // refresh pace follows a site's last edit). The others keep their generated edit time, months ago.
    for (const site of generated.sites.slice(0, HOT)) {
      await control.touch(site.pageId);
      if (site.editPageId !== site.pageId) await control.touch(site.editPageId);
    }
    console.log(`the hottest ${Math.min(HOT, SITES)} sites' pages edited just before their first sync; the other sites last edited 2026-01-01`);

    const databaseUrl = await createTestDatabase();
    const sites = await insertAndSync(databaseUrl, stub.apiBaseUrl, generated.sites);
    await control.rateLimit({ requestsPerSecond: NOTION_RPS });

    const one = await run(databaseUrl, stub, sites, ["all"]);
    const two = await run(databaseUrl, stub, sites, ["all", "sites"]);
    return rowsOf(one, two);
  } finally {
    await stub.close();
  }
}

/** Every site inserted with its owner, then its first sync run in this process against the unlimited stand-in. */
async function insertAndSync(databaseUrl: string, apiBaseUrl: string, generated: GeneratedSite[]): Promise<Site[]> {
  const database = await openDatabase({ dataDir: tempDataDir("bench-scale-"), databaseUrl });
  try {
    await migrateDatabase(database);
    const insertedAt = performance.now();
    const sites: Site[] = [];
    for (const g of generated) {
      const { site, user } = await insertSite(database, g.siteType, g.pageId);
      sites.push({ ...g, id: site.id, hostKey: siteHostKey(site), ownerEmail: user.email, baseTitle: g.title });
    }
    console.log(`${sites.length} sites and their owners inserted straight into the database in ${((performance.now() - insertedAt) / 1000).toFixed(1)} s`);

    const syncedAt = performance.now();
    const content = createContentService({ db: database.db, gateway: createNotionGateway({ apiBaseUrl, timeoutMs: 30_000 }), revalidateMs: 3_600_000 });
    let next = 0;
    await Promise.all(
      Array.from({ length: SEED_CONCURRENCY }, async () => {
        while (next < sites.length) {
          const site = sites[next++]!;
          const result = await content.refresh({ id: site.id, siteType: site.siteType, notionPageId: site.pageId, settings: { versions: [] } });
          if (result.status !== "updated") throw new Error(`first sync of ${site.siteType} site ${site.pageId}: ${result.status}`);
        }
      }),
    );
    console.log(`first syncs: ${sites.length} sites synced by the bench process (the stand-in not yet limited) in ${((performance.now() - syncedAt) / 1000).toFixed(1)} s`);
    return sites;
  } finally {
    await database.close();
  }
}

/** What the database says of a site whose edit was not seen: its refresh state and whether the edited page's stored copy has the title. */
async function syncStateOf(databaseUrl: string, siteId: string, pageId: string, title: string): Promise<unknown> {
  const database = await openDatabase({ dataDir: tempDataDir("bench-scale-state-"), databaseUrl });
  try {
    const state = await database.db.execute(sql`select version, synced_at, last_attempt_at, last_error, failure_count, lease_owner, lease_until, now() as now from site_syncs where site_id = ${siteId}`);
    const pages = await database.db.execute(sql`select page_id, parent_page_id, last_edited_time, fetched_at, position(${title} in record_map::text) > 0 as has_title from notion_pages where site_id = ${siteId}`);
    return { state: resultRows(state)[0], pages: resultRows(pages), editedPageId: pageId };
  } finally {
    await database.close();
  }
}

/** A Zipf(1) pick among the first `n`: the k-th hottest is read in proportion to 1/k. */
function zipfPicker(n: number): () => number {
  const cumulative: number[] = [];
  let sum = 0;
  for (let k = 1; k <= n; k++) cumulative.push((sum += 1 / k));
  return () => {
    const x = Math.random() * sum;
    const index = cumulative.findIndex((c) => c >= x);
    return index < 0 ? n - 1 : index;
  };
}

function get(port: number, host: string): Promise<RawResponse> {
  return Promise.race([
    rawRequest(`http://127.0.0.1:${port}/`, { host: `${host}.localhost:${port}` }),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer from ${host} within ${REQUEST_TIMEOUT_MS} ms`)), REQUEST_TIMEOUT_MS)),
  ]);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

async function run(databaseUrl: string, stub: { url: string; apiBaseUrl: string }, sites: Site[], roles: string[]): Promise<RunFigures> {
  const control = stubControl(stub.url);
  const hot = sites.slice(0, HOT);
  const label = roles.join(" + ");
  const env = { NOTION_API_BASE: stub.apiBaseUrl, NOTION_FILE_HOSTS: stub.url, NOTION_REQUESTS_PER_SECOND: String(NOTION_RPS), REVALIDATE_SECONDS: "10" };
  const processes: (Started & { role: string })[] = [];
  try {
    for (const role of roles) processes.push({ role, ...(await start({ command: START_BUNDLE, databaseUrl, role, firstSiteHost: hot[0]!.hostKey, env, quiet: !process.env.BENCH_SCALE_VERBOSE })) });
    const ports = processes.map((p) => p.port);
    // Every hot site answers and shows its edited page's title before the clock starts.
    for (const [i, site] of hot.entries()) {
      const page = await get(ports[i % ports.length]!, site.hostKey);
      if (page.status !== 200 || !page.body.includes(site.baseTitle)) throw new Error(`${site.siteType} site ${site.hostKey} answered ${page.status} without "${site.baseTitle}"`);
    }
    const jar = await signedIn(`http://localhost:${ports[0]}`, hot[0]!.ownerEmail);
    console.log(`${label}: started, hot sites read once; running ${SECONDS} s`);

    // A new limit clears the stand-in's counts: they cover this run only.
    await control.rateLimit({ requestsPerSecond: NOTION_RPS });
    const from = Date.now();
    const until = from + SECONDS * 1000;
    const pick = zipfPicker(hot.length);
    let turn = 0;
    const nextPort = () => ports[turn++ % ports.length]!;

    const visits = { count: 0, failed: 0, ms: [] as number[] };
    const visitors = Array.from({ length: VISITORS }, async () => {
      while (Date.now() < until) {
        const site = hot[pick()]!;
        const began = performance.now();
        const ok = await get(nextPort(), site.hostKey).then((r) => r.status === 200, () => false);
        visits.count += 1;
        if (ok) visits.ms.push(performance.now() - began);
        else visits.failed += 1;
        await sleep(VISITOR_PAUSE_MS);
      }
    });

    // One edit every EDIT_EVERY_MS on a hot site without an edit still on its way.
    const edits: number[] = [];
    const editsBy: RunFigures["editsBy"] = { database: [], tree: [] };
    const pending = new Set<string>();
    const editWaits: Promise<void>[] = [];
    let editsMade = 0;
    const nonce = Math.random().toString(36).slice(2, 8);
    const editor = (async () => {
      for (let n = 0; Date.now() < until; n++) {
        // The Zipf pick, or the hottest site without an edit on its way.
        let site: Site | undefined = hot[pick()]!;
        if (pending.has(site.id)) site = hot.find((s) => !pending.has(s.id));
        if (site) {
          const title = `${site.baseTitle} edit ${n} ${nonce}`;
          pending.add(site.id);
          const editedAt = Date.now();
          await control.touch(site.editPageId, title);
          editsMade += 1;
          editWaits.push(
            (async () => {
              let seenAfter = Number.POSITIVE_INFINITY;
              while (Date.now() - editedAt < EDIT_GIVE_UP_MS) {
                const page = await get(nextPort(), site.hostKey).catch(() => null);
                if (page?.body.includes(title)) {
                  seenAfter = Date.now() - editedAt;
                  break;
                }
                await sleep(EDIT_POLL_MS);
              }
              edits.push(seenAfter);
              if (!Number.isFinite(seenAfter)) {
                console.log(`never seen: edit ${n} of a ${site.siteType} site (${site.hostKey}, page ${site.editPageId}) made ${Math.round((editedAt - from) / 1000)} s into the run`);
                console.log(`  its sync state now: ${JSON.stringify(await syncStateOf(databaseUrl, site.id, site.editPageId, title))}`);
              }
              editsBy[SITE_TYPE_INFO[site.siteType].model].push(seenAfter);
              site.title = title;
              pending.delete(site.id);
            })(),
          );
        }
        await sleep(Math.min(EDIT_EVERY_MS, until - Date.now()));
      }
    })();

    // The owner's page check, as the dashboard asks it, while all that runs.
    const pageChecks: RunFigures["pageChecks"] = [];
    const checker = (async () => {
      await sleep(Math.min(PAGE_CHECK_EVERY_MS / 2, until - Date.now()));
      for (let i = 0; Date.now() < until; i++) {
        const site = hot[i % hot.length]!;
        const began = performance.now();
        const reply = await rpc(`http://localhost:${ports[0]}`, jar, "site", "safeGetNotionPageState", { notionPageUrl: notionUrl(site.title, site.pageId) }).catch(() => null);
        const state = (reply?.body.result as { state?: string } | undefined)?.state;
        const outcome = state ?? reply?.body.error?.data?.code ?? (reply ? `HTTP ${reply.status}` : "no answer");
        pageChecks.push({ ms: performance.now() - began, ok: state === "valid", outcome });
        await sleep(Math.min(PAGE_CHECK_EVERY_MS, until - Date.now()));
      }
    })();

    await Promise.all([...visitors, editor, checker]);
    const to = Date.now();
    const stats = await control.rate();
    // Edits still on their way get their time (up to EDIT_GIVE_UP_MS), outside the measured window.
    await Promise.all(editWaits);
    const rss = processes.map((p) => ({ role: p.role, mb: Math.round(rssOf(p.child.pid!) / MB) }));
    const burst: RunFigures["burst"] = [];
    for (const p of processes) {
      const load = generate({ kind: "pages", url: `http://127.0.0.1:${p.port}/`, host: `${hot[0]!.hostKey}.localhost:${p.port}`, connections: 10, seconds: BURST_SECONDS });
      const result = await load.done;
      burst.push({ role: p.role, perSecond: Math.round(result.perSecond), non2xx: result.non2xx });
    }
    const ready = processes.map((p) => ({ role: p.role, firstAnswerMs: p.firstAnswerMs, firstPageMs: p.firstPageMs }));
    return { edits, editsBy, editsMade, stats, from, to, pageChecks, visits, rss, ready, burst };
  } finally {
    for (const p of processes) await p.stop();
  }
}

/** "valid 3, UPSTREAM 2": how often each outcome came back. */
function outcomes(list: string[]): string {
  const counts = new Map<string, number>();
  for (const o of list) counts.set(o, (counts.get(o) ?? 0) + 1);
  return [...counts].map(([o, n]) => `${o} ${n}`).join(", ") || "-";
}

function rowsOf(one: RunFigures, two: RunFigures): BenchRow[] {
  const columns = (f: (r: RunFigures) => string | number, name: string, goal = "") => ({ name, "one process (all)": f(one), "two processes (all + sites)": f(two), goal });
  const seconds = (ms: number) => (Number.isFinite(ms) ? +(ms / 1000).toFixed(1) : `> ${EDIT_GIVE_UP_MS / 1000}`);
  const inWindow = (r: RunFigures, fromMs = r.from) => r.stats.seconds.filter((s) => s.at >= Math.floor(fromMs / 1000) && s.at < Math.ceil(r.to / 1000));
  const windowSeconds = (r: RunFigures) => Math.max(1, (r.to - r.from) / 1000);
  const answered = (r: RunFigures) => inWindow(r).map((s) => s.answered);
  const seen = (r: RunFigures) => inWindow(r).map((s) => s.seen);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const mid = (r: RunFigures) => r.from + (r.to - r.from) / 2;
  const checksOk = (r: RunFigures) => r.pageChecks.filter((c) => c.ok).length;
  return [
    columns((r) => `${Math.round((r.to - r.from) / 1000)} s`, `run: ${SITES} sites, visitors on the hottest ${Math.min(HOT, SITES)} (Zipf), an edit every ${EDIT_EVERY_MS / 1000} s`),
    columns((r) => `${r.edits.filter(Number.isFinite).length} of ${r.editsMade}`, "edits visible (within 120 s)"),
    columns((r) => seconds(percentile(r.edits, 50)), "edit → visible p50, s"),
    columns((r) => seconds(percentile(r.edits, 95)), "edit → visible p95, s", "≤ 30 s"),
    columns((r) => `${seconds(percentile(r.editsBy.database, 95))} / ${seconds(percentile(r.editsBy.tree, 95))} (${r.editsBy.database.length} / ${r.editsBy.tree.length} edits)`, "edit → visible p95, database sites / page trees, s"),
    columns((r) => +(sum(answered(r)) / windowSeconds(r)).toFixed(2), "Notion requests/s answered by the stand-in, mean", `≤ ${NOTION_RPS}`),
    columns((r) => Math.max(0, ...answered(r)), "Notion requests/s answered, max in a second", `≤ ${NOTION_RPS}`),
    columns((r) => +(sum(seen(r)) / windowSeconds(r)).toFixed(2), "Notion requests/s sent (answered + refused), mean"),
    columns((r) => Math.max(0, ...seen(r)), "Notion requests/s sent, max in a second"),
    columns((r) => sum(inWindow(r).map((s) => s.limited)), "429s sent, whole run"),
    columns((r) => sum(inWindow(r, mid(r)).map((s) => s.limited)), "429s sent, last half (steady state)", "0"),
    columns((r) => `${checksOk(r)} of ${r.pageChecks.length}`, "owner page checks answered valid"),
    columns((r) => outcomes(r.pageChecks.map((c) => c.outcome)), "owner page check outcomes"),
    columns((r) => (r.pageChecks.length ? percentile(r.pageChecks.map((c) => c.ms), 50) : "-"), "owner page check p50, ms", "≤ 2,000"),
    columns((r) => (r.pageChecks.length ? Math.round(Math.max(...r.pageChecks.map((c) => c.ms))) : "-"), "owner page check max, ms", "≤ 2,000"),
    columns((r) => `${r.visits.count} (${r.visits.failed} failed)`, "visitor page reads"),
    columns((r) => (r.visits.ms.length ? percentile(r.visits.ms, 95) : "-"), "visitor page read p95, ms"),
    columns((r) => r.rss.map((p) => `${p.role} ${p.mb}`).join(", "), "RSS after the run, MB", "sites ≤ 256, all ≤ 512"),
    columns((r) => r.ready.map((p) => `${p.role} ${(p.firstAnswerMs / 1000).toFixed(1)} / ${((p.firstPageMs ?? Number.NaN) / 1000).toFixed(1)}`).join(", "), "ready: spawn → first /api/health / first page, s", "sites ≤ 2 s"),
    columns((r) => r.burst.map((b) => `${b.role} ${b.perSecond}${b.non2xx ? ` (${b.non2xx} non-2xx)` : ""}`).join(", "), `cached page req/s (${BURST_SECONDS} s burst, 10 connections)`),
  ];
}
