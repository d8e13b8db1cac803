import type { z } from "zod";
import type { Runtime } from "@/runtime";

/**
 * What every method gets: the runtime and the signed-in caller. There are no public methods: handle-request.ts
 * answers UNAUTHORIZED before any method runs without a session.
 */
export type RpcContext = {
  runtime: Runtime;
  userId: string;
  email: string;
  meta: { clientVersion?: string; tz?: string };
  signal: AbortSignal;
  /** Streaming methods send items with this (SSE `event: data`); plain JSON callers only get the final result. */
  emit: (item: unknown) => void;
};

export type RpcMethod<P extends z.ZodType = z.ZodType, R = unknown> = {
  summary: string;
  params: P;
  /** Documented result shape (docs/rpc.md); the handler's return type is what the client sees. */
  result: string;
  /** Error codes a caller should expect besides UNAUTHORIZED and VALIDATION. */
  errors?: string[];
  maxBodyBytes?: number;
  streaming?: boolean;
  run: (ctx: RpcContext, params: z.infer<P>) => Promise<R>;
};

export function method<P extends z.ZodType, R>(def: RpcMethod<P, R>): RpcMethod<P, R> {
  return def;
}

export type MethodTable = Record<string, RpcMethod<z.ZodType, unknown>>;

/** Types the browser client uses: params in, result out, per method. */
export type ParamsOf<T extends MethodTable, M extends keyof T> = z.input<T[M]["params"]>;
export type ResultOf<T extends MethodTable, M extends keyof T> = Awaited<ReturnType<T[M]["run"]>>;
