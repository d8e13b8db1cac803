// `npm start`: with a current build, plain Node runs the bundled server at once (no tsx, no reading of the sources:
// the inputs' sizes and times are compared with the build's stamp). Otherwise it builds first (scripts/build.ts),
// which hashes the sources and rebuilds only what changed; migrations run before the server listens.
import path from "node:path";
import { spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import { ROOT, SERVER_BUNDLE, buildLooksCurrent } from "./build-stamp.mjs";

process.env.NODE_ENV ??= "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
if (!buildLooksCurrent()) {
  const build = spawnSync(process.execPath, [path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs"), path.join(ROOT, "scripts", "build.ts")], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(1);
}
await import(pathToFileURL(SERVER_BUNDLE).href);
