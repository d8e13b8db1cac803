import { and, eq, gte, lt, lte, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { analyticsDaily, analyticsHourly } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { getSiteForOwnerOrThrow } from "@/core/sites/get-site-for-owner-or-throw";
import { parseSiteSettings } from "@/core/sites/site-settings";
import { agentTrafficOf } from "./agent-traffic";

/**
 * The Analytics screen's data for a range of whole UTC days, from the rollups only (never the raw events): totals and
 * the previous period of the same length, the chart's points (hours for one or two days, else days) and the tables.
 * "Visitors" over several days is the sum of each day's visitors: the visitor hash changes every day by design.
 * AI agents' requests are reported apart (`agents`), never as visitors.
 */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "A day like 2026-11-23").refine((d) => !Number.isNaN(Date.parse(d)), "Not a date");

export const getSiteAnalyticsInput = z
  .object({ siteId: z.string().min(1).max(64), from: day.optional(), to: day.optional() })
  .strict();

const DAY_MS = 86_400_000;
const MAX_DAYS = 400;
const TABLE_ROWS = 50;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export type AnalyticsRow = { value: string; count: number; visitors: number };

const TOTALS = {
  pageviews: "pageviews",
  searches: "searches",
  questions: "questions",
  subscriptions: "subscriptions",
  widgetOpens: "widget_opens",
} as const;

const TABLES = {
  pages: "page",
  referrers: "referrer",
  sources: "utm_source",
  mediums: "utm_medium",
  campaigns: "utm_campaign",
  devices: "device",
  browsers: "browser",
  countries: "country",
  zeroResultSearches: "search_zero",
  unansweredQuestions: "question_unanswered",
} as const;

type Totals = Record<keyof typeof TOTALS | "visitors", number>;

async function totalsOf(db: Db, siteId: string, from: string, to: string): Promise<Totals> {
  const rows = await db
    .select({ dimension: analyticsDaily.dimension, count: sql<number>`sum(${analyticsDaily.count})::int`, visitors: sql<number>`sum(${analyticsDaily.visitors})::int` })
    .from(analyticsDaily)
    .where(and(eq(analyticsDaily.siteId, siteId), gte(analyticsDaily.day, from), lte(analyticsDaily.day, to), sql`${analyticsDaily.value} = ''`))
    .groupBy(analyticsDaily.dimension);
  const by = new Map(rows.map((r) => [r.dimension, r]));
  const totals = { visitors: by.get("pageviews")?.visitors ?? 0 } as Totals;
  for (const [name, dimension] of Object.entries(TOTALS)) totals[name as keyof typeof TOTALS] = by.get(dimension)?.count ?? 0;
  return totals;
}

async function tableOf(db: Db, siteId: string, dimension: string, from: string, to: string): Promise<AnalyticsRow[]> {
  return db
    .select({ value: analyticsDaily.value, count: sql<number>`sum(${analyticsDaily.count})::int`, visitors: sql<number>`sum(${analyticsDaily.visitors})::int` })
    .from(analyticsDaily)
    .where(and(eq(analyticsDaily.siteId, siteId), eq(analyticsDaily.dimension, dimension), gte(analyticsDaily.day, from), lte(analyticsDaily.day, to)))
    .groupBy(analyticsDaily.value)
    .orderBy(sql`3 desc, 2 desc, 1`)
    .limit(TABLE_ROWS);
}

async function seriesOf(db: Db, siteId: string, fromMs: number, toMs: number, hourly: boolean) {
  const points: { t: string; pageviews: number; visitors: number }[] = [];
  const step = hourly ? 3_600_000 : DAY_MS;
  const end = toMs + DAY_MS;
  const found = new Map<string, { pageviews: number; visitors: number }>();
  if (hourly) {
    const rows = await db
      .select()
      .from(analyticsHourly)
      .where(and(eq(analyticsHourly.siteId, siteId), gte(analyticsHourly.hour, new Date(fromMs)), lt(analyticsHourly.hour, new Date(end))));
    for (const r of rows) found.set(r.hour.toISOString(), r);
  } else {
    const rows = await db
      .select({ day: analyticsDaily.day, pageviews: analyticsDaily.count, visitors: analyticsDaily.visitors })
      .from(analyticsDaily)
      .where(and(eq(analyticsDaily.siteId, siteId), eq(analyticsDaily.dimension, "pageviews"), gte(analyticsDaily.day, dayOf(fromMs)), lte(analyticsDaily.day, dayOf(toMs))));
    for (const r of rows) found.set(new Date(Date.parse(r.day)).toISOString(), r);
  }
  for (let t = fromMs; t < end; t += step) {
    const key = new Date(t).toISOString();
    const hit = found.get(key);
    points.push({ t: key, pageviews: hit?.pageviews ?? 0, visitors: hit?.visitors ?? 0 });
  }
  return points;
}

async function feedbackOf(db: Db, siteId: string, from: string, to: string) {
  const [yes, no] = await Promise.all([tableOf(db, siteId, "feedback_yes", from, to), tableOf(db, siteId, "feedback_no", from, to)]);
  const pages = new Map<string, { path: string; helpful: number; notHelpful: number }>();
  for (const r of yes) pages.set(r.value, { path: r.value, helpful: r.count, notHelpful: 0 });
  for (const r of no) pages.set(r.value, { ...(pages.get(r.value) ?? { path: r.value, helpful: 0 }), notHelpful: r.count });
  return [...pages.values()].sort((a, b) => b.helpful + b.notHelpful - (a.helpful + a.notHelpful) || a.path.localeCompare(b.path));
}

export async function getSiteAnalytics(db: Db, ownerId: string, input: z.infer<typeof getSiteAnalyticsInput>, now = new Date()) {
  const site = await getSiteForOwnerOrThrow(db, ownerId, input.siteId);
  const today = Date.parse(now.toISOString().slice(0, 10));
  const toMs = input.to ? Date.parse(input.to) : today;
  const fromMs = input.from ? Date.parse(input.from) : toMs - 6 * DAY_MS;
  if (fromMs > toMs) throw new AppError("VALIDATION", "The range must start on or before its end.");
  const days = Math.round((toMs - fromMs) / DAY_MS) + 1;
  if (days > MAX_DAYS) throw new AppError("VALIDATION", `Choose at most ${MAX_DAYS} days.`);
  const from = dayOf(fromMs);
  const to = dayOf(toMs);
  const previousFrom = dayOf(fromMs - days * DAY_MS);
  const previousTo = dayOf(fromMs - DAY_MS);
  // Totals first, then the tables: a rollup committing between the reads can only make a table newer than the totals,
  // never show totals for events whose pages are missing (seen on PostgreSQL: 3 views, an empty page table).
  const totals = await totalsOf(db, site.id, from, to);
  const tables = await Promise.all(Object.values(TABLES).map((dimension) => tableOf(db, site.id, dimension, from, to)));
  return {
    builtIn: parseSiteSettings(site.settings).analytics.builtIn,
    from,
    to,
    previousFrom,
    previousTo,
    totals,
    previous: await totalsOf(db, site.id, previousFrom, previousTo),
    granularity: days <= 2 ? ("hour" as const) : ("day" as const),
    series: await seriesOf(db, site.id, fromMs, toMs, days <= 2),
    ...(Object.fromEntries(Object.keys(TABLES).map((name, i) => [name, tables[i]!])) as Record<keyof typeof TABLES, AnalyticsRow[]>),
    feedback: await feedbackOf(db, site.id, from, to),
    agents: await agentTrafficOf(db, site.id, from, to),
  };
}

export type SiteAnalytics = Awaited<ReturnType<typeof getSiteAnalytics>>;
