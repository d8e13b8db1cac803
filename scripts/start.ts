import { ensureBuild } from "./build-state";

// Build when missing or stale, then run the front door in this process (migrations run before it listens).
(process.env as Record<string, string | undefined>).NODE_ENV ??= "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
try {
  ensureBuild();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
await import("../src/server");
