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

/**
 * Waits until the site's first sync is over (createNewSite answers before it ends): getSiteSyncState's `firstSync`
 * is null once the site has content. Throws with the last state when it does not end within `timeoutMs`.
 */
export async function waitForFirstSync(baseUrl: string, jar: CookieJar, siteId: string, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < end) {
    const reply = await rpc(baseUrl, jar, "site", "getSiteSyncState", { siteId });
    last = reply.body.error ?? (reply.body.result as { firstSync?: unknown } | undefined)?.firstSync;
    if (reply.body.result && last === null) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the first sync of site ${siteId} did not end: ${JSON.stringify(last)}`);
}
