/**
 * The front door (docs/product.md D2): one Node HTTP server per process. Published-site hosts go to the site server; the app's
 * host to the product's website (src/marketing-site) for its pages, to Next.js for everything else. Started by `npm start` (production build) or `npm run dev`.
 * PAGEWRIGHT_ROLE picks the parts: all (default), sites (no Next.js loaded), app, or worker (background refreshes only).
 */
import http from "node:http";
import { GENERIC_ERROR_MESSAGE } from "@/lib/errors";
import path from "node:path";
import { ConfigError, parseEnv, type Env } from "@/env";
import { setRuntime } from "@/runtime";
import { closeRuntime, createRuntime } from "@/runtime/create-runtime";
import { createHostClassifier, isLoopbackTlsAsk } from "@/site-server/classify-host";
import { createSiteServer } from "@/site-server";
import { sendPlainHtml } from "@/site-server/respond";
import { serveAppWidget } from "@/site-server/endpoints/assets";
import { watchStarter } from "@/runtime/starter-watch";
import { answerMetrics, createMetrics } from "@/runtime/metrics";
import { healthOf } from "@/runtime/health";
import { processCounters } from "@/lib/process-counters";
import type { Runtime } from "@/runtime";
import { rejectBadAppRequest } from "@/http/request-guards";
import { CLIENT_ADDRESS_HEADER, clientAddress } from "@/http/client-address";
import { DataDirLockedError } from "@/db/data-dir-lock";
import { reportError, startErrorReporting } from "@/integrations/error-reporting";

const PROJECT_ROOT = path.resolve(import.meta.dirname, "..");
/** Whatever hangs at shutdown (a request, a refresh, a start still under way), the process is gone by then. */
const SHUTDOWN_DEADLINE_MS = 8_000;

/**
 * When whoever reads our stdout/stderr goes away (a stopped supervisor), every write fails with EPIPE. Unhandled, each
 * failure is an uncaught exception whose logging fails again: a process spinning on failed writes that never exits
 *. From the first failed write on, the process logs nothing.
 */
function stopLoggingWhenOutputCloses(): void {
  const mute = () => {
    for (const level of ["log", "info", "warn", "error", "debug", "trace"] as const) console[level] = () => undefined;
  };
  process.stdout.on("error", mute);
  process.stderr.on("error", mute);
}

/** Set once the server is up: closes it and the runtime. Until then a signal just ends the start. */
let stopServer: (() => Promise<void>) | undefined;
let stopping = false;
function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  console.log(`[server] ${signal}: shutting down`);
  setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS).unref();
  (stopServer ?? (async () => undefined))().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error("[server] shutdown failed:", err);
      process.exit(1);
    },
  );
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void | Promise<void>;

/**
 * The app host's handler: the product's website, then Next.js. Loaded only by roles that serve the app, so a
 * sites-only process never loads Next.js (its memory and start time are in docs/benchmarks.md).
 */
async function startApp(env: Env, dev: boolean): Promise<{ handle: Handler; close: () => Promise<void> }> {
  const [{ default: next }, { createMarketingSite }] = await Promise.all([import("next"), import("@/marketing-site")]);
  const nextApp = next({ dev, dir: PROJECT_ROOT, hostname: "localhost", port: env.PORT });
  await nextApp.prepare();
  const handleNext = nextApp.getRequestHandler();
  const marketingSite = createMarketingSite(env);
  marketingSite.warm().catch((err: unknown) => reportError(err, { where: "marketing-site assets" }));
  return {
    handle: (req, res) =>
      rejectBadAppRequest(req, res) || serveAppWidget(req, res)
        ? undefined
        : marketingSite.handle(req, res).then((handled) => (handled ? undefined : handleNext(req, res))),
    close: () => nextApp.close().catch(() => undefined),
  };
}

/** `/api/health` of a process without Next.js (sites, worker): the same answer as the app's route, plus the role. */
async function answerHealth(runtime: Runtime, res: http.ServerResponse): Promise<void> {
  const health = await healthOf(runtime);
  res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify({ ...health, role: runtime.env.PAGEWRIGHT_ROLE }));
}

/** A host this role does not serve (the load balancer sent it to the wrong pool). */
function misdirected(res: http.ServerResponse, role: string): void {
  sendPlainHtml(res, 421, "Misdirected request", `This process serves only part of the product (PAGEWRIGHT_ROLE=${role}).`);
}

async function main(): Promise<void> {
  stopLoggingWhenOutputCloses();
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  // `kill <pid of npm start>` stops npm but not this process: it notices and shuts down as on SIGTERM.
  watchStarter((why) => shutdown(why));
  const dev = process.argv.includes("--dev");
  const env = parseEnv({ ...process.env, NODE_ENV: dev ? "development" : process.env.NODE_ENV });
  const role = env.PAGEWRIGHT_ROLE;
  startErrorReporting(env);
  const runtime = await createRuntime(env);
  setRuntime(runtime);
  // next-auth reads these two from the environment; everything else comes from the runtime.
  process.env.NEXTAUTH_URL = env.APP_URL;
  process.env.NEXTAUTH_SECRET = runtime.authSecret;
  if (env.testLoginEnabled && (role === "all" || role === "app")) {
    console.warn("[auth] WARNING: the test-login provider is ON: anyone can sign in with just an email. Set AUTH_TEST_LOGIN=0 to turn it off.");
  }

  const app = role === "all" || role === "app" ? await startApp(env, dev) : null;
  const handleSite = role === "all" || role === "sites" ? createSiteServer(runtime) : null;
  const classify = createHostClassifier({ appUrl: env.APP_URL, appsDomain: env.APPS_DOMAIN });
  const metrics = env.METRICS_TOKEN ? createMetrics(runtime) : null;
  const requestCounts = processCounters().requests;

  const onError = (req: http.IncomingMessage, res: http.ServerResponse) => (err: unknown) => {
    reportError(err, { where: "server", host: req.headers.host ?? null, path: req.url ?? null });
    if (!res.headersSent) sendPlainHtml(res, 500, "Something went wrong", GENERIC_ERROR_MESSAGE);
    else res.destroy();
  };
  const server = http.createServer((req, res) => {
    const target = isLoopbackTlsAsk(req.headers.host, req.url) ? ({ kind: "app" } as const) : classify(req.headers.host);
    let work: void | Promise<unknown> = undefined;
    requestCounts[target.kind === "app" || target.kind === "site" ? target.kind : "other"]++;
    try {
      // Every role answers /metrics on the app host (a worker on any host): 404 unless METRICS_TOKEN is set.
      if (req.url === "/metrics" && (target.kind === "app" || role === "worker")) work = answerMetrics(metrics, env.METRICS_TOKEN, req, res);
      else if (req.url === "/api/health" && !app && (target.kind === "app" || role === "worker")) work = answerHealth(runtime, res);
      else if (target.kind === "app") {
        // Next.js routes have no socket to ask; site endpoints ask for the address only when they need it.
        req.headers[CLIENT_ADDRESS_HEADER] = clientAddress(req, env.TRUST_PROXY);
        work = app ? app.handle(req, res) : misdirected(res, role);
      } else if (target.kind === "site") work = handleSite ? handleSite(req, res, target) : misdirected(res, role);
      else sendPlainHtml(res, 404, "Not found", "Unknown host.");
    } catch (err) {
      work = Promise.reject(err);
    }
    work?.catch(onError(req, res));
  });
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;

  stopServer = async () => {
    const forced = setTimeout(() => server.closeAllConnections(), 5_000);
    forced.unref();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await app?.close();
    await closeRuntime(runtime);
    setRuntime(undefined);
  };

  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  console.log(`[server] ready on ${env.APP_URL} (role: ${role}, database: ${runtime.database.kind}, sites on *.${env.APPS_DOMAIN})`);
}

/** Resolves once the server listens (scripts that start it in-process, like the demo, wait for it). */
export const serverReady: Promise<void> = main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(`[server] ${err.message}`);
  } else {
    console.error("[server] failed to start:", err);
  }
  process.exit(1);
});
