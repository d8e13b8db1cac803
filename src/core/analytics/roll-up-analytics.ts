import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "@/db/client";
import { forgetPastSalts } from "./visitor-salt";

/**
 * Rolls raw events up into analytics_hourly and analytics_daily, drops raw events older than the retention and the
 * salts of past days. Idempotent: each run recomputes whole days (from the day before the newest rolled-up day, so
 * late batches count) inside one transaction, and one process at a time does it (an advisory lock; the others skip).
 */

const ROLLUP_LOCK = 7_250_001;
const DAY_MS = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
/** Both drivers (node-postgres, PGlite) answer a raw statement with `{rows}`. */

/** Each raw event's contribution to the daily table: (dimension, value) when it applies (`e` is the event). */
export const DIMENSIONS = sql.raw(`(VALUES
  ('pageviews', '', e.kind = 'pageview'),
  ('page', e.path, e.kind = 'pageview'),
  ('referrer', e.referrer_host, e.kind = 'pageview'),
  ('utm_source', e.utm_source, e.kind = 'pageview' AND e.utm_source <> ''),
  ('utm_medium', e.utm_medium, e.kind = 'pageview' AND e.utm_medium <> ''),
  ('utm_campaign', e.utm_campaign, e.kind = 'pageview' AND e.utm_campaign <> ''),
  ('device', e.device, e.kind = 'pageview'),
  ('browser', e.browser, e.kind = 'pageview'),
  ('country', e.country, e.kind = 'pageview' AND e.country <> ''),
  ('searches', '', e.kind = 'search'),
  ('search_zero', e.label, e.kind = 'search' AND e.ok IS FALSE),
  ('questions', '', e.kind = 'question'),
  ('question_unanswered', e.label, e.kind = 'question' AND e.ok IS FALSE),
  ('feedback_yes', e.path, e.kind = 'feedback' AND e.ok IS TRUE),
  ('feedback_no', e.path, e.kind = 'feedback' AND e.ok IS FALSE),
  ('subscriptions', '', e.kind = 'subscribe'),
  ('widget_opens', '', e.kind = 'widget_open')
) AS d(dimension, value, applies)`);

export async function rollUpAnalytics(db: Db, { retentionDays, now = new Date() }: { retentionDays: number; now?: Date }): Promise<{ fromDay: string } | null> {
  const today = dayOf(now);
  const oldestKept = new Date(Date.parse(today) - retentionDays * DAY_MS);
  const result = await db.transaction(async (tx) => {
    const [lock] = rowsOf<{ ok: boolean }>(await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${ROLLUP_LOCK}) AS ok`));
    if (!lock?.ok) return null;
    const [latest] = rowsOf<{ day: string | null }>(await tx.execute(sql`SELECT max(day) AS day FROM analytics_daily`));
    const [oldest] = rowsOf<{ at: string | Date | null }>(await tx.execute(sql`SELECT min(at) AS at FROM analytics_events`));
    // Recompute from the day before the newest rolled-up day (late batches), never before raw data that is still whole.
    const start = latest?.day ? Date.parse(latest.day) - DAY_MS : oldest?.at ? Date.parse(dayOf(new Date(oldest.at))) : Date.parse(today);
    const from = new Date(Math.max(start, oldestKept.getTime() + DAY_MS));
    const fromDay = dayOf(from);
    await tx.execute(sql`DELETE FROM analytics_daily WHERE day >= ${fromDay}`);
    await tx.execute(sql`
      INSERT INTO analytics_daily (site_id, day, dimension, value, count, visitors)
      SELECT e.site_id, to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), d.dimension, d.value, count(*), count(DISTINCT e.visitor)
      FROM analytics_events e JOIN sites s ON s.id = e.site_id CROSS JOIN LATERAL ${DIMENSIONS}
      WHERE e.at >= ${from.toISOString()} AND d.applies
      GROUP BY 1, 2, 3, 4`);
    await tx.execute(sql`DELETE FROM analytics_hourly WHERE hour >= ${from.toISOString()}`);
    await tx.execute(sql`
      INSERT INTO analytics_hourly (site_id, hour, pageviews, visitors)
      SELECT e.site_id, date_trunc('hour', e.at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*), count(DISTINCT e.visitor)
      FROM analytics_events e JOIN sites s ON s.id = e.site_id
      WHERE e.at >= ${from.toISOString()} AND e.kind = 'pageview'
      GROUP BY 1, 2`);
    await tx.execute(sql`DELETE FROM analytics_events WHERE at < ${oldestKept.toISOString()}`);
    return { fromDay };
  });
  await forgetPastSalts(db, today);
  return result;
}
