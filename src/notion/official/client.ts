import crypto from "node:crypto";
import { Client } from "@notionhq/client";
import PQueue from "p-queue";
import { currentNotionRequest, rankOf } from "../budget/request-context";
import { officialEndpointOf, recordNotionRequest } from "../request-watch";
import { retryAfterHeaderMs } from "../retry-after";
import { OfficialNotionError } from "./errors";

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
  /**
   * Wraps every HTTP request this connection sends, inside its own queue: the cluster's Notion budget takes the
   * connection's turn there before the request goes out (connection-client.ts). Default: sends at once.
   */
  budget?: <T>(send: () => Promise<T>) => Promise<T>;
  /**
   * An OAuth token that can be renewed (Notion's refresh tokens): the token is renewed shortly before `expiresAt`
   * and once when Notion answers 401, then the request is sent again with the new one. `renew` gets the token that
   * went stale and answers the new one, or null when it can't (the 401 then stands).
   */
  renewal?: TokenRenewal;
  /**
   * Notion refused the token for good: a 401 that stood after one renewal (at once without a renewal). Called with
   * Notion's message before the request fails as "refused"; without it the 401 is answered as is.
   */
  onRefused?: (notionReason: string) => Promise<void>;
};

export type RenewedToken = { token: string; expiresAt: Date | null };
/**
 * `renew` answers the new token, or null when there is none to be had (the 401 then stands); it throws when the
 * renewal itself failed — an OfficialNotionError "refused" when Notion revoked the grant, another one for now.
 */
export type TokenRenewal = { expiresAt: Date | null; renew: (staleToken: string) => Promise<RenewedToken | null> };

/** How long before its expiry a token is renewed, so a request doesn't leave with a token about to lapse. */
export const RENEW_BEFORE_EXPIRY_MS = 60_000;

export const OFFICIAL_REQUESTS_PER_SECOND = 3;
/**
 * Requests of a connection in flight at once under the budget (a slot is held while its token is awaited): enough
 * that a request's own latency doesn't keep a sync below the budget's rate.
 */
const BUDGETED_IN_FLIGHT = 6;
const DEFAULTS = { timeoutMs: 10_000, maxAttempts: 4, maxRetryAfterMs: 30_000 };
/** The SDK's own time-out covers queue waits and 429 pauses too, so it is set well above one attempt's. */
const SDK_TIMEOUT_MS = 10 * 60_000;

type ConnectionQueue = { queue: PQueue; pausedUntil: number; timer: NodeJS.Timeout | null };

/** Queues live on globalThis: the Next bundle and the server share them (docs/contracts.md §3). */
const QUEUES_KEY = Symbol.for("app.notion-official-queues");

function queuesByConnection(): Map<string, ConnectionQueue> {
  const g = globalThis as typeof globalThis & { [QUEUES_KEY]?: Map<string, ConnectionQueue> };
  return (g[QUEUES_KEY] ??= new Map());
}

/**
 * The connection's queue, keyed by a hash of the token (the token itself is never kept as a key): `paced`, for a
 * client without the cluster's budget, at most 3 requests in flight and 3 started a second; with the budget,
 * BUDGETED_IN_FLIGHT in flight and the budget alone sets the pace (NOTION_REQUESTS_PER_SECOND, shared by every process), so a sync runs at its full
 * rate rather than at this queue's own 3 a second below it.
 */
export function connectionQueue(token: string, paced = true): ConnectionQueue {
  // Paced and budgeted clients of one token keep separate queues: a one-off unbudgeted call (checking a secret when it
  // is added) must not leave the connection's syncs on the paced queue's 3 a second.
  const key = `${paced ? "paced" : "budgeted"}:${crypto.createHash("sha256").update(token).digest("hex")}`;
  const queues = queuesByConnection();
  let entry = queues.get(key);
  if (!entry) {
    entry = {
      queue: new PQueue(paced ? { concurrency: OFFICIAL_REQUESTS_PER_SECOND, intervalCap: OFFICIAL_REQUESTS_PER_SECOND, interval: 1000 } : { concurrency: BUDGETED_IN_FLIGHT }),
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

/** Notion's message in an error answer (`message`, or an OAuth `error_description`), else its status. */
async function notionMessageOf(res: Response): Promise<string> {
  const text = await res.text().catch(() => "");
  try {
    const body = JSON.parse(text) as { message?: unknown; error_description?: unknown };
    const message = typeof body.message === "string" ? body.message : typeof body.error_description === "string" ? body.error_description : "";
    if (message.trim()) return message.trim().slice(0, 500);
  } catch {
    // not JSON
  }
  return `HTTP ${res.status}`;
}

const sendNow = <T>(send: () => Promise<T>): Promise<T> => send();

/** The client's current token, renewed at most once at a time however many requests need it. */
function tokenHolder(initial: string, renewal: TokenRenewal | undefined) {
  let current = initial;
  let expiresAt = renewal?.expiresAt ?? null;
  let pending: Promise<boolean> | null = null;
  const renew = (): Promise<boolean> => {
    if (!renewal) return Promise.resolve(false);
    const stale = current;
    pending ??= renewal
      .renew(stale)
      .then((fresh) => {
        if (fresh) ({ token: current, expiresAt } = fresh);
        return fresh !== null;
      })
      .finally(() => (pending = null));
    return pending;
  };
  return {
    get token() {
      return current;
    },
    dueForRenewal: () => Boolean(renewal) && expiresAt !== null && expiresAt.getTime() - Date.now() < RENEW_BEFORE_EXPIRY_MS,
    renew,
  };
}

/** The SDK's headers with the current token (it builds them with the token it was created with). */
function withToken(init: RequestInit | undefined, token: string): RequestInit | undefined {
  const headers = init?.headers as Record<string, string> | undefined;
  if (!headers?.authorization?.startsWith("Bearer ")) return init;
  return { ...init, headers: { ...headers, authorization: `Bearer ${token}` } };
}

function queuedFetch(
  token: string,
  opts: Required<Omit<OfficialClientOptions, "token" | "baseUrl" | "onRateLimited" | "budget" | "renewal" | "onRefused">> &
    Pick<OfficialClientOptions, "onRateLimited" | "budget" | "renewal" | "onRefused">,
) {
  const holder = tokenHolder(token, opts.renewal);
  return async (url: string, rawInit?: RequestInit): Promise<Response> => {
    // One queue per connection: keyed by the token it started with, which renewals don't change.
    const entry = connectionQueue(token, !opts.budget);
    // Renewing ahead of expiry: a renewal failing for now leaves the still-valid token in use; a revoked grant stops here.
    if (holder.dueForRenewal()) await holder.renew().catch((err: unknown) => {
      if (err instanceof OfficialNotionError && err.failure === "refused") throw err;
    });
    let renewedAfter401 = false;
    for (let attempt = 1; ; attempt++) {
      const init = withToken(rawInit, holder.token);
      // A retried request goes to the front of the (paused) queue; then the most urgent (an owner waiting first).
      const endpoint = officialEndpointOf(init?.method, url);
      const priority = (attempt > 1 ? 10 : 0) + (3 - rankOf(currentNotionRequest().priority));
      const res = await entry.queue
        .add(() => (opts.budget ?? sendNow)(() => fetch(url, { ...init, signal: AbortSignal.timeout(opts.timeoutMs) })), { priority })
        .catch((err: unknown) => {
          recordNotionRequest("official", endpoint, { ok: false, notionSide: true, reason: (err as Error)?.name === "TimeoutError" ? "timeout" : "connection failed" });
          throw err;
        });
      recordNotionRequest("official", endpoint, res.ok ? { ok: true } : { ok: false, notionSide: res.status >= 500, reason: `HTTP ${res.status}` });
      if (res.status === 401 && opts.renewal && !renewedAfter401 && init !== rawInit) {
        renewedAfter401 = true;
        if (await holder.renew()) {
          await res.arrayBuffer();
          attempt--;
          continue;
        }
        // No new token to be had (disconnected meanwhile): the 401 stands, and refuses nothing by itself.
        return res;
      }
      // A 401 on the connection's own token, after its one renewal or with none possible: refused for good.
      if (res.status === 401 && opts.onRefused && init !== rawInit) {
        const reason = await notionMessageOf(res);
        await opts.onRefused(reason);
        throw new OfficialNotionError("refused", { notionCode: "unauthorized", notionMessage: reason });
      }
      if (res.status !== 429 || attempt >= opts.maxAttempts) return res;
      const waitMs = retryAfterHeaderMs(res.headers.get("retry-after")) ?? 1000 * 2 ** (attempt - 1);
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
    budget: options.budget,
    renewal: options.renewal,
    onRefused: options.onRefused,
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
