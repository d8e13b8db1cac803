/**
 * The front door (docs/product.md D2): one Node HTTP server per process. Published-site hosts go to the site server; the app's
 * host to the product's website (src/marketing-site) for its pages, to Next.js for everything else. Started by `npm start` (production build) or `npm run dev`.
 */
import http from "node:http";
import { GENERIC_ERROR_MESSAGE } from "@/lib/errors";
import path from "node:path";
import next from "next";
import { ConfigError, parseEnv } from "@/env";
import { setRuntime } from "@/runtime";
import { closeRuntime, createRuntime } from "@/runtime/create-runtime";
import { createHostClassifier, isLoopbackTlsAsk } from "@/site-server/classify-host";
import { createSiteServer } from "@/site-server";
import { createMarketingSite } from "@/marketing-site";
import { sendPlainHtml } from "@/site-server/respond";
import { serveAppWidget } from "@/site-server/endpoints/assets";
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
 * (issue 23). From the first failed write on, the process logs nothing.
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

async function main(): Promise<void> {
  stopLoggingWhenOutputCloses();
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  const dev = process.argv.includes("--dev");
  const env = parseEnv({ ...process.env, NODE_ENV: dev ? "development" : process.env.NODE_ENV });
  startErrorReporting(env);
  const runtime = await createRuntime(env);
  setRuntime(runtime);
  // next-auth reads these two from the environment; everything else comes from the runtime.
  process.env.NEXTAUTH_URL = env.APP_URL;
  process.env.NEXTAUTH_SECRET = runtime.authSecret;
  if (env.testLoginEnabled) {
    console.warn("[auth] WARNING: the test-login provider is ON: anyone can sign in with just an email. Set AUTH_TEST_LOGIN=0 to turn it off.");
  }

  const nextApp = next({ dev, dir: PROJECT_ROOT, hostname: "localhost", port: env.PORT });
  await nextApp.prepare();
  const handleNext = nextApp.getRequestHandler();
  const handleSite = createSiteServer(runtime);
  const marketingSite = createMarketingSite(env);
  marketingSite.warm().catch((err: unknown) => reportError(err, { where: "marketing-site assets" }));
  const classify = createHostClassifier({ appUrl: env.APP_URL, appsDomain: env.APPS_DOMAIN });

  const server = http.createServer((req, res) => {
    const target = isLoopbackTlsAsk(req.headers.host, req.url) ? ({ kind: "app" } as const) : classify(req.headers.host);
    req.headers[CLIENT_ADDRESS_HEADER] = clientAddress(req, env.TRUST_PROXY);
    const work =
      target.kind === "app"
        ? rejectBadAppRequest(req, res) || serveAppWidget(req, res)
          ? Promise.resolve()
          : marketingSite.handle(req, res).then((handled) => (handled ? undefined : handleNext(req, res)))
        : target.kind === "site"
          ? handleSite(req, res, target)
          : Promise.resolve(sendPlainHtml(res, 404, "Not found", "Unknown host."));
    work.catch((err: unknown) => {
      reportError(err, { where: "server", host: req.headers.host ?? null, path: req.url ?? null });
      if (!res.headersSent) sendPlainHtml(res, 500, "Something went wrong", GENERIC_ERROR_MESSAGE);
      else res.destroy();
    });
  });
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;

  stopServer = async () => {
    const forced = setTimeout(() => server.closeAllConnections(), 5_000);
    forced.unref();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await nextApp.close().catch(() => undefined);
    await closeRuntime(runtime);
    setRuntime(undefined);
  };

  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  console.log(`[server] ready on ${env.APP_URL} (database: ${runtime.database.kind}, sites on *.${env.APPS_DOMAIN})`);
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
