import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sites } from "@/db/schema";
import { RATE_LIMITS } from "@/core/usage/rate-limits";
import { rpc, signedIn, type CookieJar, type RpcReply } from "../../helpers/rpc-client";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";
import { until } from "../../helpers/until";
import { awayFromMinuteEdge } from "../../helpers/usage-window";

/**
 * API keys over real HTTP: `Authorization: Bearer` on the JSON-RPC API with the same walls as a session, read and
 * site limits on top, shown once, revoked and expired keys refused at once, last use shown, a limit per key.
 * Owner A has two sites, B has one.
 */

let s: SitesApp;
let url: string;
let a: CookieJar;
let b: CookieJar;
let aSite: string;
let aOther: string;
let bSite: string;

const withKey = (key: string, method: string, params: unknown, endpoint: "site" | "user" = "site") => rpc(url, null, endpoint, method, params, { headers: { authorization: `Bearer ${key}` } });
const code = (reply: RpcReply) => reply.body.error?.data?.code;
const ok = <T>(reply: RpcReply): T => {
  if (reply.body.error) throw new Error(`${reply.body.error.message} (${reply.body.error.data?.code})`);
  return reply.body.result as T;
};
type Key = { id: string; key: string; hint: string };

beforeAll(async () => {
  s = await startSitesApp(
    [
      { siteType: "blog", page: workspaceIndex.blog! },
      { siteType: "docs", page: workspaceIndex.docs! },
      { siteType: "changelog", page: workspaceIndex.changelog! },
    ],
    {
      // A owns the blog and the docs: each seeded site has its own owner, so the docs change hands before the start.
      beforeStart: async (db) => {
        const [blog] = await db.select({ ownerId: sites.ownerId }).from(sites).where(eq(sites.siteType, "blog"));
        await db.update(sites).set({ ownerId: blog!.ownerId }).where(eq(sites.siteType, "docs"));
      },
    },
  );
  url = s.app.url;
  [aSite, aOther, bSite] = s.siteIds as [string, string, string];
  a = await signedIn(url, s.ownerEmails[0]!);
  b = await signedIn(url, s.ownerEmails[2]!);
}, 240_000);
afterAll(() => s?.stop());

describe("API keys", () => {
  it("are shown once and listed by their first characters only", async () => {
    const made = ok<Key & { access: string; siteId: string }>(await rpc(url, a, "site", "createApiKey", { siteId: aSite, access: "read", name: "Dashboard export" }));
    expect(made.key).toMatch(/^pwk_[A-Za-z0-9_-]{43}$/);
    expect(made).toMatchObject({ access: "read", siteId: aSite, hint: made.key.slice(0, 10) });
    const listed = ok<Record<string, unknown>[]>(await rpc(url, a, "site", "listApiKeys", {}));
    expect(listed).toEqual([expect.objectContaining({ id: made.id, hint: made.hint, state: "active", lastUsedAt: null })]);
    expect(JSON.stringify(listed)).not.toContain(made.key);
  });

  it("work as Authorization: Bearer, with the walls of a session and the key's own limits", async () => {
    const read = ok<Key>(await rpc(url, a, "site", "createApiKey", { siteId: aSite, access: "read" }));
    const write = ok<Key>(await rpc(url, a, "site", "createApiKey", { access: "write" }));
    expect(ok(await withKey(read.key, "getSiteAnalytics", { siteId: aSite }))).toBeTruthy();
    expect((await withKey(read.key, "updateSite", { siteId: aSite, name: "Through a read key" })).body.error).toMatchObject({ message: "This API key can only read", data: { code: "FORBIDDEN" } });
    expect((await withKey(read.key, "getSiteAnalytics", { siteId: aOther })).body.error).toMatchObject({ message: "This API key is for another site" });
    expect(code(await withKey(read.key, "getUserSites", {}))).toBe("FORBIDDEN");
    // A write key for all of A's sites changes them, and is walled off from B's like A's session is.
    expect(ok(await withKey(write.key, "updateSite", { siteId: aSite, name: "Through a key" }))).toMatchObject({ settings: { name: "Through a key" } });
    expect(ok<{ siteId: string }[]>(await withKey(write.key, "getUserSites", {})).map((x) => x.siteId)).toContain(aSite);
    expect(code(await withKey(write.key, "updateSite", { siteId: bSite, name: "Hijacked" }))).toBe("NOT_FOUND");
    expect(code(await withKey(write.key, "getSubscriptions", {}, "user"))).toBeUndefined();
    // No key manages keys or deletes the account.
    expect((await withKey(write.key, "createApiKey", { access: "write" })).body.error).toMatchObject({ message: "This method needs a signed-in session, not an API key" });
    expect(code(await withKey(write.key, "deleteUser", { confirm: "DELETE" }, "user"))).toBe("FORBIDDEN");
    // The audit log says the change came through a key.
    const log = ok<{ entries: { action: string; via: string; details: Record<string, unknown> }[] }>(await rpc(url, a, "site", "getSiteAuditLog", { siteId: aSite, action: "settings" }));
    expect(log.entries[0]).toMatchObject({ via: "api-key", details: { apiKeyId: write.id } });
    const listed = ok<{ id: string; lastUsedAt: string | null }[]>(await rpc(url, a, "site", "listApiKeys", {}));
    expect(listed.find((k) => k.id === write.id)?.lastUsedAt).not.toBeNull();
  });

  it("stop working once revoked or expired, and a wrong key is UNAUTHORIZED", async () => {
    const key = ok<Key>(await rpc(url, a, "site", "createApiKey", { access: "read" }));
    expect(ok(await withKey(key.key, "listApiKeys", {}))).toBeTruthy();
    ok(await rpc(url, a, "site", "revokeApiKey", { id: key.id }));
    expect((await withKey(key.key, "listApiKeys", {})).body.error).toMatchObject({ message: "Invalid, expired or revoked API key", data: { code: "UNAUTHORIZED" } });
    expect(code(await rpc(url, b, "site", "revokeApiKey", { id: key.id }))).toBe("NOT_FOUND");
    expect(code(await withKey("pwk_not-a-key", "listApiKeys", {}))).toBe("UNAUTHORIZED");
    const soon = ok<Key>(await rpc(url, a, "site", "createApiKey", { access: "read", expiresAt: new Date(Date.now() + 1500).toISOString() }));
    expect(ok(await withKey(soon.key, "listApiKeys", {}))).toBeTruthy();
    await until(async () => code(await withKey(soon.key, "listApiKeys", {})) === "UNAUTHORIZED", 5000);
    expect(code(await rpc(url, a, "site", "createApiKey", { access: "read", expiresAt: "2020-01-01T00:00:00Z" }))).toBe("VALIDATION");
  });

  it("limits requests per key", async () => {
    const key = ok<Key>(await rpc(url, a, "site", "createApiKey", { access: "read" }));
    const other = ok<Key>(await rpc(url, a, "site", "createApiKey", { access: "read" }));
    const codes: (string | undefined)[] = [];
    // The 121 calls must land in one clock-aligned minute (a busy machine makes them take several seconds).
    await awayFromMinuteEdge(30_000);
    for (let i = 0; i <= RATE_LIMITS.apiKey.limit; i++) codes.push(code(await withKey(key.key, "listApiKeys", {})));
    expect(codes.slice(0, RATE_LIMITS.apiKey.limit).every((c) => c === undefined)).toBe(true);
    expect(codes.at(-1)).toBe("RATE_LIMITED");
    expect(code(await withKey(other.key, "listApiKeys", {}))).toBeUndefined();
  });
});
