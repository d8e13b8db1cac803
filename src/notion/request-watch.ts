/**
 * The watch on Notion: every request to Notion, through either API, leaves its outcome here, counted per
 * endpoint in this process's memory (a few numbers per endpoint: no database write per request). `GET /api/health`
 * reads it: Notion is "degraded" while an endpoint's latest outcome is a failure on Notion's side (5xx, time-out,
 * an answer we can't read). A refusal about one page or one token (not shared, revoked) is counted but is the
 * owner's to fix, not Notion being down, so it doesn't degrade the status.
 */

export type NotionApi = "public" | "official";

/** "ok"; "refused": Notion answered about this page/token (4xx, rate limit); "failed": Notion itself misbehaved. */
export type RequestOutcome = { ok: true } | { ok: false; notionSide: boolean; reason: string };

export type EndpointStats = {
  api: NotionApi;
  endpoint: string;
  ok: number;
  refused: number;
  failed: number;
  lastOkAt: Date | null;
  lastFailureAt: Date | null;
  lastFailure: string | null;
  /** Notion-side failures since the last success. */
  failingRun: number;
};

/** A failing endpoint stops counting as degraded once this long has passed without a request to it. */
export const FAILURE_MEMORY_MS = 15 * 60_000;

const WATCH_KEY = Symbol.for("app.notion-request-watch");

/** On globalThis: the Next bundle and the server record into one table (docs/contracts.md §3). */
function table(): Map<string, EndpointStats> {
  const g = globalThis as typeof globalThis & { [WATCH_KEY]?: Map<string, EndpointStats> };
  return (g[WATCH_KEY] ??= new Map());
}

export function recordNotionRequest(api: NotionApi, endpoint: string, outcome: RequestOutcome, now = new Date()): void {
  const key = `${api} ${endpoint}`;
  const stats = table().get(key) ?? { api, endpoint, ok: 0, refused: 0, failed: 0, lastOkAt: null, lastFailureAt: null, lastFailure: null, failingRun: 0 };
  if (outcome.ok) {
    stats.ok++;
    stats.lastOkAt = now;
    stats.failingRun = 0;
  } else if (outcome.notionSide) {
    stats.failed++;
    stats.failingRun++;
    stats.lastFailureAt = now;
    stats.lastFailure = outcome.reason;
  } else {
    stats.refused++;
  }
  table().set(key, stats);
}

export function notionRequestStats(): EndpointStats[] {
  return [...table().values()].map((s) => ({ ...s }));
}

/** Forget everything (tests). */
export function resetNotionRequestWatch(): void {
  table().clear();
}

export type NotionHealth = {
  status: "ok" | "degraded";
  /** Endpoints whose latest outcome was a Notion-side failure, with what went wrong. */
  failing: { api: NotionApi; endpoint: string; reason: string; since: string }[];
};

export function notionHealth(now = new Date()): NotionHealth {
  const failing = notionRequestStats()
    .filter((s) => s.failingRun > 0 && s.lastFailureAt && now.getTime() - s.lastFailureAt.getTime() < FAILURE_MEMORY_MS)
    .map((s) => ({ api: s.api, endpoint: s.endpoint, reason: s.lastFailure ?? "unknown", since: s.lastFailureAt!.toISOString() }));
  return { status: failing.length ? "degraded" : "ok", failing };
}

/**
 * The official API's endpoint named without its ids (`GET /v1/blocks/{id}/children`), so counters are per endpoint,
 * never per page.
 */
export function officialEndpointOf(method: string | undefined, url: string): string {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    pathname = url;
  }
  const named = pathname
    .split("/")
    .map((part) => (/^[0-9a-f]{32}$|^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(part) ? "{id}" : part))
    .join("/");
  return `${(method ?? "GET").toUpperCase()} ${named}`;
}
