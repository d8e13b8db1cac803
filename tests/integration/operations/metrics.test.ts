import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type AppProcess } from "../../helpers/app-server";
import { rawRequest } from "../../helpers/raw-request";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";

/** The operator's Prometheus endpoint (issue 23): off by default, behind METRICS_TOKEN when on. */

const TOKEN = "metrics-token-for-the-test-0123";
let s: SitesApp;
let off: AppProcess;

beforeAll(async () => {
  [s, off] = await Promise.all([
    startSitesApp([{ siteType: "simple", page: workspaceIndex.simple! }], { env: { METRICS_TOKEN: TOKEN } }),
    startApp(),
  ]);
}, 300_000);
afterAll(async () => {
  await s?.stop();
  await off?.stop();
});

const scrape = (app: AppProcess, authorization?: string) =>
  rawRequest(`${app.url}/metrics`, { host: `localhost:${app.port}`, headers: authorization ? { authorization } : {} });

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels = ""): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${name}${labels ? `{${labels}` : ""}`) && (labels || /[{ ]/.test(l[name.length] ?? "")));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(" ") + 1));
}

describe("metrics", () => {
  it("are off without METRICS_TOKEN: 404", async () => {
    expect((await scrape(off)).status).toBe(404);
    expect((await scrape(off, `Bearer ${TOKEN}`)).status).toBe(404);
  });

  it("refuse a missing or wrong token: 401", async () => {
    expect((await scrape(s.app)).status).toBe(401);
    expect((await scrape(s.app, `Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await scrape(s.app, TOKEN)).status).toBe(401);
  });

  it("answer the right token in Prometheus's text format: requests, cache hits, Notion, budget, queue, memory", async () => {
    for (let i = 0; i < 3; i++) expect((await rawRequest(`${s.app.url}/`, { host: s.hosts[0]! })).status).toBe(200);
    const res = await scrape(s.app, `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(sample(text, "pagewright_http_requests_total", 'target="site"')).toBeGreaterThanOrEqual(3);
    expect(sample(text, "pagewright_page_cache_lookups_total")).toBeGreaterThanOrEqual(3);
    // The first read renders; the next two are served from the cache.
    expect(sample(text, "pagewright_page_cache_hits_total")).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/^pagewright_notion_requests_total\{api="public",endpoint="[^"]+",outcome="ok",role="all"\} [1-9]/m);
    expect(sample(text, "pagewright_notion_budget_slots")).toBe(3);
    // A background refresh may be under way: in use is within the slots, nothing in use waits.
    expect(sample(text, "pagewright_notion_budget_in_use")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "pagewright_notion_budget_in_use")).toBeLessThanOrEqual(3);
    expect(sample(text, "pagewright_notion_requests_waiting")).toBeGreaterThanOrEqual(0);
    // The site's first read fetched it from Notion through the budget, as a reader; nobody waits now.
    expect(sample(text, "pagewright_notion_budget_granted_total", 'priority="reader"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, "pagewright_notion_budget_waiting", 'priority="owner"')).toBe(0);
    expect(sample(text, "pagewright_refresh_queue_depth", 'priority="reader"')).toBe(0);
    expect(sample(text, "pagewright_refresh_lag_seconds", 'priority="reader"')).toBe(0);
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
    expect(sample(text, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
  });
});
