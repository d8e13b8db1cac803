import { z } from "zod";
import { AppError, ERROR_CODES, GENERIC_ERROR_MESSAGE, type ErrorCode } from "@/lib/errors";

/**
 * JSON-RPC 2.0 as docs/contracts.md §7 describes it: one request per POST (batches refused), `meta` with the client's
 * version and time zone, errors as `{code, message, data:{code}}` with our code table.
 */

export const JSONRPC = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
} as const;

export const envelopeSchema = z
  .object({
    jsonrpc: z.literal("2.0"),
    id: z.union([z.string().max(100), z.number().int(), z.null()]),
    method: z.string().min(1).max(100),
    params: z.unknown().optional(),
    meta: z.object({ clientVersion: z.string().max(50).optional(), tz: z.string().max(64).optional() }).strict().optional(),
  })
  .strict();

export type Envelope = z.infer<typeof envelopeSchema>;

export type RpcErrorObject = { code: number; message: string; data: { code: string; issues?: { path: string; message: string }[]; retryAfter?: number } };

export function rpcError(code: ErrorCode, message: string, extra: Partial<RpcErrorObject["data"]> = {}): RpcErrorObject {
  return { code: ERROR_CODES[code].rpc, message, data: { code, ...extra } };
}

/** An AppError (or anything else thrown) as a JSON-RPC error object; unknown errors never leak their message. */
export function toRpcError(err: unknown): { error: RpcErrorObject; httpStatus: number } {
  if (err instanceof z.ZodError) {
    const issues = err.issues.slice(0, 20).map((i) => ({ path: i.path.join("."), message: i.message }));
    const first = issues[0];
    const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : "Invalid parameters";
    return { error: rpcError("VALIDATION", message, { issues }), httpStatus: 200 };
  }
  if (err instanceof AppError) {
    // Upstream failures and a service of ours that is unavailable are the cases the contract answers with an HTTP
    // status (502, 503), so clients and proxies can tell.
    const httpStatus = err.code === "UPSTREAM" || err.code === "UNAVAILABLE" ? err.status : 200;
    const extra = { ...(err.retryAfterSeconds !== undefined ? { retryAfter: err.retryAfterSeconds } : {}), ...(err.issues ? { issues: err.issues } : {}) };
    return { error: rpcError(err.code === "PAYLOAD_TOO_LARGE" ? "VALIDATION" : err.code, err.message, extra), httpStatus };
  }
  return { error: rpcError("INTERNAL", GENERIC_ERROR_MESSAGE), httpStatus: 200 };
}

export function jsonRpcResponse(id: Envelope["id"], body: { result: unknown } | { error: RpcErrorObject }, status = 200): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", id, ...body }), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });
}
