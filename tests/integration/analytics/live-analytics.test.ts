import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../../helpers/raw-request";
import { rpc, signedIn, type CookieJar } from "../../helpers/rpc-client";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";
import type { SiteAnalytics } from "@/core/analytics/get-site-analytics";

/**
 * Analytics that feel alive, over real HTTP with the product's own intervals (events written every second, rolled up
 * every 5 minutes): a visit shows in getSiteAnalytics within 10 s — today's figures are counted from the raw events
 * when asked — with the visitors of the last 5 minutes; a submitted search that finds nothing counts the same way in
 * the analytics and on the Feedback screen, a lookup as the visitor types in neither.
 */

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
const VISITOR = { "user-agent": CHROME, "x-forwarded-for": "8.8.4.4" };

let s: SitesApp;
let owner: CookieJar;
beforeAll(async () => {
  s = await startSitesApp([{ siteType: "docs", page: workspaceIndex.docs! }], { env: { TRUST_PROXY: "1" } });
  owner = await signedIn(s.app.url, s.ownerEmails[0]!);
}, 240_000);
afterAll(() => s?.stop());

const today = () => new Date().toISOString().slice(0, 10);
async function report(range: { from?: string; to?: string } = {}): Promise<SiteAnalytics> {
  const reply = await rpc(s.app.url, owner, "site", "getSiteAnalytics", { siteId: s.siteIds[0], ...range });
  expect(reply.body.error).toBeUndefined();
  return reply.body.result as SiteAnalytics;
}
/** Polls the report until `done` holds; fails after 10 s. Answers the report and how long it took. */
async function within10s(done: (r: SiteAnalytics) => boolean, range: { from?: string; to?: string } = {}): Promise<{ r: SiteAnalytics; ms: number }> {
  const started = Date.now();
  for (;;) {
    const r = await report(range);
    if (done(r)) return { r, ms: Date.now() - started };
    if (Date.now() - started > 10_000) throw new Error(`not in the report within 10 s: ${JSON.stringify(r.totals)}, live ${JSON.stringify(r.live)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("analytics that feel alive", () => {
  it("a visit shows in today's figures, the week's, the chart and the live figure within 10 s, long before the rollup", async () => {
    expect((await report()).totals.pageviews).toBe(0);
    const sent = await rawRequest(`${s.app.url}/_/view`, {
      host: s.hosts[0]!,
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8", ...VISITOR },
      body: JSON.stringify({ p: "/getting-started/quick-start", q: "", r: "https://news.example.com/item" }),
    });
    expect(sent.status).toBeLessThan(300);

    const { r: day } = await within10s((r) => r.totals.pageviews === 1, { from: today(), to: today() });
    expect(day.live).toEqual({ visitors: 1, minutes: 5 });
    expect(day.totals.visitors).toBe(1);
    expect(day.pages).toEqual([{ value: "/getting-started/quick-start", count: 1, visitors: 1 }]);
    expect(day.referrers).toEqual([{ value: "news.example.com", count: 1, visitors: 1 }]);
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();
    expect(day.series.find((p) => p.t === hour)).toEqual({ t: hour, pageviews: 1, visitors: 1 });
    expect(Math.abs(Date.parse(day.updatedAt) - Date.now())).toBeLessThan(10_000);

    const week = await report();
    expect(week.totals.pageviews).toBe(1);
    expect(week.series.at(-1)).toEqual({ t: `${today()}T00:00:00.000Z`, pageviews: 1, visitors: 1 });
    // A range that ends before today reads only rolled-up days: nothing here.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await report({ from: yesterday, to: yesterday })).totals.pageviews).toBe(0);
  });

  it("a submitted search that finds nothing counts in the analytics and on the Feedback screen alike; typing counts in neither", async () => {
    const search = (q: string, typing = false) => s.get(s.hosts[0]!, `/_/search?q=${encodeURIComponent(q)}${typing ? "&typing=1" : ""}`, { ...VISITOR, accept: "application/json" });
    expect((await search("zorblax", true)).status).toBe(200);
    expect((await search("zorblax quux")).status).toBe(200);
    const { r } = await within10s((x) => x.totals.searches === 1, { from: today(), to: today() });
    expect(r.zeroResultSearches).toEqual([{ value: "zorblax quux", count: 1, visitors: 1 }]);
    const screen = await rawRequest(`${s.app.url}/dashboard/sites/${s.siteIds[0]}/feedback`, { headers: { cookie: owner.header() } });
    expect(screen.status).toBe(200);
    // The screen's data (rendered in the browser from the page's payload): the submitted search, not the lookup.
    expect(screen.body).toContain('\\"query\\":\\"zorblax quux\\"');
    expect(screen.body).not.toContain('\\"query\\":\\"zorblax\\"');
  });
});
