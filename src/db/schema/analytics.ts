/** Built-in analytics: raw events, the daily salt, hourly and daily rollups. */
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { sites } from "./sites";

// ── Built-in analytics ──

/**
 * Raw events, append-only, kept ANALYTICS_RAW_RETENTION_DAYS and rolled up into the tables below. No foreign key, so
 * batched inserts never check one per row; the rollups join `sites`, so a deleted site's leftovers are never counted.
 * `visitor` is a hash of the day's salt, the site, the IP and the user agent: the salt is deleted after its day.
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    siteId: text("site_id").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    /** pageview · search · question · feedback · subscribe · widget_open */
    kind: text("kind").notNull(),
    visitor: text("visitor").notNull(),
    path: text("path").notNull().default(""),
    referrerHost: text("referrer_host").notNull().default(""),
    utmSource: text("utm_source").notNull().default(""),
    utmMedium: text("utm_medium").notNull().default(""),
    utmCampaign: text("utm_campaign").notNull().default(""),
    device: text("device").notNull().default(""),
    browser: text("browser").notNull().default(""),
    country: text("country").notNull().default(""),
    /** The search words, the question, or "" */
    label: text("label").notNull().default(""),
    /** The search found pages · the question was answered from the site · the vote was "helpful"; null otherwise. */
    ok: boolean("ok"),
  },
  // By site and time too: today's figures are counted from the raw events of one site when the owner reads them.
  (t) => [index("analytics_events_at_idx").on(t.at), index("analytics_events_site_at_idx").on(t.siteId, t.at)],
);

/** One random salt per UTC day, shared by every process; deleted once its day is over. */
export const analyticsSalts = pgTable("analytics_salts", {
  day: text("day").primaryKey(),
  salt: text("salt").notNull(),
});

/** Page views and visitors per site and UTC hour (the chart of short ranges). */
export const analyticsHourly = pgTable(
  "analytics_hourly",
  {
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    pageviews: integer("pageviews").notNull(),
    visitors: integer("visitors").notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.hour] })],
);

/** Counts per site, UTC day and dimension value (dimension "total" has value ""), kept for ever. */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    dimension: text("dimension").notNull(),
    value: text("value").notNull(),
    count: integer("count").notNull(),
    visitors: integer("visitors").notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day, t.dimension, t.value] })],
);
