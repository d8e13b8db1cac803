import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "@/db/client";
import { DIMENSIONS } from "./roll-up-analytics";

/**
 * What the Analytics screen reads, live: whole days before today from the rollups, and today counted from the raw
 * events when the owner asks (one site's events since midnight UTC, by the same dimensions as the rollup), so a visit
 * shows within the recorder's flush interval, in every process, instead of at the next rollup.
 */

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export type FigureRow = { dimension: string; value: string; count: number; visitors: number };

/** Every (dimension, value) of the site summed over the days `from`–`to` (UTC, inclusive); today's part is live. */
export async function figuresOf(db: Db, siteId: string, from: string, to: string, now: Date): Promise<FigureRow[]> {
  const today = dayOf(now.getTime());
  const todayStart = new Date(Date.parse(today));
  const withToday = from <= today && today <= to;
  const result = await db.execute(sql`
    WITH daily AS (
      SELECT dimension, value, count, visitors FROM analytics_daily
      WHERE site_id = ${siteId} AND day >= ${from} AND day <= ${to} AND day < ${today}
      UNION ALL
      SELECT d.dimension, d.value, count(*) AS count, count(DISTINCT e.visitor) AS visitors
      FROM analytics_events e CROSS JOIN LATERAL ${DIMENSIONS}
      WHERE ${withToday} AND e.site_id = ${siteId} AND e.at >= ${todayStart.toISOString()} AND d.applies
      GROUP BY d.dimension, d.value
    )
    SELECT dimension, value, sum(count)::int AS count, sum(visitors)::int AS visitors FROM daily GROUP BY dimension, value`);
  return rowsOf<FigureRow>(result).map((r) => ({ ...r, count: Number(r.count), visitors: Number(r.visitors) }));
}

/** Page views and visitors per hour (`hourly`) or per day from `fromMs` up to the end of `toMs`'s day; today's are live. */
export async function seriesOf(db: Db, siteId: string, fromMs: number, toMs: number, hourly: boolean, now: Date) {
  const todayStart = Date.parse(dayOf(now.getTime()));
  const end = toMs + DAY_MS;
  const rolled = hourly
    ? sql`SELECT hour AS t, pageviews, visitors FROM analytics_hourly WHERE site_id = ${siteId} AND hour >= ${new Date(fromMs).toISOString()} AND hour < ${new Date(Math.min(end, todayStart)).toISOString()}`
    : sql`SELECT (day || 'T00:00:00Z')::timestamptz AS t, count AS pageviews, visitors FROM analytics_daily
          WHERE site_id = ${siteId} AND dimension = 'pageviews' AND value = '' AND day >= ${dayOf(fromMs)} AND day <= ${dayOf(toMs)} AND day < ${dayOf(todayStart)}`;
  const bucket = hourly ? sql`date_trunc('hour', e.at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'` : sql`${new Date(todayStart).toISOString()}::timestamptz`;
  const live = sql`SELECT ${bucket} AS t, count(*) AS pageviews, count(DISTINCT e.visitor) AS visitors FROM analytics_events e
    WHERE ${todayStart >= fromMs && todayStart < end} AND e.site_id = ${siteId} AND e.kind = 'pageview' AND e.at >= ${new Date(todayStart).toISOString()} GROUP BY 1`;
  const rows = rowsOf<{ t: string | Date; pageviews: number; visitors: number }>(await db.execute(sql`${rolled} UNION ALL ${live}`));
  const found = new Map(rows.map((r) => [new Date(r.t).toISOString(), { pageviews: Number(r.pageviews), visitors: Number(r.visitors) }]));
  const points: { t: string; pageviews: number; visitors: number }[] = [];
  for (let t = fromMs; t < end; t += hourly ? HOUR_MS : DAY_MS) {
    const key = new Date(t).toISOString();
    points.push({ t: key, ...(found.get(key) ?? { pageviews: 0, visitors: 0 }) });
  }
  return points;
}

export const LIVE_MINUTES = 5;

/** Visitors with a page view in the last LIVE_MINUTES minutes (today's visitor ids: a visit just after midnight counts anew). */
export async function liveVisitorsOf(db: Db, siteId: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - LIVE_MINUTES * 60_000).toISOString();
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(DISTINCT visitor)::int AS n FROM analytics_events WHERE site_id = ${siteId} AND kind = 'pageview' AND at >= ${since}`),
  );
  return Number(row?.n ?? 0);
}
