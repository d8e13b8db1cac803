// `npm start`: with a current build, plain Node runs the bundled server at once (no tsx, no reading of the sources:
// the inputs' sizes and times are compared with the build's stamp). Otherwise it builds first (scripts/build.ts),
// which hashes the sources and rebuilds only what changed; migrations run before the server listens.
import path from "node:path";
import { spawn } from "node:child_process";
import { pathToFileURL } from "node:url";
import { ROOT, SERVER_BUNDLE, buildLooksCurrent } from "./build-stamp.mjs";

process.env.NODE_ENV ??= "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
/**
 * Builds in a child process that ends with this one: a stop (SIGTERM, SIGINT) during the build is passed on to it, and
 * this process waits for it to go before exiting, so no `next build` runs on after `npm start` was stopped.
 */
async function build() {
  const child = spawn(process.execPath, [path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs"), path.join(ROOT, "scripts", "build.ts")], {
    cwd: ROOT,
    stdio: "inherit",
  });
  let stoppedBy;
  const stop = (signal) => {
    stoppedBy = signal;
    child.kill(signal);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  const code = await new Promise((resolve) => child.on("exit", (exitCode) => resolve(exitCode)));
  process.off("SIGTERM", stop);
  process.off("SIGINT", stop);
  if (stoppedBy || code !== 0) process.exit(1);
}

if (!buildLooksCurrent()) await build();
await import(pathToFileURL(SERVER_BUNDLE).href);
