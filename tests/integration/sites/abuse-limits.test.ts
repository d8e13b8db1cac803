import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sites, usageCounters } from "@/db/schema";
import { RATE_LIMITS } from "@/core/usage/rate-limits";
import { periodOf } from "@/core/usage/take-usage";
import { rawRequest } from "../../helpers/raw-request";
import { rpc, signedIn } from "../../helpers/rpc-client";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";
import { awayFromMinuteEdge } from "../../helpers/usage-window";

/**
 * What one anonymous caller can make a site spend, over real HTTP behind one trusted proxy: password guesses (per
 * /64 for IPv6, per site across every address, the owner's lockout and its lifting), MCP batches, bad MCP input,
 * analytics beacons for pages the site doesn't have, and the AI answers behind `.md?ask=`.
 */

const PASSWORD = "correct horse battery";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
const ASKER = "192.0.2.92";

let s: SitesApp;
// 0: locked simple site · 1: docs (chatbot off) · 2: docs with the chatbot on · 3: locked docs (short old password)
beforeAll(async () => {
  s = await startSitesApp(
    [
      { siteType: "simple", page: workspaceIndex.simple!, password: PASSWORD },
      { siteType: "docs", page: workspaceIndex.docs! },
      { siteType: "docs", page: workspaceIndex.docs!, settings: { ai: { enabled: true } } },
      { siteType: "docs", page: workspaceIndex.docs!, password: "abcd" },
    ],
    {
      env: { TRUST_PROXY: "1", ANALYTICS_FLUSH_MS: "50", ANALYTICS_ROLLUP_SECONDS: "1" },
      // One visitor who has already asked today's share of questions on the chatbot site.
      beforeStart: async (db) => {
        const siteId = (await db.select().from(sites)).find((site) => (site.settings as { ai?: { enabled?: boolean } }).ai?.enabled)!.id;
        await db.insert(usageCounters).values({
          scope: "limit:chatVisitorDay",
          key: `${siteId}|${ASKER}`,
          period: periodOf({ minutes: 24 * 60 }, new Date()),
          count: 50,
          expiresAt: new Date(Date.now() + 3 * 86_400_000),
        });
      },
    },
  );
}, 240_000);
afterAll(() => s?.stop());

const guess = (host: string, password: string, forwardedFor: string) =>
  rawRequest(`${s.app.url}/_/password`, {
    host,
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": forwardedFor },
    body: new URLSearchParams({ password, next: "/" }).toString(),
  });

const mcpPost = (host: string, body: unknown, forwardedFor = "203.0.113.50") =>
  rawRequest(`${s.app.url}/_/mcp`, {
    host,
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "x-forwarded-for": forwardedFor },
    body: JSON.stringify(body),
  });
const toolCall = (id: number, name: string, args: Record<string, unknown>) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });

describe("site passwords", () => {
  it("one IPv6 /64 is one visitor: the sixth guess from 2001:db8:1:2::/64 is refused", async () => {
    await awayFromMinuteEdge();
    const statuses: number[] = [];
    for (let i = 1; i <= 12; i++) statuses.push((await guess(s.hosts[0]!, `wrong${i}`, `2001:db8:1:2::${i}`)).status);
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    // Another /64 is another visitor.
    expect((await guess(s.hosts[0]!, "wrong", "2001:db8:1:3::1")).status).toBe(401);
  });

  it("caps wrong passwords per site across every address, tells the owner once, and the owner sees and lifts the lockout", { timeout: 180_000 }, async () => {
    const host = s.hosts[3]!;
    const { limit } = RATE_LIMITS.sitePasswordPerSite;
    await awayFromMinuteEdge(30_000);
    // Every guess from its own IPv4 address: the per-visitor limit never trips.
    for (let i = 0; i < limit; i++) expect((await guess(host, `wrong${i}`, `10.9.${Math.floor(i / 250)}.${(i % 250) + 1}`)).status).toBe(401);
    const locked = await guess(host, "wrong again", "10.8.0.1");
    expect(locked.status).toBe(429);
    expect(locked.body).toContain("This site has had too many wrong passwords. Please try again later.");
    // The right password waits too (the guesser can't tell a hit from a miss).
    expect((await guess(host, "abcd", "10.8.0.2")).status).toBe(429);
    expect(s.app.output().match(new RegExp(`to=${s.ownerEmails[3]!.replace(/[.+]/g, "\\$&")} subject="Someone is guessing your site's password"`, "g"))).toHaveLength(1);

    const owner = await signedIn(s.app.url, s.ownerEmails[3]!);
    const seen = await rpc(s.app.url, owner, "site", "getSitePasswordLockout", { siteId: s.siteIds[3] });
    expect(seen.body.error).toBeUndefined();
    expect(seen.body.result).toMatchObject({ locked: true, wrongTries: limit, limit });
    // Walls: another owner can neither see nor lift it.
    const stranger = await signedIn(s.app.url, s.ownerEmails[1]!);
    for (const method of ["getSitePasswordLockout", "liftSitePasswordLockout"]) {
      expect((await rpc(s.app.url, stranger, "site", method, { siteId: s.siteIds[3] })).body.error?.data?.code).toBe("NOT_FOUND");
    }
    expect((await guess(host, "abcd", "10.8.0.3")).status).toBe(429);
    const lifted = await rpc(s.app.url, owner, "site", "liftSitePasswordLockout", { siteId: s.siteIds[3] });
    expect(lifted.body.result).toMatchObject({ locked: false, wrongTries: 0 });
    // A password set before the longer minimum keeps working.
    expect((await guess(host, "abcd", "10.8.0.4")).status).toBe(303);
  });

  it("new passwords need at least 8 characters", async () => {
    const owner = await signedIn(s.app.url, s.ownerEmails[0]!);
    const short = await rpc(s.app.url, owner, "site", "updateSitePassword", { siteId: s.siteIds[0], password: "abcd123" });
    expect(short.body.error?.data?.code).toBe("VALIDATION");
    expect(short.body.error?.message).toContain("The password needs at least 8 characters");
    expect((await rpc(s.app.url, owner, "site", "updateSitePassword", { siteId: s.siteIds[0], password: PASSWORD })).body.error).toBeUndefined();
  });
});

describe("MCP", () => {
  it("refuses a batch: the per-agent limit counts calls, not requests", async () => {
    const batch = Array.from({ length: 100 }, (_, i) => toolCall(i, "search", { query: `lumen ${i}` }));
    const res = await mcpPost(s.hosts[1]!, batch);
    expect(res.status).toBe(400);
    expect(res.body).toContain("Send one JSON-RPC message per request.");
    expect(res.body).not.toContain('"result"');
    // One call per request still works.
    const one = await mcpPost(s.hosts[1]!, toolCall(1, "search", { query: "lumen" }));
    expect(one.status).toBe(200);
    expect(one.body).toContain('"result"');
  });

  it("a bad list_pages cursor is the caller's mistake: a readable tool error and no error report", async () => {
    const before = s.app.output().length;
    for (const cursor of ["-5", "1e9"]) {
      const res = await mcpPost(s.hosts[1]!, toolCall(1, "list_pages", { cursor }));
      expect(res.status).toBe(200);
      expect(res.body).toContain("Use the nextCursor of the previous call.");
      expect(res.body).not.toContain("Something went wrong");
    }
    expect(s.app.output().slice(before)).not.toContain('"where":"site-mcp"');
  });
});

describe("analytics", () => {
  const beacon = (host: string, body: unknown, headers: Record<string, string> = {}) =>
    rawRequest(`${s.app.url}/_/view`, {
      host,
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": CHROME, "x-forwarded-for": "198.51.100.77", ...headers },
      body: JSON.stringify(body),
    });

  it("counts only pages the site has, from its own pages, only plain campaign words and only a referrer its own page reported", async () => {
    const host = s.hosts[1]!;
    const spam = [
      await beacon(host, {
        p: "/buy-cheap-pills-at-evil-example-com",
        q: 'utm_source=spam-source&utm_campaign=%3Cscript%3Ealert(1)%3C%2Fscript%3E&utm_medium==HYPERLINK("http://evil")',
        r: "https://referrer-spam.example/casino",
      }),
      await beacon(host, { p: "/not-a-real-page-<b>bold</b>", q: "", r: "" }),
      await s.get(host, "/_/view.gif?p=/pixel-spam-page", { "user-agent": CHROME, "x-forwarded-for": "198.51.100.78" }),
      // A real page's pixel embedded on another site.
      await s.get(host, "/_/view.gif?p=/getting-started/quick-start", { "user-agent": CHROME, "x-forwarded-for": "198.51.100.79", "sec-fetch-site": "cross-site" }),
      await beacon(host, { p: "/", q: `utm_campaign=%3Cscript%3Ealert(1)%3C%2Fscript%3E&utm_medium==HYPERLINK(1)&utm_source=newsletter&utm_content=${"x".repeat(101)}`, r: "" }),
      // Referrer spam on a real page: sent from another site's page, or naming another page than the one it came from.
      await beacon(host, { p: "/", q: "", r: "https://referrer-spam.example/casino" }, { referer: "https://referrer-spam.example/casino" }),
      await beacon(host, { p: "/", q: "", r: "https://referrer-spam-two.example/" }, { referer: `http://${host}/getting-started/quick-start` }),
      await beacon(host, { p: "/", q: "", r: "javascript:alert(1)" }, { referer: `http://${host}/` }),
      // A campaign word longer than 100 characters is dropped, not cut.
      await beacon(host, { p: "/", q: `utm_medium=${"m".repeat(101)}`, r: "" }, { referer: `http://${host}/?utm_medium=${"m".repeat(101)}` }),
      // What a browser sends: the beacon's Referer is the page itself, the reported referrer the page before it.
      await beacon(host, { p: "/", q: "", r: "https://news.example.org/a-thread" }, { referer: `http://${host}/` }),
    ];
    for (const res of spam) expect(res.status).toBeLessThan(300);
    const owner = await signedIn(s.app.url, s.ownerEmails[1]!);
    type Report = { totals: { pageviews: number }; pages: { value: string }[]; campaigns: { value: string }[]; mediums: { value: string }[]; sources: { value: string }[]; referrers: { value: string }[] };
    let data: Report | undefined;
    for (let i = 0; i < 100; i++) {
      data = (await rpc(s.app.url, owner, "site", "getSiteAnalytics", { siteId: s.siteIds[1] })).body.result as Report;
      if (data.totals.pageviews >= 6) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    // Give a wrongly counted view the same time to arrive as the right one had.
    await new Promise((r) => setTimeout(r, 2500));
    data = (await rpc(s.app.url, owner, "site", "getSiteAnalytics", { siteId: s.siteIds[1] })).body.result as Report;
    expect(data.pages.map((p) => p.value)).toEqual(["/"]);
    expect(data.referrers.map((p) => p.value).filter(Boolean)).toEqual(["news.example.org"]);
    expect(data.sources.map((p) => p.value)).toEqual(["newsletter"]);
    expect(data.campaigns.map((p) => p.value).filter(Boolean)).toEqual([]);
    expect(data.mediums.map((p) => p.value).filter(Boolean)).toEqual([]);
    expect(data.totals.pageviews).toBe(6);
  });
});

describe("AI answers", () => {
  it("agents get no model answer where the owner left the assistant off", async () => {
    const res = await s.get(s.hosts[1]!, "/index.md?ask=What%20does%20Lumen%20cost%3F", { "x-forwarded-for": "192.0.2.10" });
    expect(res.status).toBe(404);
    expect(res.body).toBe("The assistant is not available on this site.\n");
    const mcp = await mcpPost(s.hosts[1]!, toolCall(1, "ask", { question: "What does Lumen cost?" }), "192.0.2.10");
    expect(mcp.body).toContain("The assistant is not available on this site.");
  });

  it("another site's page can't spend the answers: a cross-site image or script asking is refused", async () => {
    const embedded = await s.get(s.hosts[2]!, "/index.md?ask=What%20does%20Lumen%20cost%3F", { "x-forwarded-for": "192.0.2.11", "sec-fetch-site": "cross-site", "sec-fetch-dest": "image", "sec-fetch-mode": "no-cors" });
    expect(embedded.status).toBe(403);
    // An agent (no browser fetch metadata) is answered.
    expect((await s.get(s.hosts[2]!, "/index.md?ask=What%20does%20Lumen%20cost%3F", { "x-forwarded-for": "192.0.2.12" })).status).toBe(200);
  });

  it("one visitor gets a daily share of the site's answers, not all of them", async () => {
    const res = await s.get(s.hosts[2]!, "/index.md?ask=What%20does%20Lumen%20cost%3F", { "x-forwarded-for": ASKER });
    expect(res.status).toBe(429);
    expect(res.body).toBe("You've asked all the questions you can today. Please try again tomorrow.\n");
    // Everyone else still gets answers.
    expect((await s.get(s.hosts[2]!, "/index.md?ask=What%20does%20Lumen%20cost%3F", { "x-forwarded-for": "192.0.2.93" })).status).toBe(200);
  });
});
