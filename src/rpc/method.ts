import type { z } from "zod";
import type { Runtime } from "@/runtime";
import type { SiteRole } from "@/lib/site-roles";

/**
 * What every method gets: the runtime and the signed-in caller. There are no public methods: handle-request.ts
 * answers UNAUTHORIZED before any method runs without a session.
 */
export type RpcContext = {
  runtime: Runtime;
  /** The signed-in caller (the actor an audit entry names). */
  userId: string;
  /**
   * Whose site the call acts on: for a method with a site role, the owner of the `siteId` it names once the caller's
   * role there was checked (core operations check ownership against this); else the caller.
   */
  ownerId: string;
  /** The caller's role on the named site, or null for a method that acts on the caller's own account. */
  role: SiteRole | null;
  /** How the caller signed in: a browser session, or an API key (docs/api-keys.md). */
  via: "session" | "api-key";
  /** The API key's id when the call came with one. */
  apiKeyId: string | null;
  email: string;
  meta: { clientVersion?: string; tz?: string };
  signal: AbortSignal;
  /** Streaming methods send items with this (SSE `event: data`); plain JSON callers only get the final result. */
  emit: (item: unknown) => void;
};

/**
 * Who may call a method. A site role: the least role on the site named by `params.siteId` (handle-request.ts checks it
 * before anything else runs; no role → NOT_FOUND, a weaker one → FORBIDDEN). "self": the method acts only on the
 * caller's own account and sites they own (their connections, new sites, their profile), so there is no site to check.
 */
export type MethodAccess = SiteRole | "self";

/**
 * An entry in the site's audit log, written by handle-request.ts after the method succeeded: the dotted action (or
 * `{of}` choosing it from the call; null: nothing worth an entry this time) and what changed. `details` picks fields one by one, so a secret (a password, a
 * key, a token) is never written; the site is the params' `siteId` unless `siteOf` names it from the result.
 */
export type AuditSpec<P, R> = {
  action: string | { of(p: P, r: R): string | null };
  details?(p: P, r: R): Record<string, unknown>;
  siteOf?(p: P, r: R): string;
};

export type RpcMethod<P extends z.ZodType = z.ZodType, R = unknown> = {
  summary: string;
  /** Declared on every method; docs/roles.md is generated from it. */
  role: MethodAccess;
  /** Marks a "self" method that only reads (API keys with read access may call it); every viewer method is a read. */
  readOnly?: boolean;
  /** Refused to API keys: a key can't make or revoke keys, or delete its account (docs/api-keys.md). */
  sessionOnly?: boolean;
  /** What the site's audit log records when the call succeeds (docs/audit-log.md); methods that change nothing have none. */
  audit?: AuditSpec<z.infer<P>, NoInfer<R>>;
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
