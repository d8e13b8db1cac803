import { z } from "zod";
import type { Db } from "@/db/client";
import { AppError } from "@/lib/errors";
import { getSiteForOwnerOrThrow } from "@/core/sites/get-site-for-owner-or-throw";
import { parseSiteSettings } from "@/core/sites/site-settings";
import { agentTrafficOf } from "./agent-traffic";
import { DAY_MS, dayOf, figuresOf, LIVE_MINUTES, liveVisitorsOf, seriesOf, type FigureRow } from "./analytics-figures";

/**
 * The Analytics screen's data for a range of whole UTC days: days before today from the rollups, today counted from
 * the raw events at read time (so a visit shows within seconds, in every process); totals and the previous period of
 * the same length, the chart's points (hours for one or two days, else days), the tables, and the visitors of the last
 * few minutes.
 * "Visitors" over several days is the sum of each day's visitors: the visitor hash changes every day by design.
 * AI agents' requests are reported apart (`agents`), never as visitors.
 */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "A day like 2026-11-23").refine((d) => !Number.isNaN(Date.parse(d)), "Not a date");

export const getSiteAnalyticsInput = z
  .object({ siteId: z.string().min(1).max(64), from: day.optional(), to: day.optional() })
  .strict();

const MAX_DAYS = 400;
const TABLE_ROWS = 50;

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

function totalsOf(rows: FigureRow[]): Totals {
  const by = new Map(rows.filter((r) => r.value === "").map((r) => [r.dimension, r]));
  const totals = { visitors: by.get("pageviews")?.visitors ?? 0 } as Totals;
  for (const [name, dimension] of Object.entries(TOTALS)) totals[name as keyof typeof TOTALS] = by.get(dimension)?.count ?? 0;
  return totals;
}

/** One table: most visitors first, then most counts, then by value; at most TABLE_ROWS. */
function tableOf(rows: FigureRow[], dimension: string): AnalyticsRow[] {
  return rows
    .filter((r) => r.dimension === dimension)
    .map(({ value, count, visitors }) => ({ value, count, visitors }))
    .sort((a, b) => b.visitors - a.visitors || b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .slice(0, TABLE_ROWS);
}

function feedbackOf(rows: FigureRow[]) {
  const pages = new Map<string, { path: string; helpful: number; notHelpful: number }>();
  for (const r of tableOf(rows, "feedback_yes")) pages.set(r.value, { path: r.value, helpful: r.count, notHelpful: 0 });
  for (const r of tableOf(rows, "feedback_no")) pages.set(r.value, { ...(pages.get(r.value) ?? { path: r.value, helpful: 0 }), notHelpful: r.count });
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
  // One statement for the range's figures (totals and tables agree: one snapshot), today's counted live.
  const [figures, previousFigures, series, liveVisitors, agents] = await Promise.all([
    figuresOf(db, site.id, from, to, now),
    figuresOf(db, site.id, previousFrom, previousTo, now),
    seriesOf(db, site.id, fromMs, toMs, days <= 2, now),
    liveVisitorsOf(db, site.id, now),
    agentTrafficOf(db, site.id, from, to),
  ]);
  return {
    builtIn: parseSiteSettings(site.settings).analytics.builtIn,
    from,
    to,
    previousFrom,
    previousTo,
    /** When these figures were read: today's are live up to then. */
    updatedAt: now.toISOString(),
    /** Visitors with a page view in the last `minutes` minutes. */
    live: { visitors: liveVisitors, minutes: LIVE_MINUTES },
    totals: totalsOf(figures),
    previous: totalsOf(previousFigures),
    granularity: days <= 2 ? ("hour" as const) : ("day" as const),
    series,
    ...(Object.fromEntries(Object.entries(TABLES).map(([name, dimension]) => [name, tableOf(figures, dimension)])) as Record<keyof typeof TABLES, AnalyticsRow[]>),
    feedback: feedbackOf(figures),
    agents,
  };
}

export type SiteAnalytics = Awaited<ReturnType<typeof getSiteAnalytics>>;
