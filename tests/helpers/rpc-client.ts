import { CookieJar, fetchWithJar, testLogin } from "./auth-client";

export type RpcReply = {
  status: number;
  body: { jsonrpc?: string; id?: unknown; result?: unknown; error?: { code: number; message: string; data?: { code: string } } };
  text: string;
};

let nextId = 1;

/** One JSON-RPC call over real HTTP, as the browser client makes it (cookie session). */
export async function rpc(baseUrl: string, jar: CookieJar | null, endpoint: "site" | "user", method: string, params: unknown, init: RequestInit = {}): Promise<RpcReply> {
  const body = JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params, meta: { clientVersion: "test", tz: "UTC" } });
  const request: RequestInit = { ...init, method: "POST", headers: { "content-type": "application/json", ...(init.headers as Record<string, string>) }, body };
  const res = jar ? await fetchWithJar(jar, `${baseUrl}/api/${endpoint}`, request) : await fetch(`${baseUrl}/api/${endpoint}`, request);
  const text = await res.text();
  let parsed: RpcReply["body"] = {};
  try {
    parsed = JSON.parse(text) as RpcReply["body"];
  } catch {
    // SSE or an HTML error page: the caller looks at `text`
  }
  return { status: res.status, body: parsed, text };
}

/** A signed-in owner: a cookie jar after the test login. */
export async function signedIn(baseUrl: string, email: string): Promise<CookieJar> {
  const { jar, status } = await testLogin(baseUrl, email);
  if (status >= 400) throw new Error(`test login failed: ${status}`);
  return jar;
}

export type { CookieJar };
