import type { MethodTable, ParamsOf, ResultOf } from "./method";
import type { siteMethods } from "./site-methods";
import type { userMethods } from "./user-methods";
import { DEFAULT_REQUEST_TIMEOUT_MS } from "@/lib/layout";
import { GENERIC_ERROR_MESSAGE } from "@/lib/errors";
import { readSse } from "@/lib/read-sse";

/**
 * The browser's typed JSON-RPC client (docs/contracts.md §7). Only types cross from the server: method names, params and
 * results come from the method tables. Calls time out (docs/product.md §9: 2000 ms unless a method needs longer) and can be
 * aborted; a 502 is an error whose message comes from the body.
 */

export class RpcError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly rpcCode: number,
    /** Bad input: each field the server refused (its path in the params) and why. */
    readonly issues: { path: string; message: string }[] = [],
    /** RATE_LIMITED: seconds until trying again can work. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = "RpcError";
  }
}

/** Methods that legitimately take longer than the default. */
const SLOW: Record<string, number> = {
  createNewSite: 60_000,
  // Reads the whole site again from the new page, as creation does.
  updateSiteNotionSource: 60_000,
  syncSiteNow: 60_000,
  uploadFile: 60_000,
  getNotionData: 30_000,
  safeGetNotionPageState: 30_000,
  isNotionPagePublic: 30_000,
  getSitePropertyMap: 30_000,
  updateSitePropertyMap: 30_000,
  waitForSubscription: 70_000,
  askSiteAssistant: 120_000,
  // Sends the invitation email before it answers.
  inviteSiteMember: 15_000,
  deleteSite: 15_000,
  deleteUser: 15_000,
  // DNS lookups (up to 4 s each, in parallel).
  updateSiteDomain: 15_000,
  verifySiteDomain: 15_000,
  getSiteDomain: 15_000,
  // The page check of the language's Notion page, as for a new site.
  addSiteLanguage: 30_000,
};

const CLIENT_VERSION = "1";
let nextId = 1;

type CallOptions = { signal?: AbortSignal; timeoutMs?: number };

function timeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

async function post(endpoint: string, method: string, params: unknown, opts: CallOptions, accept = "application/json"): Promise<Response> {
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? SLOW[method] ?? DEFAULT_REQUEST_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  return fetch(endpoint, {
    method: "POST",
    headers: { "content-type": "application/json", accept },
    body: JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params, meta: { clientVersion: CLIENT_VERSION, tz: timeZone() } }),
    signal,
    credentials: "same-origin",
  });
}

type Reply = { result?: unknown; error?: { code: number; message: string; data?: { code?: string; issues?: { path: string; message: string }[]; retryAfter?: number } } };

function unwrap(reply: Reply, status: number): unknown {
  if (reply.error) throw new RpcError(reply.error.message, reply.error.data?.code ?? "UNKNOWN", reply.error.code, reply.error.data?.issues ?? [], reply.error.data?.retryAfter);
  if (status >= 400) throw new RpcError(GENERIC_ERROR_MESSAGE, "HTTP", status);
  return reply.result;
}

export function createRpcClient<T extends MethodTable>(endpoint: string) {
  return {
    async call<M extends keyof T & string>(method: M, params: ParamsOf<T, M>, opts: CallOptions = {}): Promise<ResultOf<T, M>> {
      const res = await post(endpoint, method, params, opts);
      let reply: Reply;
      try {
        reply = (await res.json()) as Reply;
      } catch {
        throw new RpcError(res.status === 413 ? "That is too large to send" : GENERIC_ERROR_MESSAGE, "HTTP", res.status);
      }
      return unwrap(reply, res.status) as ResultOf<T, M>;
    },

    /** A streaming method: `onItem` for each `event: data`, then the final result. */
    async stream<M extends keyof T & string>(method: M, params: ParamsOf<T, M>, onItem: (item: unknown) => void, opts: CallOptions = {}): Promise<ResultOf<T, M>> {
      const res = await post(endpoint, method, params, opts, "text/event-stream");
      if (!(res.headers.get("content-type") ?? "").startsWith("text/event-stream") || !res.body) {
        return unwrap((await res.json()) as Reply, res.status) as ResultOf<T, M>;
      }
      let final = null as Reply | null;
      await readSse(res.body, (event, data) => {
        if (event === "data") onItem(data);
        else if (event === "result" || event === "error") {
          final = data as Reply;
          return true;
        }
      });
      if (final) return unwrap(final, 200) as ResultOf<T, M>;
      throw new RpcError("The connection closed before the answer came", "HTTP", 0);
    },
  };
}

export const siteRpc = createRpcClient<typeof siteMethods>("/api/site");
export const userRpc = createRpcClient<typeof userMethods>("/api/user");
