import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { createNotionStub } from "../tools/notion-stub/server";
import { freePort, tempDataDir } from "../tests/helpers/app-server";
import { rawRequest } from "../tests/helpers/raw-request";
import { rpc, signedIn } from "../tests/helpers/rpc-client";
import { WORKSPACE, workspaceIndex } from "../tests/helpers/sites";
import { createTestDatabase } from "../tests/helpers/test-database";
import type { BenchRow } from "./sync";

/**
 * The cached page path as users run it: `npm start` (the production process, default settings), a blog made
 * through the owner's API, and the load generator in a process of its own — against Node's http module sending the
 * same bytes, in the same run, without and with brotli on both sides. With TEST_DATABASE_URL, also a sites-only process
 * (what an operator scales out behind a load balancer) on PostgreSQL.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const AUTOCANNON = createRequire(import.meta.url).resolve("autocannon/autocannon.js");

/**
 * The baseline: Node's http module sending the same bytes — our response's headers (CSP, cache, ETag…) and body (for
 * brotli, the same compressed body) — and nothing else. Node adds Date, Connection and Keep-Alive itself, as for ours.
 */
const MINIMAL_SERVER = `
const http = require("node:http");
const fs = require("node:fs");
const body = fs.readFileSync(process.argv[1]);
const headers = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); }).listen(0, "127.0.0.1", function () { console.log(this.address().port); });
`;
const ADDED_BY_NODE = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

const firstLine = (child: ChildProcess) => new Promise<string>((resolve) => child.stdout!.once("data", (d: Buffer) => resolve(String(d).trim())));

/** autocannon in its own process: 10 connections, `seconds` long; its JSON result. */
async function load(url: string, headers: Record<string, string>, seconds: number): Promise<{ rps: number; latency: number; non2xx: number }> {
  const args = [AUTOCANNON, "-c", "10", "-d", String(seconds), "-j", ...Object.entries(headers).flatMap(([k, v]) => ["-H", `${k}=${v}`]), url];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "ignore"] });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d));
  await new Promise((resolve) => child.once("exit", resolve));
  const result = JSON.parse(out) as { requests: { average: number }; latency: { average: number }; non2xx: number };
  return { rps: result.requests.average, latency: result.latency.average, non2xx: result.non2xx };
}

type Started = { url: string; stop(): Promise<void> };

/** `npm start` exactly, in its own process group so the whole tree stops at the end. */
async function startNpm(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const dataDir = tempDataDir("bench-start-");
  const app = spawn("npm", ["start", "--silent"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, ...env },
  });
  let log = "";
  const exited = new Promise((resolve) => app.once("exit", resolve));
  const stop = async () => {
    try {
      process.kill(-app.pid!, "SIGTERM");
    } catch {
      // already gone
    }
    if (app.exitCode === null && app.signalCode === null) await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const onData = (d: Buffer) => {
        log += d;
        if (log.includes("[server] ready on")) resolve();
      };
      app.stdout!.on("data", onData);
      app.stderr!.on("data", onData);
      app.once("exit", (code) => reject(new Error(`npm start exited with ${code}:\n${log}`)));
    });
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: `http://localhost:${port}`, stop };
}

/** A blog made through the owner API of `app`; its host. */
async function createBlog(app: Started, subdomain: string): Promise<string> {
  const jar = await signedIn(app.url, "bench-owner@example.com");
  const created = await rpc(app.url, jar, "site", "createNewSite", { siteType: "blog", notionPageUrl: `https://www.notion.so/${workspaceIndex.blog}`, subdomain });
  const { url } = (created.body.result ?? {}) as { url?: string };
  if (!url) throw new Error(`createNewSite failed: ${created.text}`);
  return new URL(url).host;
}

const POST = "/how-we-made-dashboards-10-faster";

/** The post on `serverUrl` against the minimal server sending the same bytes, identity and brotli, interleaved. */
async function measureAgainstMinimal(serverUrl: string, host: string, label: string): Promise<BenchRow[]> {
  const target = `${serverUrl}${POST}`;
  const rows: BenchRow[] = [];
  for (const encoding of ["", "br"]) {
    const headers: Record<string, string> = { host, ...(encoding ? { "accept-encoding": encoding } : {}) };
    // A new site answers "Being published" (503) until its first sync, which runs in the background.
    let page = await rawRequest(target, { host, headers });
    for (const end = Date.now() + 120_000; page.status === 503 && Date.now() < end; page = await rawRequest(target, { host, headers })) {
      await new Promise((r) => setTimeout(r, 250));
    }
    if (page.status !== 200 || (page.headers["content-encoding"] ?? "") !== encoding) throw new Error(`post answered ${page.status} ${page.headers["content-encoding"] ?? ""}: ${page.body.slice(0, 300)}`);
    const bodyFile = path.join(os.tmpdir(), `bench-page-${process.pid}-${encoding || "identity"}`);
    const headersFile = `${bodyFile}.headers.json`;
    fs.writeFileSync(bodyFile, page.bytes);
    fs.writeFileSync(headersFile, JSON.stringify(Object.fromEntries(Object.entries(page.headers).filter(([name]) => !ADDED_BY_NODE.has(name)))));
    // The baseline the bench used earlier: the same body with its content
    // type (and encoding) only, so both can be read side by side.
    const plainHeadersFile = `${bodyFile}.plain-headers.json`;
    fs.writeFileSync(plainHeadersFile, JSON.stringify({ "content-type": page.headers["content-type"], ...(encoding ? { "content-encoding": encoding } : {}) }));
    const minimal = spawn(process.execPath, ["-e", MINIMAL_SERVER, bodyFile, headersFile], { stdio: ["ignore", "pipe", "inherit"] });
    const plain = spawn(process.execPath, ["-e", MINIMAL_SERVER, bodyFile, plainHeadersFile], { stdio: ["ignore", "pipe", "inherit"] });
    try {
      const minimalUrl = `http://127.0.0.1:${await firstLine(minimal)}${POST}`;
      const plainUrl = `http://127.0.0.1:${await firstLine(plain)}${POST}`;
      await load(target, headers, 3); // warm-up
      // Interleaved three times, so a busy moment on the machine hits every side.
      const ours: number[] = [];
      const base: number[] = [];
      const plainBase: number[] = [];
      const bareHeaders: Record<string, string> = encoding ? { "accept-encoding": encoding } : {};
      for (let round = 0; round < 3; round++) {
        ours.push((await load(target, headers, 6)).rps);
        base.push((await load(minimalUrl, bareHeaders, 6)).rps);
        plainBase.push((await load(plainUrl, bareHeaders, 6)).rps);
      }
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b) / xs.length;
      const [o, b, p] = [mean(ours), mean(base), mean(plainBase)];
      rows.push({ name: `${label}, ${encoding || "identity"}, req/s`, value: Math.round(o), baseline: Math.round(b), ratio: +(o / b).toFixed(2), budget: "≥ 0.8" });
      rows.push({ name: `  the same, against a bare server sending only the content type (the method used before the all-in-one server was profiled)`, value: Math.round(o), baseline: Math.round(p), ratio: +(o / p).toFixed(2), budget: "" });
    } finally {
      minimal.kill();
      plain.kill();
      for (const file of [bodyFile, headersFile, plainHeadersFile]) fs.rmSync(file, { force: true });
    }
  }
  return rows;
}

/**
 * The default process (`npm start`: everything in one process on PGlite) and, with TEST_DATABASE_URL, a sites-only
 * process (PAGEWRIGHT_ROLE=sites, no Next.js loaded) on PostgreSQL serving a site made through an all-in-one process.
 */
export async function benchCachedPageAsRun(): Promise<BenchRow[]> {
  const stub = await createNotionStub({ dataDir: WORKSPACE });
  const notionEnv = { NOTION_API_BASE: stub.apiBaseUrl, NOTION_FILE_HOSTS: stub.url };
  const rows: BenchRow[] = [];
  try {
    const all = await startNpm(notionEnv);
    try {
      const host = await createBlog(all, "bench-blog");
      rows.push(...(await measureAgainstMinimal(all.url, host, "cached post as run (npm start, API-made site, autocannon in its own process)")));
    } finally {
      await all.stop();
    }
    if (process.env.TEST_DATABASE_URL) {
      const clusterEnv = { ...notionEnv, DATABASE_URL: await createTestDatabase(), AUTH_SECRET: "bench-cached-page-secret-0123456789" };
      const app = await startNpm({ ...clusterEnv, PAGEWRIGHT_ROLE: "all" });
      const sites = await startNpm({ ...clusterEnv, PAGEWRIGHT_ROLE: "sites" }).catch(async (err: unknown) => {
        await app.stop();
        throw err;
      });
      try {
        // Each process takes its own `localhost:<port>` as the sites' domain (APPS_DOMAIN's default): same name, its port.
        const host = `${(await createBlog(app, "bench-blog-pg")).split(":")[0]}:${new URL(sites.url).port}`;
        rows.push(...(await measureAgainstMinimal(sites.url, host, "cached post, sites-only process (PAGEWRIGHT_ROLE=sites, PostgreSQL)")));
      } finally {
        await Promise.all([sites.stop(), app.stop()]);
      }
    }
    return rows;
  } finally {
    await stub.close();
  }
}
