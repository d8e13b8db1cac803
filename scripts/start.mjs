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
 * Builds in a process group of its own that ends with this process: a stop (SIGTERM, SIGINT) during the build goes to
 * the whole group — tsx, the build script, `next build` and its workers, which would otherwise build on as orphans —
 * and this process waits for the build to go before exiting.
 */
async function build() {
  const child = spawn(process.execPath, [path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs"), path.join(ROOT, "scripts", "build.ts")], {
    cwd: ROOT,
    stdio: "inherit",
    detached: true,
  });
  let stoppedBy;
  const stop = (signal) => {
    stoppedBy = signal;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // the build has just ended
    }
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
