import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest, type RawResponse } from "../../helpers/raw-request";
import { rpc, signedIn } from "../../helpers/rpc-client";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";
import type { SiteAnalytics } from "@/core/analytics/get-site-analytics";

/**
 * Built-in analytics over real HTTP (issue 25): the pages' beacon and pixel, bots and junk, a protected site and a site
 * with the counting off answered alike, then the owner's report from the rollups (flushed every 50 ms, rolled up every
 * second here).
 */

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const A = { "user-agent": CHROME, "x-forwarded-for": "8.8.8.8" };
const B = { "user-agent": IPHONE, "x-forwarded-for": "2001:db8::7" };
const BOT = { "user-agent": GOOGLEBOT, "x-forwarded-for": "66.249.66.1" };

let s: SitesApp;
beforeAll(async () => {
  s = await startSitesApp(
    [
      { siteType: "docs", page: workspaceIndex.docs! },
      { siteType: "docs", page: workspaceIndex.docs!, password: "correct horse battery" },
      { siteType: "docs", page: workspaceIndex.docs!, settings: { analytics: { builtIn: false } } },
    ],
    { env: { TRUST_PROXY: "1", ANALYTICS_FLUSH_MS: "50", ANALYTICS_ROLLUP_SECONDS: "1" } },
  );
}, 240_000);
afterAll(() => s?.stop());

const beacon = (host: string, headers: Record<string, string>, body: string) =>
  rawRequest(`${s.app.url}/_/view`, { host, method: "POST", headers: { "content-type": "text/plain;charset=UTF-8", ...headers }, body });
const view = (p: string, q = "", r = "") => JSON.stringify({ p, q, r });
const same = (res: RawResponse) => ({ status: res.status, body: res.body, cache: res.headers["cache-control"], type: res.headers["content-type"] });

async function report(index: number): Promise<SiteAnalytics> {
  const jar = await signedIn(s.app.url, s.ownerEmails[index]!);
  const reply = await rpc(s.app.url, jar, "site", "getSiteAnalytics", { siteId: s.siteIds[index] });
  expect(reply.body.error).toBeUndefined();
  return reply.body.result as SiteAnalytics;
}

describe("built-in analytics", () => {
  it("puts the beacon (allowed by its hash) and the noscript pixel on pages, and neither when turned off", async () => {
    const page = await s.get(s.hosts[0]!, "/", A);
    expect(page.status).toBe(200);
    const inline = /<script data-base="">([^<]+)<\/script>/.exec(page.body)?.[1];
    expect(inline).toContain("sendBeacon");
    expect(Buffer.byteLength(inline!)).toBeLessThan(600);
    const hash = crypto.createHash("sha256").update(inline!).digest("base64");
    expect(page.headers["content-security-policy"]).toContain(`'sha256-${hash}'`);
    expect(page.body).toContain('<noscript><img class="view-pixel" src="/_/view.gif?p=%2F"');
    // The beacon counts toward the pages' JavaScript budget (≤ 15 KB; docs/product.md D3): every script of the page,
    // inline or loaded, JSON-LD aside.
    let scriptBytes = 0;
    for (const [, attributes, body] of page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
      if (attributes!.includes("application/ld+json")) continue;
      const src = /src="([^"]+)"/.exec(attributes!)?.[1];
      scriptBytes += src ? (await s.get(s.hosts[0]!, src, A)).bytes.length : Buffer.byteLength(body!);
    }
    expect(scriptBytes).toBeGreaterThanOrEqual(Buffer.byteLength(inline!));
    expect(scriptBytes).toBeLessThanOrEqual(15 * 1024);
    const off = await s.get(s.hosts[2]!, "/", A);
    expect(off.body).not.toContain("sendBeacon");
    expect(off.body).not.toContain("/_/view.gif");
  });

  it("answers every beacon the same way, whether counted, a bot, junk, locked or turned off", async () => {
    const counted = await beacon(s.hosts[0]!, A, view("/", "?utm_source=Newsletter&utm_campaign=launch", "https://news.ycombinator.com/item?id=1"));
    expect(counted.status).toBe(204);
    expect(counted.headers["cache-control"]).toBe("no-store, max-age=0");
    const answers = [
      await beacon(s.hosts[0]!, A, view("/getting-started/quick-start", "", `http://${s.hosts[0]}/`)),
      await beacon(s.hosts[0]!, BOT, view("/")),
      await beacon(s.hosts[0]!, A, "not json"),
      await beacon(s.hosts[0]!, A, view("x".repeat(600))),
      await beacon(s.hosts[0]!, A, view("/_/chat")),
      await beacon(s.hosts[0]!, A, JSON.stringify({ p: "/", extra: 1 })),
      await beacon(s.hosts[1]!, A, view("/")),
      await beacon(s.hosts[2]!, A, view("/")),
    ];
    for (const res of answers) expect(same(res)).toEqual(same(counted));
    // Visitor B without JavaScript: the pixel. The locked site's pixel is the same picture and counts nothing.
    const pixel = await s.get(s.hosts[0]!, "/_/view.gif?p=%2F", B);
    expect(pixel.status).toBe(200);
    expect(pixel.headers["content-type"]).toBe("image/gif");
    const lockedPixel = await s.get(s.hosts[1]!, "/_/view.gif?p=%2F", B);
    expect(lockedPixel.bytes.equals(pixel.bytes)).toBe(true);
    expect(lockedPixel.status).toBe(200);
    // A search that finds nothing, one that finds pages, and a bot's search (not counted); a prefix looked up while
    // typing is not counted either.
    expect((await s.get(s.hosts[0]!, "/_/search?q=Zzqx&typing=1", { ...A, accept: "application/json" })).status).toBe(200);
    expect((await s.get(s.hosts[0]!, "/_/search?q=Zzqxv%20nothing", { ...A, accept: "application/json" })).status).toBe(200);
    expect((await s.get(s.hosts[0]!, "/_/search?q=quick", { ...B, accept: "application/json" })).status).toBe(200);
    expect((await s.get(s.hosts[0]!, "/_/search?q=bots+only", { ...BOT, accept: "application/json" })).status).toBe(200);
  });

  it("reports exactly the counted visitors, views, sources and searches from the rollups", async () => {
    // Beacons and searches are flushed and rolled up on their own timers: wait until the rollup holds both (it
    // recomputes whole days, so an event flushed after one run shows in the next).
    let data = await report(0);
    for (let i = 0; i < 100 && (data.totals.pageviews < 3 || data.totals.searches < 2); i++) {
      await new Promise((r) => setTimeout(r, 200));
      data = await report(0);
    }
    expect(data.totals).toEqual({ visitors: 2, pageviews: 3, searches: 2, questions: 0, subscriptions: 0, widgetOpens: 0 });
    expect(data.pages).toEqual([
      { value: "/", count: 2, visitors: 2 },
      { value: "/getting-started/quick-start", count: 1, visitors: 1 },
    ]);
    expect(data.referrers).toEqual([
      { value: "", count: 2, visitors: 2 },
      { value: "news.ycombinator.com", count: 1, visitors: 1 },
    ]);
    expect(data.sources).toEqual([{ value: "newsletter", count: 1, visitors: 1 }]);
    expect(data.campaigns).toEqual([{ value: "launch", count: 1, visitors: 1 }]);
    expect(data.devices).toEqual([
      { value: "desktop", count: 2, visitors: 1 },
      { value: "mobile", count: 1, visitors: 1 },
    ]);
    expect(data.browsers).toEqual([
      { value: "Chrome", count: 2, visitors: 1 },
      { value: "Safari", count: 1, visitors: 1 },
    ]);
    expect(data.countries).toEqual([{ value: "US", count: 2, visitors: 1 }]);
    expect(data.zeroResultSearches).toEqual([{ value: "zzqxv nothing", count: 1, visitors: 1 }]);
    expect(data.series.reduce((sum, p) => sum + p.pageviews, 0)).toBe(3);
    expect(data.series).toHaveLength(7);
    // The protected site (no one entered its password) and the site with counting off recorded nothing.
    expect((await report(1)).totals.pageviews).toBe(0);
    expect((await report(2)).totals.pageviews).toBe(0);
  });

  it("refuses a backwards or too long range", async () => {
    const jar = await signedIn(s.app.url, s.ownerEmails[0]!);
    const backwards = await rpc(s.app.url, jar, "site", "getSiteAnalytics", { siteId: s.siteIds[0], from: "2026-05-02", to: "2026-05-01" });
    expect(backwards.body.error?.data?.code).toBe("VALIDATION");
    const long = await rpc(s.app.url, jar, "site", "getSiteAnalytics", { siteId: s.siteIds[0], from: "2020-01-01", to: "2026-01-01" });
    expect(long.body.error?.data?.code).toBe("VALIDATION");
    const today = new Date().toISOString().slice(0, 10);
    const oneDay = (await rpc(s.app.url, jar, "site", "getSiteAnalytics", { siteId: s.siteIds[0], from: today, to: today })).body.result as SiteAnalytics;
    expect(oneDay.granularity).toBe("hour");
    expect(oneDay.series).toHaveLength(24);
    expect(oneDay.series.reduce((sum, p) => sum + p.visitors, 0)).toBe(2);
  });
});
