/**
 * The one error type (docs/product.md D2). Code → JSON-RPC code and HTTP status are translated only at the edges.
 */
export const ERROR_CODES = {
  UNAUTHORIZED: { rpc: -32001, status: 401 },
  FORBIDDEN: { rpc: -32003, status: 403 },
  NOT_FOUND: { rpc: -32004, status: 404 },
  CONFLICT: { rpc: -32009, status: 409 },
  RATE_LIMITED: { rpc: -32029, status: 429 },
  PAYMENT_REQUIRED: { rpc: -32402, status: 402 },
  VALIDATION: { rpc: -32602, status: 400 },
  PAYLOAD_TOO_LARGE: { rpc: -32600, status: 413 },
  UPSTREAM: { rpc: -32603, status: 502 },
  UNAVAILABLE: { rpc: -32053, status: 503 },
  INTERNAL: { rpc: -32603, status: 500 },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const GENERIC_ERROR_MESSAGE = "Something went wrong, please try again";

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** RATE_LIMITED: when trying again can work (seconds), so a client can wait and retry by itself. */
  readonly retryAfterSeconds?: number;

  /** The input fields a refusal is about (paths as in the params, "versions.0.notionPageUrl"), so forms show it there. */
  readonly issues?: { path: string; message: string }[];

  constructor(code: ErrorCode, message: string, opts: { status?: number; cause?: unknown; retryAfterSeconds?: number; issues?: { path: string; message: string }[] } = {}) {
    super(message, { cause: opts.cause });
    this.name = "AppError";
    this.code = code;
    this.status = opts.status ?? ERROR_CODES[code].status;
    if (opts.retryAfterSeconds !== undefined) this.retryAfterSeconds = opts.retryAfterSeconds;
    if (opts.issues) this.issues = opts.issues;
  }
}

/** For branches the types say cannot happen (docs/product.md §8 'Unreachable error'). */
export class UnreachableError extends AppError {
  constructor(value: never) {
    super("INTERNAL", "Unreachable error", { cause: value });
    this.name = "UnreachableError";
  }
}

/** Turns anything thrown into an AppError; unknown errors keep the cause but show only the generic message. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  return new AppError("INTERNAL", GENERIC_ERROR_MESSAGE, { cause: err });
}
