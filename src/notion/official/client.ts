import crypto from "node:crypto";
import { Client } from "@notionhq/client";
import PQueue from "p-queue";

/**
 * Notion's official SDK for one connection (an OAuth access token or an internal integration secret), with its
 * requests going through that connection's own queue: about 3 requests per second (Notion's documented average per
 * connection), a 429 pauses only that connection for its Retry-After, then the request is sent again. Other
 * connections keep their pace, so one workspace can't slow another. The SDK's own retries are off (they would
 * wait inside one call without pausing the rest of the connection's requests).
 */

export type OfficialClientOptions = {
  token: string;
  /** The API origin, without /v1 (the stand-in's URL in tests). Default: the SDK's (https://api.notion.com). */
  baseUrl?: string;
  /** One HTTP attempt's time-out (queue waiting not included). */
  timeoutMs?: number;
  /** Attempts per request when Notion answers 429, the first included. */
  maxAttempts?: number;
  /** A Retry-After above this is not waited out: the 429 is returned (and becomes RATE_LIMITED). */
  maxRetryAfterMs?: number;
  /** Called when a rate-limited request is paused and sent again (logging, tests). */
  onRateLimited?: (info: { waitMs: number; attempt: number }) => void;
};

export const OFFICIAL_REQUESTS_PER_SECOND = 3;
const DEFAULTS = { timeoutMs: 10_000, maxAttempts: 4, maxRetryAfterMs: 30_000 };
/** The SDK's own time-out covers queue waits and 429 pauses too, so it is set well above one attempt's. */
const SDK_TIMEOUT_MS = 10 * 60_000;

type ConnectionQueue = { queue: PQueue; pausedUntil: number; timer: NodeJS.Timeout | null };

/** Queues live on globalThis: the Next bundle and the server share them (CONTRACTS §3). */
const QUEUES_KEY = Symbol.for("app.notion-official-queues");

function queuesByConnection(): Map<string, ConnectionQueue> {
  const g = globalThis as typeof globalThis & { [QUEUES_KEY]?: Map<string, ConnectionQueue> };
  return (g[QUEUES_KEY] ??= new Map());
}

/** The connection's queue, keyed by a hash of the token (the token itself is never kept as a key). */
export function connectionQueue(token: string): ConnectionQueue {
  const key = crypto.createHash("sha256").update(token).digest("hex");
  const queues = queuesByConnection();
  let entry = queues.get(key);
  if (!entry) {
    entry = {
      queue: new PQueue({ concurrency: OFFICIAL_REQUESTS_PER_SECOND, intervalCap: OFFICIAL_REQUESTS_PER_SECOND, interval: 1000 }),
      pausedUntil: 0,
      timer: null,
    };
    queues.set(key, entry);
  }
  return entry;
}

/** Holds the connection's queue until `until` (a later pause extends an earlier one). */
function pauseUntil(entry: ConnectionQueue, until: number): void {
  if (until <= entry.pausedUntil) return;
  entry.pausedUntil = until;
  entry.queue.pause();
  if (entry.timer) clearTimeout(entry.timer);
  entry.timer = setTimeout(() => {
    entry.timer = null;
    entry.queue.start();
  }, until - Date.now());
  entry.timer.unref?.();
}

export function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function queuedFetch(token: string, opts: Required<Omit<OfficialClientOptions, "token" | "baseUrl" | "onRateLimited">> & Pick<OfficialClientOptions, "onRateLimited">) {
  return async (url: string, init?: RequestInit): Promise<Response> => {
    const entry = connectionQueue(token);
    for (let attempt = 1; ; attempt++) {
      // A retried request goes to the front of the (paused) queue.
      const res = await entry.queue.add(() => fetch(url, { ...init, signal: AbortSignal.timeout(opts.timeoutMs) }), { priority: attempt > 1 ? 1 : 0 });
      if (res.status !== 429 || attempt >= opts.maxAttempts) return res;
      const waitMs = retryAfterMs(res.headers.get("retry-after")) ?? 1000 * 2 ** (attempt - 1);
      if (waitMs > opts.maxRetryAfterMs) return res;
      await res.arrayBuffer();
      opts.onRateLimited?.({ waitMs, attempt });
      pauseUntil(entry, Date.now() + waitMs);
    }
  };
}

export type OfficialClient = Client;
type SdkFetch = NonNullable<NonNullable<ConstructorParameters<typeof Client>[0]>["fetch"]>;

export function createOfficialClient(options: OfficialClientOptions): OfficialClient {
  const opts = {
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    maxAttempts: options.maxAttempts ?? DEFAULTS.maxAttempts,
    maxRetryAfterMs: options.maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs,
    onRateLimited: options.onRateLimited,
  };
  return new Client({
    auth: options.token,
    baseUrl: options.baseUrl?.replace(/\/+$/, ""),
    timeoutMs: SDK_TIMEOUT_MS,
    retry: false,
    // The SDK logs warnings with request details to the console by default; our callers log what matters.
    logger: () => {},
    fetch: queuedFetch(options.token, opts) as unknown as SdkFetch,
  });
}
