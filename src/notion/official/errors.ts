import { APIErrorCode, APIResponseError, isNotionClientError } from "@notionhq/client";
import { AppError, type ErrorCode } from "@/lib/errors";

/**
 * What went wrong talking to Notion's official API, in the product's one error type. "Private" means something
 * else here than on the public path: the page exists but is not shared with the connection (or its token was
 * revoked), and each case says how to fix it.
 */

export type OfficialNotionFailure = "not_shared" | "unauthorized" | "restricted" | "rate_limited" | "rejected" | "unavailable";

const MESSAGES: Record<OfficialNotionFailure, { code: ErrorCode; message: string }> = {
  not_shared: {
    code: "NOT_FOUND",
    message: "The Notion page is not shared with this connection: in Notion, open the page's ••• menu → Connections and add Pagewright",
  },
  unauthorized: { code: "UNAUTHORIZED", message: "The Notion connection is no longer valid (access was revoked): connect Notion again" },
  restricted: { code: "FORBIDDEN", message: "The Notion connection may not read this content: give the integration the “Read content” capability" },
  rate_limited: { code: "RATE_LIMITED", message: "Notion is rate limiting requests, please try again in a minute" },
  rejected: { code: "UPSTREAM", message: "Notion refused the request" },
  unavailable: { code: "UPSTREAM", message: "Notion did not answer, please try again" },
};

export class OfficialNotionError extends AppError {
  readonly failure: OfficialNotionFailure;
  /** Notion's own error code when it sent one (object_not_found, unauthorized, …). */
  readonly notionCode: string | undefined;

  constructor(failure: OfficialNotionFailure, opts: { notionCode?: string; cause?: unknown } = {}) {
    super(MESSAGES[failure].code, MESSAGES[failure].message, { cause: opts.cause });
    this.name = "OfficialNotionError";
    this.failure = failure;
    this.notionCode = opts.notionCode;
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
