import { NotionAPI } from "notion-client";
import pLimit, { type LimitFunction } from "p-limit";
import { AppError } from "@/lib/errors";
import type { NotionBudget } from "./budget/notion-budget";
import { recordNotionRequest } from "./request-watch";
import { retryAfterHeaderMs } from "./retry-after";

/**
 * The one way we talk to Notion (docs/contracts.md §6): notion-client 8.0.6 with its own retries off, our retries and 429
 * back-off on top. Each request first takes its turn from the cluster's Notion budget (budget/notion-budget.ts:
 * a shared rate, the most urgent first, owners in turn), then one of this process's 3 slots.
 */

export type NotionGatewayOptions = {
  apiBaseUrl?: string;
  /** Per request (docs/contracts.md §6: 10 s). */
  timeoutMs?: number;
  /** Attempts per request, the first included. */
  maxAttempts?: number;
  /** First back-off for 5xx/timeouts/refused; doubles per attempt. */
  backoffMs?: number;
  /** Retry-After above this is not waited out: the request fails instead (a refresh can run later). */
  maxRetryAfterMs?: number;
  /** The cluster's request budget; without one (scripts, unit tests) requests only queue for this process's slots. */
  budget?: NotionBudget;
  /** Called when a request is retried (logging, tests). */
  onRetry?: (info: { endpoint: string; attempt: number; delayMs: number; reason: string }) => void;
};

export const NOTION_CLIENT_DEFAULT_BASE = "https://app.notion.com/api/v3";
const DEFAULTS = { timeoutMs: 10_000, maxAttempts: 3, backoffMs: 500, maxRetryAfterMs: 30_000 };

/** The queue is shared by every gateway in the process (Next's bundle included), so it lives on globalThis. */
const QUEUE_KEY = Symbol.for("app.notion-queue");
/** The budget's bucket for public pages: Notion limits its private web API per caller, whatever the page. */
export const PUBLIC_BUCKET = "public";
export const NOTION_CONCURRENCY = 3;

function sharedQueue(): LimitFunction {
  const g = globalThis as typeof globalThis & { [QUEUE_KEY]?: LimitFunction };
  return (g[QUEUE_KEY] ??= pLimit(NOTION_CONCURRENCY));
}

/** This process's use of its Notion slots (metrics): requests in flight and requests waiting for a slot. */
export function notionQueueLoad(): { inFlight: number; waiting: number; slots: number } {
  const queue = sharedQueue();
  return { inFlight: queue.activeCount, waiting: queue.pendingCount, slots: NOTION_CONCURRENCY };
}

/** What went wrong talking to Notion, in the terms our callers act on. */
export type NotionFailure =
  | { kind: "private"; status?: number }
  | { kind: "rate_limited"; retryAfterMs?: number }
  | { kind: "unavailable"; status?: number; reason: string };

export class NotionRequestError extends AppError {
  readonly failure: NotionFailure;
  constructor(failure: NotionFailure, endpoint: string, cause?: unknown) {
    const message =
      failure.kind === "private"
        ? "The Notion page is not public, you need to share it to web first"
        : failure.kind === "rate_limited"
          ? "Notion is rate limiting requests, please try again in a minute"
          : "Notion did not answer, please try again";
    super(failure.kind === "private" ? "NOT_FOUND" : "UPSTREAM", message, { cause });
    this.name = "NotionRequestError";
    this.failure = failure;
    this.endpoint = endpoint;
  }
  readonly endpoint: string;
}

type FetchArgs = Parameters<NotionAPI["fetch"]>[0];

type HttpishError = {
  status?: number;
  statusCode?: number;
  response?: { headers?: Headers; _data?: { clientData?: { retryAfter?: unknown } } };
  name?: string;
  cause?: unknown;
};

/**
 * How long Notion asks us to wait: its Retry-After header, else the private API's `clientData.retryAfter` (seconds)
 * in the error's body.
 */
function retryAfterMs(err: HttpishError): number | undefined {
  const fromHeader = retryAfterHeaderMs(err.response?.headers?.get?.("retry-after"));
  if (fromHeader !== undefined) return fromHeader;
  const hint = err.response?._data?.clientData?.retryAfter;
  return typeof hint === "number" && Number.isFinite(hint) && hint >= 0 ? hint * 1000 : undefined;
}

/** Notion's cool-down after a 429 that names none: it holds for about a minute (notion-client's own figure). */
export const RATE_LIMIT_COOLDOWN_MS = 60_000;

/** Sorts a thrown error into private / rate limited / unavailable. */
export function classifyNotionError(err: unknown): NotionFailure {
  const e = (err ?? {}) as HttpishError;
  const status = e.status ?? e.statusCode;
  if (status === 429) return { kind: "rate_limited", retryAfterMs: retryAfterMs(e) };
  if (status === 400 || status === 401 || status === 403 || status === 404) return { kind: "private", status };
  if (status && status >= 500) return { kind: "unavailable", status, reason: `HTTP ${status}` };
  if (err instanceof SyntaxError || (e.cause instanceof SyntaxError)) return { kind: "unavailable", reason: "invalid JSON" };
  const text = String((e as Error).message ?? "") + String((e.cause as Error | undefined)?.message ?? "");
  if (/timeout|aborted/i.test(text) || e.name === "TimeoutError") return { kind: "unavailable", reason: "timeout" };
  if (/ECONNREFUSED|ECONNRESET|fetch failed|socket|EPIPE|ENOTFOUND|EAI_AGAIN/i.test(text)) {
    return { kind: "unavailable", reason: "connection failed" };
  }
  if (status) return { kind: "unavailable", status, reason: `HTTP ${status}` };
  return { kind: "unavailable", reason: text.slice(0, 200) || "unknown error" };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class NotionGateway extends NotionAPI {
  private readonly opts: Required<Omit<NotionGatewayOptions, "apiBaseUrl" | "onRetry" | "budget">> & Pick<NotionGatewayOptions, "onRetry">;
  private readonly budget: NotionBudget | undefined;
  readonly apiBaseUrl: string;

  constructor(options: NotionGatewayOptions = {}) {
    const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
    // Unset means notion-client's own default (docs/contracts.md §2).
    const apiBaseUrl = (options.apiBaseUrl ?? NOTION_CLIENT_DEFAULT_BASE).replace(/\/+$/, "");
    // retry: 0 — notion-client would otherwise wait out 60 s cooldowns on 429 inside one call.
    // parseResponse: JSON.parse — ofetch's default parser returns truncated JSON as a string instead of failing.
    super({ apiBaseUrl, ofetchOptions: { timeout: timeoutMs, retry: 0, parseResponse: JSON.parse } });
    this.apiBaseUrl = apiBaseUrl;
    this.budget = options.budget;
    this.opts = {
      timeoutMs,
      maxAttempts: options.maxAttempts ?? DEFAULTS.maxAttempts,
      backoffMs: options.backoffMs ?? DEFAULTS.backoffMs,
      maxRetryAfterMs: options.maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs,
      onRetry: options.onRetry,
    };
  }

  override async fetch<T>(args: FetchArgs): Promise<T> {
    const queue = sharedQueue();
    // notion-client gives queryCollection a 60 s timeout of its own; ours wins.
    const request: FetchArgs = { ...args, ofetchOptions: { ...args.ofetchOptions, timeout: this.opts.timeoutMs, retry: 0 } };
    for (let attempt = 1; ; attempt++) {
      try {
        await this.budget?.take(PUBLIC_BUCKET);
        const result = await queue(() => super.fetch<T>(request));
        if (result === null || typeof result !== "object") {
          throw new NotionRequestError({ kind: "unavailable", reason: "invalid JSON" }, args.endpoint);
        }
        recordNotionRequest("public", args.endpoint, { ok: true });
        return result;
      } catch (err) {
        const failure = err instanceof NotionRequestError ? err.failure : classifyNotionError(err);
        recordNotionRequest("public", args.endpoint, failure.kind === "unavailable" ? { ok: false, notionSide: true, reason: failure.reason } : { ok: false, notionSide: false, reason: failure.kind });
        if (failure.kind === "private" || attempt >= this.opts.maxAttempts) {
          throw err instanceof NotionRequestError ? err : new NotionRequestError(failure, args.endpoint, err);
        }
        let delayMs: number;
        if (failure.kind === "rate_limited") {
          // The whole cluster waits out Notion's cool-down; this request then takes its turn again (or gives up when
          // the wait is long: a refresh runs later, and visitors keep the cached pages meanwhile).
          const wanted = failure.retryAfterMs ?? (this.budget ? RATE_LIMIT_COOLDOWN_MS : this.opts.backoffMs * 2 ** attempt);
          await this.budget?.pause(PUBLIC_BUCKET, wanted).catch(() => undefined);
          if (wanted > this.opts.maxRetryAfterMs) throw new NotionRequestError(failure, args.endpoint, err);
          delayMs = wanted;
        } else {
          delayMs = Math.round(this.opts.backoffMs * 2 ** (attempt - 1) * (0.5 + Math.random() / 2));
        }
        this.opts.onRetry?.({ endpoint: args.endpoint, attempt, delayMs, reason: failure.kind === "unavailable" ? failure.reason : failure.kind });
        // Waiting happens outside the queue so other sites' requests keep flowing.
        // With a budget, a 429's wait is the budget's pause, which the next take() waits out.
        if (!(this.budget && failure.kind === "rate_limited")) await sleep(delayMs);
      }
    }
  }
}

export function createNotionGateway(options: NotionGatewayOptions = {}): NotionGateway {
  return new NotionGateway(options);
}
