import type { ServerResponse } from "node:http";

/**
 * The one JSON error envelope of every non-RPC JSON endpoint (the request guards, webhooks, a published site's chat):
 * `{"error":{"status":413,"message":"…"}}`. The message is for people; the status repeats the HTTP status.
 * JSON-RPC keeps its own envelope (docs/contracts.md §7).
 */
export type JsonErrorBody = { error: { status: number; message: string } };

export const jsonErrorBody = (status: number, message: string): JsonErrorBody => ({ error: { status, message } });

/** The envelope on a Node response. */
export function sendJsonError(res: ServerResponse, status: number, message: string, extraHeaders: Record<string, string> = {}): void {
  const body = JSON.stringify(jsonErrorBody(status, message));
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    ...extraHeaders,
  });
  res.end(body);
}

/** The envelope as a fetch Response (Next route handlers). */
export const jsonErrorResponse = (status: number, message: string): Response =>
  Response.json(jsonErrorBody(status, message), { status, headers: { "cache-control": "no-store" } });
