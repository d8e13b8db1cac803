import crypto from "node:crypto";
import type http from "node:http";
import { readBody as readCappedBody, sendJson } from "../shared/http";

/** How the stand-in answers errors the way Notion does, and reads bodies no larger than Notion would take. */

export const MAX_BODY = 1024 * 1024;

export const readBody = (req: http.IncomingMessage) => readCappedBody(req, MAX_BODY);

/** Notion's error body: `{object:"error", status, code, message, request_id}`. */
export function sendError(res: http.ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}): void {
  sendJson(res, status, { object: "error", status, code, message, request_id: crypto.randomUUID() }, headers);
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Thrown inside a handler; the edge turns it into Notion's error body (or the control API's `{message}`). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
export const notFound = (id: string) =>
  new HttpError(404, "object_not_found", `Could not find object with ID: ${id}. Make sure the relevant pages and databases are shared with your integration.`);
export const invalid = (message: string) => new HttpError(400, "validation_error", message);
