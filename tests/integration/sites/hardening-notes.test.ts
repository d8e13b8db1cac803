import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roadmapVoters, sites } from "@/db/schema";
import { fetchWithJar } from "../../helpers/auth-client";
import { rawRequest } from "../../helpers/raw-request";
import { rpc, signedIn } from "../../helpers/rpc-client";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";

/**
 * Small holes with plain answers: over-size bodies get the status the code sends (not a reset connection), llms.txt
 * advertises an ask link that answers, one 404 page never carries another path's canonical, a new password retires the
 * agent tokens made for the old one, the admin screen is a real 404 to non-operators, and app pages can't be framed.
 */

const PASSWORD = "correct horse battery";
const VOTER_SESSION = "hardening-notes-voter-session-token-0000000000";
let s: SitesApp;
// 0: docs · 1: blog with the assistant on · 2: locked docs · 3: roadmap with one confirmed voter
beforeAll(async () => {
  s = await startSitesApp(
    [
      { siteType: "docs", page: workspaceIndex.docs! },
      { siteType: "blog", page: workspaceIndex.blog!, settings: { ai: { enabled: true } } },
      { siteType: "docs", page: workspaceIndex.docs!, password: PASSWORD },
      { siteType: "roadmap", page: workspaceIndex.roadmap! },
    ],
    {
      env: { ADMIN_EMAILS: "ops@example.com" },
      beforeStart: async (db) => {
        const [roadmap] = await db.select().from(sites).where(eq(sites.siteType, "roadmap"));
        await db.insert(roadmapVoters).values({
          siteId: roadmap!.id,
          email: "voter@example.com",
          status: "confirmed",
          confirmedAt: new Date(),
          sessionToken: VOTER_SESSION,
          unsubscribeToken: "hardening-notes-unsubscribe-token-0000000000",
        });
      },
    },
  );
}, 240_000);
afterAll(() => s?.stop());

describe("over-size bodies", () => {
  it("a 70 KB MCP request gets its 413, and an over-size beacon its 204", async () => {
    const mcp = await rawRequest(`${s.app.url}/_/mcp`, {
      host: s.hosts[0]!,
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "search", arguments: { query: "x".repeat(70_000) } } }),
    });
    expect(mcp.status).toBe(413);
    expect(mcp.body).toContain("This request is too large.");
    for (const size of [3_000, 100_000]) {
      const beacon = await rawRequest(`${s.app.url}/_/view`, { host: s.hosts[0]!, method: "POST", headers: { "content-type": "text/plain" }, body: JSON.stringify({ p: "/", q: "x".repeat(size) }) });
      expect(beacon.status).toBe(204);
    }
  });
});

describe("llms.txt", () => {
  it("advertises an ask link that answers, on a blog too", async () => {
    const llms = await s.get(s.hosts[1]!, "/llms.txt");
    const link = /- \[Ask this site a question\]\((\S+)\?ask=[^)]+\)/.exec(llms.body)?.[1];
    expect(link).toBeTruthy();
    const path = new URL(link!).pathname;
    expect((await s.get(s.hosts[1]!, `${path}?ask=${encodeURIComponent("What is new in Lumen?")}`)).status).toBe(200);
  });
});

describe("404 pages", () => {
  it("never carry the canonical of a path someone else asked for first", async () => {
    expect((await s.get(s.hosts[0]!, "/attacker-chosen-path-xyz")).status).toBe(404);
    const other = await s.get(s.hosts[0]!, "/some-other-missing");
    expect(other.status).toBe(404);
    expect(other.body).not.toContain("attacker-chosen-path-xyz");
    expect(other.body).toContain('content="noindex"');
  });
});

describe("page feedback", () => {
  it("is recorded only for pages the site has, sent from the site itself", async () => {
    const send = (path: string, headers: Record<string, string> = {}) =>
      rawRequest(`${s.app.url}/_/feedback`, {
        host: s.hosts[0]!,
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams({ path, helpful: "no", text: `feedback on ${path}` }).toString(),
      });
    for (const res of [await send("/buy-cheap-pills"), await send("/getting-started/quick-start", { "sec-fetch-site": "cross-site" }), await send("/getting-started/quick-start")]) {
      expect(res.status).toBe(200);
    }
    const owner = await signedIn(s.app.url, s.ownerEmails[0]!);
    const feedback = (await rpc(s.app.url, owner, "site", "getTextFeedback", { siteId: s.siteIds[0] })).body.result as { path: string }[];
    expect(feedback.map((f) => f.path)).toEqual(["/getting-started/quick-start"]);
    // A locked site takes none without the password, and another owner can't read any.
    const locked = await rawRequest(`${s.app.url}/_/feedback`, {
      host: s.hosts[2]!,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ path: "/getting-started/quick-start", helpful: "no", text: "locked" }).toString(),
    });
    expect(locked.status).toBe(401);
    const stranger = await signedIn(s.app.url, s.ownerEmails[2]!);
    expect((await rpc(s.app.url, stranger, "site", "getTextFeedback", { siteId: s.siteIds[0] })).body.error?.data?.code).toBe("NOT_FOUND");
  });
});

describe("the vote form's way back", () => {
  it("is a local path, never a protocol-relative address from the Referer", async () => {
    const board = await s.get(s.hosts[3]!, "/");
    const item = /name="item" value="([^"]+)"/.exec(board.body)?.[1];
    expect(item).toBeTruthy();
    const vote = (referer: string) =>
      rawRequest(`${s.app.url}/_/vote`, {
        host: s.hosts[3]!,
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: `voter=${VOTER_SESSION}`, referer },
        body: new URLSearchParams({ item: item!, vote: "1" }).toString(),
      });
    const sneaky = await vote(`http://${s.hosts[3]}//evil.example/x`);
    expect(sneaky.status).toBe(303);
    expect(sneaky.headers.location).toBe(`/#vote-${item}`);
    const plain = await vote(`http://${s.hosts[3]}/some-item`);
    expect(plain.headers.location).toBe(`/some-item#vote-${item}`);
  });
});

describe("a new site password", () => {
  it("retires the agent tokens made for the old one", async () => {
    const owner = await signedIn(s.app.url, s.ownerEmails[2]!);
    const made = (await rpc(s.app.url, owner, "site", "createAgentToken", { siteId: s.siteIds[2], name: "Claude" })).body.result as { token: string };
    const withToken = () => s.get(s.hosts[2]!, "/llms-full.txt", { authorization: `Bearer ${made.token}` });
    expect((await withToken()).status).toBe(200);
    expect((await rpc(s.app.url, owner, "site", "updateSitePassword", { siteId: s.siteIds[2], password: "a brand new password" })).body.error).toBeUndefined();
    expect((await withToken()).status).toBe(401);
    // Walls: another owner's password call changes nothing, and the token list says why the token stopped.
    const stranger = await signedIn(s.app.url, s.ownerEmails[0]!);
    expect((await rpc(s.app.url, stranger, "site", "updateSitePassword", { siteId: s.siteIds[2], password: "hijacked!" })).body.error?.data?.code).toBe("NOT_FOUND");
  });
});

describe("app pages", () => {
  it("the admin screen is a 404 to anyone but operators", async () => {
    const someone = await signedIn(s.app.url, "someone@example.com");
    const refused = await fetchWithJar(someone, `${s.app.url}/dashboard/admin`);
    expect(refused.status).toBe(404);
    expect(await refused.text()).not.toContain("Notion webhooks");
    const ops = await signedIn(s.app.url, "ops@example.com");
    const shown = await fetchWithJar(ops, `${s.app.url}/dashboard/admin`);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain("Notion webhooks");
  });

  it("can't be framed, and send the same hardening headers as sites", async () => {
    const jar = await signedIn(s.app.url, "someone@example.com");
    for (const path of ["/signin", "/dashboard"]) {
      const res = path === "/signin" ? await fetch(`${s.app.url}${path}`) : await fetchWithJar(jar, `${s.app.url}${path}`);
      expect(res.headers.get("x-frame-options"), path).toBe("DENY");
      expect(res.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
    }
  });
});
