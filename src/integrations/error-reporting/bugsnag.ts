import Bugsnag, { type Client } from "@bugsnag/js";
import type { Env } from "@/env";
import type { ErrorContext } from "./types";

/**
 * Reporting unexpected errors (docs/product.md §8): always one structured line on stderr; with BUGSNAG_API_KEY also Bugsnag,
 * which sends only when the release stage is production (docs/product.md §8: "preview" and development never send), keeps 25
 * breadcrumbs (docs/product.md §9), ignores ECONNRESET (a client hanging up is not our bug) and, as Bugsnag's Node notifier
 * does, reports an uncaught exception and exits. Expected failures (validation, not found, Notion saying private)
 * are not reported by the callers.
 */

export const BREADCRUMBS = { default: 25, max: 100 } as const;

// Next bundles its own copy of this module: the started client is shared through globalThis, like the runtime.
const CLIENT_KEY = Symbol.for("app.errorReporter");
type GlobalWithReporter = typeof globalThis & { [CLIENT_KEY]?: Client };

export function releaseStageOf(env: Pick<Env, "RELEASE_STAGE" | "NODE_ENV">): string {
  return env.RELEASE_STAGE ?? (env.NODE_ENV === "production" ? "production" : "development");
}

export function isConnectionReset(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  return e?.code === "ECONNRESET" || /\bECONNRESET\b/.test(e?.message ?? "");
}

/** Starts Bugsnag in this process when a key is configured; a no-op otherwise. */
export function startErrorReporting(env: Pick<Env, "BUGSNAG_API_KEY" | "BUGSNAG_ENDPOINT" | "RELEASE_STAGE" | "NODE_ENV">): void {
  if (!env.BUGSNAG_API_KEY || (globalThis as GlobalWithReporter)[CLIENT_KEY]) return;
  const base = env.BUGSNAG_ENDPOINT?.replace(/\/+$/, "");
  const client = Bugsnag.start({
    apiKey: env.BUGSNAG_API_KEY,
    releaseStage: releaseStageOf(env),
    enabledReleaseStages: ["production"],
    maxBreadcrumbs: BREADCRUMBS.default,
    autoTrackSessions: false,
    logger: null,
    ...(base ? { endpoints: { notify: `${base}/`, sessions: `${base}/sessions` } } : {}),
    onError: (event) => !isConnectionReset(event.originalError),
  });
  (globalThis as GlobalWithReporter)[CLIENT_KEY] = client;
}

export function reportError(error: unknown, context: ErrorContext = {}): void {
  const err = error instanceof Error ? error : new Error(String(error));
  const cause = err.cause instanceof Error ? err.cause.message : undefined;
  console.error(JSON.stringify({ level: "error", message: err.message, cause, ...context, stack: err.stack?.split("\n").slice(0, 4).join(" | ") }));
  const client = (globalThis as GlobalWithReporter)[CLIENT_KEY];
  // The cause is what went wrong; the wrapper only says where.
  client?.notify(err.cause instanceof Error ? err.cause : err, (event) => {
    event.addMetadata("context", { ...context, message: err.message });
  });
}
