import type { IncomingMessage, ServerResponse } from "node:http";
import { sendJsonError } from "./json-error";

/** Body limits for the app's API (docs/contracts.md §7): 1 MB, 8 MB on /api/site where uploadFile lives. */
export const API_BODY_LIMIT = 1024 * 1024;
export const UPLOAD_BODY_LIMIT = 8 * 1024 * 1024;
const MAX_URL_LENGTH = 8 * 1024;

/**
 * Cheap checks before a request reaches Next.js, answering clear 4xx instead of letting a route fail:
 * over-long URLs, API bodies over the limit (by Content-Length), API bodies without a length.
 * Returns true when it has answered.
 */
export function rejectBadAppRequest(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? "/";
  if (url.length > MAX_URL_LENGTH) {
    sendJsonError(res, 414, "URL too long");
    return true;
  }
  if (!url.startsWith("/api/")) return false;
  const hasBody = req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] !== undefined;
  if (!hasBody) return false;
  const length = Number(req.headers["content-length"]);
  if (req.headers["content-length"] === undefined || !Number.isFinite(length)) {
    sendJsonError(res, 411, "A Content-Length header is required");
    return true;
  }
  // next-auth only speaks form-encoded bodies; anything else would reach its parser and fail with a 500.
  if (url.startsWith("/api/auth/") && !/^application\/x-www-form-urlencoded\b/i.test(req.headers["content-type"] ?? "")) {
    sendJsonError(res, 415, "Auth requests must be form-encoded (application/x-www-form-urlencoded)");
    return true;
  }
  const limit = url === "/api/site" || url.startsWith("/api/site?") ? UPLOAD_BODY_LIMIT : API_BODY_LIMIT;
  if (length > limit) {
    sendJsonError(res, 413, `Request body too large (limit ${Math.round(limit / 1024 / 1024)} MB)`, { connection: "close" });
    return true;
  }
  return false;
}
