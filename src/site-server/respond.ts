import { NOTICE_PAGE_CSP } from "./security";
import { renderNoticePage } from "./render/notice-page";
import type { IncomingMessage, ServerResponse } from "node:http";
import { AppError, ERROR_CODES, GENERIC_ERROR_MESSAGE, type ErrorCode } from "@/lib/errors";
import { reportError, type ErrorContext } from "@/integrations/error-reporting";


/** A tiny self-contained HTML page for errors and notices (no scripts, no external assets); never stored by a cache. */
export function sendPlainHtml(res: ServerResponse, status: number, title: string, message: string, headers: Record<string, string> = {}): void {
  const body = renderNoticePage(title, message);
  res.writeHead(status, {
    ...headers,
    "content-type": "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "content-security-policy": NOTICE_PAGE_CSP,
  });
  res.end(body);
}

/** A page title for each error code (the message says what happened). */
const ERROR_TITLES: Record<ErrorCode, string> = {
  UNAUTHORIZED: "Not allowed",
  FORBIDDEN: "Not allowed",
  NOT_FOUND: "Not found",
  CONFLICT: "Please try again",
  RATE_LIMITED: "Too many requests",
  PAYMENT_REQUIRED: "Not available",
  VALIDATION: "Please check and try again",
  PAYLOAD_TOO_LARGE: "Too large",
  UPSTREAM: "Please try again",
  UNAVAILABLE: "Please try again",
  INTERNAL: "Something went wrong",
};

/**
 * A failure as the status and message a visitor sees: an AppError by its code (ERROR_CODES), `messages` replacing
 * the message per code where the operation's own words are not for visitors (a provider's error text). Anything else
 * is a bug: reported, and shown only as the generic message.
 */
export function visitorFacingError(err: unknown, context: ErrorContext, messages: Partial<Record<ErrorCode, string>> = {}): { code: ErrorCode; status: number; message: string } {
  if (!(err instanceof AppError)) {
    reportError(err, context);
    return { code: "INTERNAL", status: ERROR_CODES.INTERNAL.status, message: GENERIC_ERROR_MESSAGE };
  }
  // An outside service failing is expected now and then: one line, not a report.
  if (err.status >= 500) console.error(`[site] ${String(context.where ?? "")}: ${err.message}`);
  return { code: err.code, status: err.status, message: messages[err.code] ?? err.message };
}

/** Answers a failure with a notice page (see visitorFacingError). */
export function sendError(res: ServerResponse, err: unknown, context: ErrorContext, messages?: Partial<Record<ErrorCode, string>>): void {
  const { code, status, message } = visitorFacingError(err, context, messages);
  sendPlainHtml(res, status, ERROR_TITLES[code], message);
}

/** How much of an over-size body is read and dropped before the connection is cut instead. */
const DRAIN_LIMIT_BYTES = 1024 * 1024;

/**
 * A small request body as text; null when it is larger than `max`. The rest of an over-size body is read and dropped
 * (up to DRAIN_LIMIT_BYTES, then the connection is cut), so the caller's answer (413, or the beacon's 204) reaches
 * the client instead of a reset connection.
 */
export function readSmallBody(req: IncomingMessage, max: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        chunks.length = 0;
        resolve(null);
        if (size > DRAIN_LIMIT_BYTES) req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
