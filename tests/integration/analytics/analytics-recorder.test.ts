import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc } from "drizzle-orm";
import type { Database } from "@/db/client";
import { analyticsEvents } from "@/db/schema";
import { createAnalyticsRecorder } from "@/core/analytics/analytics-recorder";
import { openTestDatabase } from "../../helpers/test-db";

/**
 * The recorder's batch write (one INSERT … unnest with an array per column) on the real database (PGlite, or
 * PostgreSQL with TEST_DB=postgres): every value arrives as sent — quotes, braces, commas and backslashes, which an
 * array parameter must escape, nulls, and more rows than one statement takes — and bots never reach the table.
 */

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
}, 180_000);
afterAll(() => database?.close());

describe("analytics recorder", () => {
  it("writes awkward values exactly, in batches past one statement's 2,000 rows, and drops bots", async () => {
    const recorder = createAnalyticsRecorder({ db: database.db, flushMs: 3_600_000 });
    const awkward = ['it\'s "quoted", {braced}', "back\\slash NULL", "ünïcödé ✓"];
    for (const [i, label] of awkward.entries()) {
      recorder.record({ siteId: "site-a", kind: "search", label, ok: i === 1 ? false : undefined }, { ip: "8.8.8.8", userAgent: CHROME });
    }
    recorder.record({ siteId: "site-a", kind: "pageview", path: "/{a,b}", referrerHost: 'x"y' }, { ip: "8.8.8.8", userAgent: CHROME });
    recorder.record({ siteId: "site-a", kind: "pageview", path: "/bot" }, { ip: "66.249.66.1", userAgent: GOOGLEBOT });
    for (let i = 0; i < 4_500; i++) recorder.record({ siteId: "site-b", kind: "pageview", path: `/p-${i}` }, { ip: `10.0.${i >> 8}.${i & 255}`, userAgent: CHROME });
    await recorder.stop();

    const rows = await database.db.select().from(analyticsEvents).orderBy(asc(analyticsEvents.id));
    expect(rows.filter((r) => r.siteId === "site-b")).toHaveLength(4_500);
    const a = rows.filter((r) => r.siteId === "site-a");
    expect(a.map((r) => [r.kind, r.label, r.ok, r.path, r.referrerHost])).toEqual([
      ["search", 'it\'s "quoted", {braced}', null, "", ""],
      ["search", "back\\slash null", false, "", ""],
      ["search", "ünïcödé ✓", null, "", ""],
      ["pageview", "", null, "/{a,b}", 'x"y'],
    ]);
    expect(a[3]).toMatchObject({ device: "desktop", browser: "Chrome", country: "" });
    expect(a[3]!.at).toBeInstanceOf(Date);
    expect(Math.abs(a[3]!.at.getTime() - Date.now())).toBeLessThan(60_000);
    expect(new Set(a.map((r) => r.visitor)).size).toBe(1);
  });
});
