import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";

/** One raw event as written to analytics_events (`at` as an ISO timestamp). */
export type AnalyticsRow = {
  siteId: string;
  at: string;
  kind: string;
  visitor: string;
  path: string;
  referrerHost: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  device: string;
  browser: string;
  country: string;
  label: string;
  ok: boolean | null;
};

/**
 * Writes a batch of raw events as one `INSERT … SELECT * FROM unnest(…)` with one array parameter per column: 14
 * parameters whatever the batch size. A multi-row VALUES list of 2,000 rows has 28,000 parameters, and building and
 * parsing it made writing more than ten times slower on both PGlite and PostgreSQL (`npm run bench -- analytics`).
 */
export async function insertAnalyticsRows(db: Db, rows: readonly AnalyticsRow[]): Promise<void> {
  const column = (pick: (row: AnalyticsRow) => string | boolean | null, type: string): SQL => sql`${sql.param(rows.map(pick))}::${sql.raw(type)}[]`;
  await db.execute(sql`
    insert into analytics_events (site_id, at, kind, visitor, path, referrer_host, utm_source, utm_medium, utm_campaign, device, browser, country, label, ok)
    select * from unnest(
      ${column((r) => r.siteId, "text")}, ${column((r) => r.at, "timestamptz")}, ${column((r) => r.kind, "text")}, ${column((r) => r.visitor, "text")},
      ${column((r) => r.path, "text")}, ${column((r) => r.referrerHost, "text")}, ${column((r) => r.utmSource, "text")},
      ${column((r) => r.utmMedium, "text")}, ${column((r) => r.utmCampaign, "text")}, ${column((r) => r.device, "text")},
      ${column((r) => r.browser, "text")}, ${column((r) => r.country, "text")}, ${column((r) => r.label, "text")}, ${column((r) => r.ok, "boolean")}
    )`);
}
