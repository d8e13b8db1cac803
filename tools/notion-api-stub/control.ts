import type { CallCounts, Delivery, Fault } from "./server";
import type { WebhookSettings } from "./webhooks";

/** A small typed client for the official-API stand-in's control endpoints, over real HTTP (tests, demo, bench). */
export function notionApiStubControl(url: string) {
  async function post<T = unknown>(route: string, body: unknown): Promise<T> {
    const res = await fetch(`${url}/__stub/${route}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`notion-api stub ${route} failed: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }
  const get = async <T>(route: string): Promise<T> => (await fetch(`${url}/__stub/${route}`)).json() as Promise<T>;
  return {
    /** A new internal integration secret shared with these pages (and so their descendants). */
    createToken: (pages: string[], token?: string) => post<{ token: string }>("tokens", { pages, token }).then((r) => r.token),
    share: (token: string, pageId: string) => post("share", { token, pageId }).then(() => undefined),
    unshare: (token: string, pageId: string) => post("unshare", { token, pageId }).then(() => undefined),
    revoke: (token: string) => post("revoke", { token }).then(() => undefined),
    /** A new secret for the same internal integration (same bot and pages); the old secret answers 401 from now on. */
    rotate: (token: string) => post<{ token: string }>("rotate", { token }).then((r) => r.token),
    /**
     * What an owner removing the public integration in Notion does: every OAuth grant revoked — its access tokens
     * answer 401 `unauthorized`, its refresh tokens 400 `invalid_grant`. New grants (connecting again) work.
     */
    revokeOAuth: () => post<{ revoked: number }>("revoke-oauth", {}).then((r) => r.revoked),
    /**
     * What the OAuth consent screen does: approve with these pages, deny, or show the page picker; and whether the
     * OAuth access tokens issued from now on expire (`tokenTtlSeconds`, answered as `expires_in`).
     */
    consent: (settings: { mode?: "approve" | "deny" | "choose"; pages?: string[]; tokenTtlSeconds?: number | null }) => post("oauth", settings).then(() => undefined),
    fault: (fault: Fault) => post("faults", fault).then(() => undefined),
    rateLimit: (requestsPerSecond: number | null) => post("rate-limit", { requestsPerSecond }).then(() => undefined),
    clock: (settings: { offsetMs?: number; fileTtlSeconds?: number }) => post("clock", settings).then(() => undefined),
    editBlock: (blockId: string, text: string) => post<{ pageId: string | null; last_edited_time: string }>("edit-block", { blockId, text }),
    editPage: (pageId: string, change: { title?: string; properties?: Record<string, string | boolean | string[] | null> }) =>
      post<{ last_edited_time: string }>("edit-page", { pageId, ...change }),
    createPage: (parentId: string, title: string, text?: string) => post<{ pageId: string }>("create-page", { parentId, title, text }).then((r) => r.pageId),
    /** A new property on a data source (what an owner adds in Notion), e.g. a number property for vote counts. */
    addProperty: (dataSourceId: string, name: string, type: "number" | "rich_text" | "checkbox" | "url") => post("add-property", { dataSourceId, name, type }).then(() => undefined),
    deletePage: (pageId: string) => post("delete-page", { pageId }).then(() => undefined),
    /** A block object served exactly as given (a recorded answer, or a broken variant of one) under `parentId`. */
    putBlock: (parentId: string, block: { id: string; type: string } & Record<string, unknown>, index?: number) =>
      post("put-block", { parentId, block, ...(index === undefined ? {} : { index }) }).then(() => undefined),
    webhooks: (settings: WebhookSettings) => post<{ verificationToken: string }>("webhooks", settings),
    flushWebhooks: () => post("webhooks/flush", {}).then(() => undefined),
    resendVerification: () => post("webhooks/verification", {}).then(() => undefined),
    deliveries: () => get<{ url: string | null; verificationToken: string; deliveries: Delivery[] }>("webhooks"),
    roots: () => get<Record<string, string>>("roots"),
    calls: () => get<CallCounts>("calls"),
    reset: () => post("reset", {}).then(() => undefined),
  };
}
