import type { ExtendedRecordMap } from "notion-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { ensureSitePassages, indexSitePassages } from "@/core/ai/index-site-passages";
import { retrievePassages } from "@/core/ai/retrieve-passages";
import { takeChatAllowance } from "@/core/ai/take-chat-allowance";
import { takeUsage } from "@/core/usage/take-usage";
import { RATE_LIMITS, createRateLimits, takeSharedRateLimit } from "@/core/usage/rate-limits";
import { usageCounters } from "@/db/schema";
import type { SnapshotPage } from "@/notion/fetch-site-content";
import { insertSite, openTestDatabase } from "../../helpers/test-db";

/** Passages in the real database (PGlite, and PostgreSQL under TEST_DB=postgres): index, retrieve, backfill, daily cap. */

let database: Database;
let siteA: string;
let siteB: string;

function page(pageId: string, title: string, blocks: [type: string, text: string][]): SnapshotPage {
  const block: Record<string, unknown> = { [pageId]: { value: { id: pageId, type: "page", properties: { title: [[title]] }, content: blocks.map((_, i) => `${pageId}-${i}`) } } };
  blocks.forEach(([type, text], i) => (block[`${pageId}-${i}`] = { value: { id: `${pageId}-${i}`, type, properties: { title: [[text]] } } }));
  return { pageId, parentPageId: null, lastEditedTime: 0, contentHash: pageId, recordMap: { block, collection: {}, collection_view: {}, notion_user: {}, collection_query: {}, signed_urls: {} } as unknown as ExtendedRecordMap };
}

const pages = (...list: SnapshotPage[]) => new Map(list.map((p) => [p.pageId, p]));
const DOCS = pages(
  page("p-events", "Custom events", [["text", "Call lumen.track with a name and props to send custom events."], ["header", "Limits"], ["text", "Up to 30 props per event."]]),
  page("p-install", "Installing", [["text", "Paste the script tag before </head> on every page."], ["header", "WordPress"], ["text", "Install the Lumen Analytics plugin."]]),
);

beforeAll(async () => {
  database = await openTestDatabase();
  siteA = (await insertSite(database, "docs", "00000000-0000-4000-8000-00000000000a")).site.id;
  siteB = (await insertSite(database, "docs", "00000000-0000-4000-8000-00000000000b")).site.id;
}, 60_000);
afterAll(() => database?.close());

describe("site passages", () => {
  it("indexes a snapshot and retrieves the passages a question is about, best first, only of that site", async () => {
    expect(await indexSitePassages(database.db, siteA, DOCS)).toBe(4);
    const hits = await retrievePassages(database.db, siteA, "How do I send custom events?");
    expect(hits[0]).toMatchObject({ pageId: "p-events", pageTitle: "Custom events", heading: "", text: "Call lumen.track with a name and props to send custom events." });
    const wordpress = await retrievePassages(database.db, siteA, "plugin for WordPress?");
    expect(wordpress[0]).toMatchObject({ pageId: "p-install", heading: "WordPress" });
    expect(await retrievePassages(database.db, siteB, "custom events")).toEqual([]);
    expect(await retrievePassages(database.db, siteA, "how would you?")).toEqual([]);
  });

  it("replaces a site's passages when its snapshot changes", async () => {
    await indexSitePassages(database.db, siteA, pages(page("p-new", "Billing", [["text", "Invoices are sent monthly."]])));
    expect(await retrievePassages(database.db, siteA, "custom events")).toEqual([]);
    expect((await retrievePassages(database.db, siteA, "invoices"))[0]?.pageTitle).toBe("Billing");
  });

  it("backfills a site that has a snapshot but no passages, and only then", async () => {
    let asked = 0;
    await ensureSitePassages(database.db, siteB, () => (asked++, DOCS));
    expect(asked).toBe(1);
    expect((await retrievePassages(database.db, siteB, "custom events"))[0]?.pageId).toBe("p-events");
    await ensureSitePassages(database.db, siteB, () => (asked++, DOCS));
    expect(asked).toBe(1);
  });
});

describe("the daily chat cap", () => {
  it("allows a site its cap per UTC day, then refuses until the next day", async () => {
    const day = new Date("2026-11-23T10:00:00Z");
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await takeChatAllowance(database.db, siteA, 3, day));
    expect(results).toEqual([true, true, true, false]);
    expect(await takeChatAllowance(database.db, siteB, 3, day)).toBe(true);
    expect(await takeChatAllowance(database.db, siteA, 3, new Date("2026-11-24T00:00:01Z"))).toBe(true);
  });

  it("counts in one statement: parallel takers never get past the cap, and a refusal counts nothing", async () => {
    const now = new Date("2026-11-23T10:05:30Z");
    const taken = await Promise.all(Array.from({ length: 12 }, () => takeUsage(database.db, "test-minute", "owner-1", 5, "minute", now)));
    expect(taken.filter(Boolean).length).toBe(5);
    const [row] = await database.db.select().from(usageCounters).where(and(eq(usageCounters.scope, "test-minute"), eq(usageCounters.key, "owner-1")));
    expect(row).toMatchObject({ period: "2026-11-23T10:05", count: 5 });
    // The next minute is a new window; a cap of 0 refuses without a row.
    expect(await takeUsage(database.db, "test-minute", "owner-1", 5, "minute", new Date("2026-11-23T10:06:00Z"))).toBe(true);
    expect(await takeUsage(database.db, "test-minute", "owner-2", 0, "minute", now)).toBe(false);
    expect(await database.db.select().from(usageCounters).where(eq(usageCounters.key, "owner-2"))).toEqual([]);
  });

  it("counts windows of whole minutes aligned on the UTC clock, and refuses odd windows", async () => {
    const quarter = { minutes: 15 };
    const at = (iso: string) => new Date(`2026-11-23T${iso}Z`);
    const taken = [];
    for (const t of ["10:15:00", "10:20:00", "10:29:59"]) taken.push(await takeUsage(database.db, "test-quarter", "visitor", 2, quarter, at(t)));
    expect(taken).toEqual([true, true, false]);
    const [row] = await database.db.select().from(usageCounters).where(and(eq(usageCounters.scope, "test-quarter"), eq(usageCounters.key, "visitor")));
    expect(row).toMatchObject({ period: "2026-11-23T10:15/15m", count: 2 });
    expect(await takeUsage(database.db, "test-quarter", "visitor", 2, quarter, at("10:30:00"))).toBe(true);
    await expect(takeUsage(database.db, "test-quarter", "visitor", 2, { minutes: 0.5 }, at("10:30:00"))).rejects.toThrow(/whole minutes/);
  });

  it("holds the rate limits of the limits table in the database", async () => {
    const now = new Date("2026-11-23T11:00:10Z");
    const tries = [];
    for (let i = 0; i < RATE_LIMITS.sitePassword.limit + 1; i++) tries.push(await takeSharedRateLimit(database.db, "sitePassword", "site|1.2.3.4", now));
    expect(tries.at(-2)).toBe(true);
    expect(tries.at(-1)).toBe(false);
    const [row] = await database.db.select().from(usageCounters).where(eq(usageCounters.scope, "limit:sitePassword"));
    expect(row).toMatchObject({ key: "site|1.2.3.4", period: "2026-11-23T11:00", count: RATE_LIMITS.sitePassword.limit });
    // Every limit is counted there, the cheap ones too: N processes allow what one allows.
    const take = createRateLimits(database.db);
    expect(await take("search", "site|1.2.3.4")).toBe(true);
    expect(await database.db.select().from(usageCounters).where(eq(usageCounters.scope, "limit:search"))).toEqual([expect.objectContaining({ key: "site|1.2.3.4", count: 1 })]);
  });
});
