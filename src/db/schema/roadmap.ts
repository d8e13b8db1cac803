/** Roadmap votes, ideas, status emails and Notion write-backs; links between a changelog and a roadmap. */
import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { id, createdAt } from "./columns";
import { sites } from "./sites";

// ── Roadmap votes, ideas and status emails ──

/**
 * A visitor who votes or suggests ideas on one roadmap, known by a confirmed email (a reader link, reader_links).
 * `sessionToken` is the value of the site-scoped HttpOnly cookie set when a link is used (a "vote" link also casts
 * the vote it names, an "idea" link sends the idea it names to the owner).
 */
export const roadmapVoters = pgTable(
  "roadmap_voters",
  {
    id: id(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** "unconfirmed" until the e-mailed link is clicked; "confirmed". */
    status: text("status").notNull().default("unconfirmed"),
    sessionToken: text("session_token").notNull(),
    unsubscribeToken: text("unsubscribe_token").notNull(),
    /** For an unconfirmed voter: when its link was last mailed. */
    createdAt: createdAt(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** Set when the voter turned status emails off. */
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("roadmap_voters_site_email_idx").on(t.siteId, sql`lower(${t.email})`),
    uniqueIndex("roadmap_voters_session_token_idx").on(t.sessionToken),
    uniqueIndex("roadmap_voters_unsubscribe_token_idx").on(t.unsubscribeToken),
  ],
);

/** One vote per confirmed voter and item; `itemId` is a Notion page id or `idea:<id>` for an approved idea. */
export const roadmapVotes = pgTable(
  "roadmap_votes",
  {
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    itemId: text("item_id").notNull(),
    voterId: text("voter_id")
      .notNull()
      .references(() => roadmapVoters.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.itemId, t.voterId] }), index("roadmap_votes_voter_idx").on(t.voterId)],
);

/**
 * An idea a visitor suggested: "unconfirmed" until its author's address is confirmed, then "pending" for the owner,
 * who approves it (into `column`), merges it into an item (`mergedInto`, its author's vote moves there) or rejects it
 * (with `reply`, mailed to the author).
 */
export const roadmapIdeas = pgTable(
  "roadmap_ideas",
  {
    id: id(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    voterId: text("voter_id")
      .notNull()
      .references(() => roadmapVoters.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    details: text("details").notNull().default(""),
    status: text("status").notNull().default("unconfirmed"),
    column: text("column"),
    mergedInto: text("merged_into"),
    reply: text("reply"),
    /** The Notion page created for an approved idea on a site connected through the official API. */
    notionPageId: text("notion_page_id"),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [index("roadmap_ideas_site_status_idx").on(t.siteId, t.status)],
);

/** The last status seen for each roadmap item; `changes` counts status changes, so each change mails once. */
export const roadmapItemStatuses = pgTable(
  "roadmap_item_statuses",
  {
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    itemId: text("item_id").notNull(),
    status: text("status").notNull(),
    changes: integer("changes").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.itemId] })],
);

/** One row per voter and status change of an item they voted for or suggested; the unique key mails each once. */
export const roadmapNotifications = pgTable(
  "roadmap_notifications",
  {
    id: id(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    itemId: text("item_id").notNull(),
    voterId: text("voter_id")
      .notNull()
      .references(() => roadmapVoters.id, { onDelete: "cascade" }),
    change: integer("change").notNull(),
    fromStatus: text("from_status").notNull(),
    toStatus: text("to_status").notNull(),
    /** pending → sending (claimed by one process) → sent; back to pending after a failed try; failed after the last. */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("roadmap_notifications_once_idx").on(t.siteId, t.itemId, t.voterId, t.change),
    index("roadmap_notifications_site_status_idx").on(t.siteId, t.status),
  ],
);

/**
 * What the Notion database of a site connected through the official API has from us, per item: the vote count last
 * written to the owner's number property, or (for `idea:<id>`) the failure creating the idea's row. Votes themselves
 * stay in roadmap_votes: a failed write is retried from there, so no vote is lost.
 */
export const roadmapNotionWrites = pgTable(
  "roadmap_notion_writes",
  {
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    itemId: text("item_id").notNull(),
    /** The count Notion has (null: never written). */
    writtenVotes: integer("written_votes"),
    /** Why the last write failed, in words (null after a success). */
    lastError: text("last_error"),
    attempts: integer("attempts").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.itemId] })],
);

// ── Links between a changelog and a roadmap of the same owner: rebuilt whenever either syncs ──

/** A changelog entry that names a roadmap item (a relation property, a page mention or a link to the item's page). */
export const changelogItemLinks = pgTable(
  "changelog_item_links",
  {
    changelogSiteId: text("changelog_site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    entryPageId: text("entry_page_id").notNull(),
    roadmapSiteId: text("roadmap_site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    itemPageId: text("item_page_id").notNull(),
    /** Titles and public addresses as of the last sync of either site, so pages render them without a query. */
    entryTitle: text("entry_title").notNull(),
    entryUrl: text("entry_url").notNull(),
    itemTitle: text("item_title").notNull(),
    itemUrl: text("item_url").notNull(),
  },
  (t) => [primaryKey({ columns: [t.changelogSiteId, t.entryPageId, t.itemPageId] }), index("changelog_item_links_roadmap_idx").on(t.roadmapSiteId, t.itemPageId)],
);
