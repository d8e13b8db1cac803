import { API_BODY_LIMIT } from "@/http/request-guards";
import { reportError } from "@/integrations/error-reporting";
import { withNotionPriority } from "@/notion/budget/request-context";
import type { Runtime } from "@/runtime";
import { MAX_INPUT_DEPTH, nestedDeeperThan, unstorableText } from "./check-input";
import { callerAccess, type CallerAccess } from "./access";
import { checkApiKeyMayCall } from "./api-key-policy";
import { authenticateCaller, BAD_API_KEY } from "./authenticate";
import { auditCall } from "./audit";
import type { MethodTable, RpcContext } from "./method";
import { envelopeSchema, JSONRPC, jsonRpcResponse, rpcError, toRpcError } from "./protocol";

/**
 * One POST = one JSON-RPC call (docs/contracts.md §7): content type and size checked, envelope parsed, the session loaded,
 * params validated by the method's zod schema, the method run, errors mapped. With `Accept: text/event-stream` a
 * streaming method answers as SSE (`event: data` per item, then `event: result` or `event: error`).
 */
export async function handleRpcRequest(request: Request, methods: MethodTable, runtime: Runtime): Promise<Response> {
  if (!/^application\/json\b/i.test(request.headers.get("content-type") ?? "")) {
    return jsonRpcResponse(null, { error: rpcError("VALIDATION", "Requests must be JSON (Content-Type: application/json)") }, 415);
  }
  const raw = await request.arrayBuffer();
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(raw));
  } catch {
    return jsonRpcResponse(null, { error: { code: JSONRPC.PARSE_ERROR, message: "Parse error", data: { code: "PARSE_ERROR" } } });
  }
  if (nestedDeeperThan(body, MAX_INPUT_DEPTH)) {
    return jsonRpcResponse(idOf(body), { error: rpcError("VALIDATION", `The request is nested too deeply (more than ${MAX_INPUT_DEPTH} levels)`) }, 400);
  }
  if (Array.isArray(body)) {
    return jsonRpcResponse(null, { error: { code: JSONRPC.INVALID_REQUEST, message: "Batch requests are not supported", data: { code: "INVALID_REQUEST" } } });
  }
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success) {
    return jsonRpcResponse(null, { error: { code: JSONRPC.INVALID_REQUEST, message: "Invalid request", data: { code: "INVALID_REQUEST" } } });
  }
  const { id, method: name, params, meta } = envelope.data;
  const method = Object.hasOwn(methods, name) ? methods[name] : undefined;
  if (!method) {
    return jsonRpcResponse(id, { error: { code: JSONRPC.METHOD_NOT_FOUND, message: `Method not found: ${name}`, data: { code: "METHOD_NOT_FOUND" } } });
  }
  if (raw.byteLength > (method.maxBodyBytes ?? API_BODY_LIMIT)) {
    return jsonRpcResponse(id, { error: rpcError("VALIDATION", "Request body too large") }, 413);
  }

  const caller = await authenticateCaller(request, runtime);
  if (caller === "bad-key") return jsonRpcResponse(id, { error: rpcError("UNAUTHORIZED", BAD_API_KEY) });
  if (!caller) return jsonRpcResponse(id, { error: rpcError("UNAUTHORIZED", "Please sign in again") });

  // PostgreSQL text can't hold NUL or a lone surrogate: refuse them here, as bad input, for every method at once.
  const unstorable = unstorableText({ params, meta });
  if (unstorable) return jsonRpcResponse(id, { error: rpcError("VALIDATION", unstorable) });
  // The caller's role on the site the call names, before the params' own checks: a member without the role learns
  // nothing about the method's params, and one without any role nothing about the site.
  let access: CallerAccess;
  try {
    if (caller.apiKey) await checkApiKeyMayCall(runtime.db, caller.apiKey, method, params);
    access = await callerAccess(runtime.db, method.role, caller.userId, params);
  } catch (err) {
    return errorResponse(id, name, err);
  }
  const parsed = method.params.safeParse(params ?? {});
  if (!parsed.success) return jsonRpcResponse(id, { error: toRpcError(parsed.error).error });

  // An owner is waiting on this call: whatever it asks of Notion (a page check, Sync now, a first sync) goes first.
  const run = async (context: RpcContext) => {
    const result = await withNotionPriority("owner", caller.userId, () => method.run(context, parsed.data));
    await auditCall(context, name, method, access.siteId, parsed.data, result);
    return result;
  };
  const wantsStream = method.streaming && (request.headers.get("accept") ?? "").includes("text/event-stream");
  const items: unknown[] = [];
  const ctx = (emit: (item: unknown) => void): RpcContext => ({
    runtime,
    userId: caller.userId,
    ownerId: access.ownerId,
    role: access.role,
    via: caller.apiKey ? "api-key" : "session",
    apiKeyId: caller.apiKey?.keyId ?? null,
    email: caller.email,
    meta: meta ?? {},
    signal: request.signal,
    emit,
  });

  if (!wantsStream) {
    try {
      const result = await run(ctx((item) => items.push(item)));
      return jsonRpcResponse(id, { result: result ?? null });
    } catch (err) {
      return errorResponse(id, name, err);
    }
  }

  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: string, data: unknown) => controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
      try {
        const result = await run(ctx((item) => send("data", item)));
        send("result", { jsonrpc: "2.0", id, result: result ?? null });
      } catch (err) {
        send("error", { jsonrpc: "2.0", id, error: mapError(name, err).error });
      }
      controller.close();
    },
  });
  return new Response(stream, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store, no-transform", "x-accel-buffering": "no" },
  });
}

/** The request's id when the body has a usable one, so even an early refusal answers the right call. */
function idOf(body: unknown): string | number | null {
  const id = body !== null && typeof body === "object" && !Array.isArray(body) ? (body as { id?: unknown }).id : null;
  return typeof id === "string" || typeof id === "number" ? id : null;
}

function mapError(name: string, err: unknown) {
  const mapped = toRpcError(err);
  // Only our failures are reported: a ZodError is the caller's bad input (VALIDATION), like an AppError that isn't INTERNAL.
  if (mapped.error.data.code === "INTERNAL") reportError(err, { operation: `rpc.${name}` });
  return mapped;
}

function errorResponse(id: string | number | null, name: string, err: unknown): Response {
  const { error, httpStatus } = mapError(name, err);
  return jsonRpcResponse(id, { error }, httpStatus);
}
