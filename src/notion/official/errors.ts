import { APIErrorCode, APIResponseError, isNotionClientError } from "@notionhq/client";
import { AppError, type ErrorCode } from "@/lib/errors";

/**
 * What went wrong talking to Notion's official API, in the product's one error type. "Private" means something
 * else here than on the public path: the page exists but is not shared with the connection (or its token was
 * revoked), and each case says how to fix it.
 */

export type OfficialNotionFailure = "not_shared" | "unauthorized" | "refused" | "restricted" | "rate_limited" | "rejected" | "unavailable";

const MESSAGES: Record<OfficialNotionFailure, { code: ErrorCode; message: string }> = {
  not_shared: {
    code: "NOT_FOUND",
    message: "The Notion page is not shared with this connection: in Notion, open the page's ••• menu → Connections and add Pagewright",
  },
  unauthorized: { code: "UNAUTHORIZED", message: "The Notion connection is no longer valid (access was revoked): connect Notion again" },
  refused: { code: "UNAUTHORIZED", message: refusedConnectionMessage(null) },
  restricted: { code: "FORBIDDEN", message: "The Notion connection may not read this content: give the integration the “Read content” capability" },
  rate_limited: { code: "RATE_LIMITED", message: "Notion is rate limiting requests, please try again in a minute" },
  rejected: { code: "UPSTREAM", message: "Notion refused the request" },
  unavailable: { code: "UPSTREAM", message: "Notion did not answer, please try again" },
};

/** What a connection Notion refused for good says, with Notion's own words when it gave some. */
export function refusedConnectionMessage(notionReason: string | null): string {
  return `Notion no longer accepts this connection${notionReason ? ` (Notion said: “${notionReason}”)` : ""}: reconnect Notion on the site's General screen`;
}

export class OfficialNotionError extends AppError {
  readonly failure: OfficialNotionFailure;
  /** Notion's own error code when it sent one (object_not_found, unauthorized, …). */
  readonly notionCode: string | undefined;
  /** Notion's own words, for a refused connection. */
  readonly notionReason: string | undefined;

  constructor(failure: OfficialNotionFailure, opts: { notionCode?: string; cause?: unknown; notionMessage?: string } = {}) {
    super(MESSAGES[failure].code, failure === "refused" ? refusedConnectionMessage(opts.notionMessage ?? null) : MESSAGES[failure].message, { cause: opts.cause });
    this.name = "OfficialNotionError";
    this.failure = failure;
    this.notionCode = opts.notionCode;
    this.notionReason = opts.notionMessage;
  }
}

export function toOfficialNotionError(err: unknown): OfficialNotionError {
  if (err instanceof OfficialNotionError) return err;
  if (APIResponseError.isAPIResponseError(err)) {
    const failure: OfficialNotionFailure =
      err.code === APIErrorCode.ObjectNotFound
        ? "not_shared"
        : err.code === APIErrorCode.Unauthorized
          ? "unauthorized"
          : err.code === APIErrorCode.RestrictedResource
            ? "restricted"
            : err.code === APIErrorCode.RateLimited
              ? "rate_limited"
              : err.status >= 500
                ? "unavailable"
                : "rejected";
    return new OfficialNotionError(failure, { notionCode: err.code, cause: err });
  }
  if (isNotionClientError(err)) {
    const status = (err as { status?: number }).status;
    return new OfficialNotionError(status === 429 ? "rate_limited" : status && status < 500 ? "rejected" : "unavailable", { notionCode: err.code, cause: err });
  }
  return new OfficialNotionError("unavailable", { cause: err });
}

/** Runs one SDK call, turning whatever it throws into an OfficialNotionError. */
export async function notionCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw toOfficialNotionError(err);
  }
}

/**
 * Whether a failure means Notion refused the connection for good, or only for now. "refused": a renewal answered
 * `invalid_grant` (the grant was revoked) or the API answered 401 `unauthorized` (the token is no longer valid) —
 * trying again changes nothing until the owner reconnects. "temporary": 5xx, time-outs, refused or broken
 * connections, 429 — the next try may work. "other": anything else (a page not shared, a bad request…), which says
 * nothing about the connection itself.
 */
export type OfficialFailureKind = { kind: "refused"; code: "invalid_grant" | "unauthorized"; reason: string } | { kind: "temporary" } | { kind: "other" };

/** Notion's error body: the API's `{code, message}`, or the OAuth token endpoint's `{error, error_description}`. */
function errorBodyOf(err: { body?: unknown }): { code?: string; message?: string } {
  if (typeof err.body !== "string") return {};
  try {
    const parsed = JSON.parse(err.body) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim().slice(0, 500) : undefined);
    return { code: text(parsed.code) ?? text(parsed.error), message: text(parsed.message) ?? text(parsed.error_description) };
  } catch {
    return {};
  }
}

export function classifyOfficialFailure(err: unknown): OfficialFailureKind {
  let cause: unknown = err;
  if (err instanceof OfficialNotionError) {
    if (err.failure === "refused") return { kind: "refused", code: err.notionCode === "invalid_grant" ? "invalid_grant" : "unauthorized", reason: err.notionReason ?? err.message };
    cause = err.cause ?? err;
  }
  if (isNotionClientError(cause)) {
    const status = (cause as { status?: number }).status;
    if (status === undefined) return { kind: "temporary" }; // the SDK's time-out
    const body = errorBodyOf(cause as { body?: unknown });
    const code = body.code ?? cause.code;
    if (status === 400 && code === "invalid_grant") return { kind: "refused", code: "invalid_grant", reason: body.message ?? "invalid_grant" };
    if (status === 401 && code === APIErrorCode.Unauthorized) return { kind: "refused", code: "unauthorized", reason: body.message ?? cause.message };
    return status >= 500 || status === 429 ? { kind: "temporary" } : { kind: "other" };
  }
  if (cause instanceof OfficialNotionError) return cause.failure === "unavailable" || cause.failure === "rate_limited" ? { kind: "temporary" } : { kind: "other" };
  // fetch's own failures (time-out, refused connection, reset) never reached Notion's answer.
  return { kind: "temporary" };
}
