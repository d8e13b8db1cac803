/** Notion content snapshots, each site's sync state, and the Notion request budget every process shares. */
import { sql } from "drizzle-orm";
import { bigint, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { sites } from "./sites";

// ── Notion content snapshots (docs/product.md D3): one row per Notion page a site shows, replaced only by a whole good fetch ──

export const notionPages = pgTable(
  "notion_pages",
  {
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    pageId: text("page_id").notNull(),
    /** null for the site's root page(s). */
    parentPageId: text("parent_page_id"),
    /** notion-client's ExtendedRecordMap for this page, without signed URLs (images are re-signed on demand). */
    recordMap: jsonb("record_map").notNull(),
    /** Notion's last_edited_time (ms): a refresh refetches a page only when this changed. */
    lastEditedTime: bigint("last_edited_time", { mode: "number" }).notNull(),
    /** sha256 of the record map with sorted keys (jsonb reorders keys, so the stored JSON can't be compared). */
    contentHash: text("content_hash").notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.pageId] })],
);

/** Per site: the snapshot version readers cache by, freshness, the last error, and the refresh lease. */
export const siteSyncs = pgTable("site_syncs", {
  siteId: text("site_id")
    .primaryKey()
    .references(() => sites.id, { onDelete: "cascade" }),
  /** Bumped by every successful refresh that changed something; 0 = no snapshot yet. */
  version: integer("version").notNull().default(0),
  syncedAt: timestamp("synced_at", { withTimezone: true }),
  lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
  lastError: text("last_error"),
  /** Failed refreshes in a row since the last good one, and when that run began (null: the last refresh worked). */
  failureCount: integer("failure_count").notNull().default(0),
  failingSince: timestamp("failing_since", { withTimezone: true }),
  /** When the owner was emailed about this run of failures: one email per run, a new run after a good refresh. */
  failureNotifiedAt: timestamp("failure_notified_at", { withTimezone: true }),
  /** A process refreshing this site holds the lease until leaseUntil (one refresh per cluster). */
  leaseOwner: text("lease_owner"),
  leaseUntil: timestamp("lease_until", { withTimezone: true }),
  /** A sites-role process saw a reader on a stale snapshot: a worker refreshes it (null: nothing asked). */
  refreshWantedAt: timestamp("refresh_wanted_at", { withTimezone: true }),
  /**
   * What the last good sync left out because Notion would not let us read it (notion/skipped-pages.ts): sub-pages and
   * databases, with the page that shows them. Kept through failed syncs, like the snapshot.
   */
  skippedPages: jsonb("skipped_pages").$type<{ id: string; title: string; kind: "page" | "database"; parentId: string; parentTitle: string }[]>().notNull().default([]),
  /**
   * The refresh under way (the lease holder's): pages read so far and pages found so far, written every second or so,
   * so the dashboard shows a first sync's progress from any process. Null when no refresh has reported.
   */
  pagesDone: integer("pages_done"),
  pagesFound: integer("pages_found"),
},
(t) => [index("site_syncs_refresh_wanted_idx").on(t.refreshWantedAt).where(sql`${t.refreshWantedAt} is not null`)]);

// ── The Notion request budget, shared by every process on the database (src/notion/budget/) ──

/**
 * One token bucket per thing Notion limits: "public" (the private web API, limited per address) and one per
 * connection ("connection:<id>", the official API limits each integration). Refilled at the configured rate on the
 * database's clock; `pausedUntil` is a 429's cool-down, which holds for the whole cluster.
 */
export const notionBudgetBuckets = pgTable("notion_budget_buckets", {
  bucket: text("bucket").primaryKey(),
  tokens: doublePrecision("tokens").notNull(),
  refilledAt: timestamp("refilled_at", { withTimezone: true }).notNull().defaultNow(),
  pausedUntil: timestamp("paused_until", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Processes waiting for a bucket, with the most urgent priority they wait at (0 = an owner in the dashboard … 3 = a
 * background sweep): another process grants a less urgent request only when no fresh row outranks it.
 */
export const notionBudgetWaiters = pgTable(
  "notion_budget_waiters",
  {
    processId: text("process_id").notNull(),
    bucket: text("bucket").notNull(),
    priority: integer("priority").notNull(),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.processId, t.bucket] })],
);

// ── Mentions of pages another site of the same owner publishes: rebuilt whenever one of the owner's sites syncs ──

/**
 * A page a site's content mentions (`["‣", [["p", id]]]`) that another site of the same owner publishes, with its
 * address there, so the mention links to the owner's own site instead of notion.so.
 */
export const siteMentionLinks = pgTable(
  "site_mention_links",
  {
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    pageId: text("page_id").notNull(),
    targetSiteId: text("target_site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    /** The page's public address on the target site as of the last sync of either site. */
    url: text("url").notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.pageId] }), index("site_mention_links_target_idx").on(t.targetSiteId)],
);
