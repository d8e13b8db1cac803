/** A site's readers: email subscribers, page feedback, the email outbox and new-post notifications. */
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { id, createdAt } from "./columns";
import { sites } from "./sites";

// ── Email subscribers of a blog or changelog (confirmation e-mails come with the email integration) ──

export const subscribers = pgTable(
  "subscribers",
  {
    id: id(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** "unconfirmed" until the visitor clicks the e-mailed link; "confirmed"; "unsubscribed". */
    status: text("status").notNull().default("unconfirmed"),
    createdAt: createdAt(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    // ── Email: the link in every notification; random, never derived from the address ──
    unsubscribeToken: text("unsubscribe_token")
      .notNull()
      .default(sql`gen_random_uuid()::text`),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("subscribers_site_email_idx").on(t.siteId, sql`lower(${t.email})`),
    uniqueIndex("subscribers_unsubscribe_token_idx").on(t.unsubscribeToken),
  ],
);

/** "Was this page helpful?" answers on docs and help-desk pages. */
export const textFeedback = pgTable(
  "text_feedback",
  {
    id: id(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    path: text("path").notNull(),
    helpful: boolean("helpful").notNull(),
    text: text("text").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("text_feedback_site_idx").on(t.siteId)],
);

// ── Email ──

/** Mail sent while no email provider is configured (the development sink): read it here or in the server log. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: id(),
    /** "send" (an email) or "track" (a marketing event). */
    kind: text("kind").notNull().default("send"),
    to: text("to").notNull(),
    subject: text("subject").notNull().default(""),
    html: text("html").notNull().default(""),
    text: text("text").notNull().default(""),
    /** from, reply, headers, event data: whatever else the provider would have received. */
    meta: jsonb("meta").notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("email_outbox_created_idx").on(t.createdAt)],
);

/** Marks that a site's posts have been taken stock of once, so its first sync never mails every existing post. */
export const postWatchBaselines = pgTable("post_watch_baselines", {
  siteId: text("site_id")
    .primaryKey()
    .references(() => sites.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

/** Posts a site has shown (blog/changelog entries that were visible at some check). A new row = a new post. */
export const seenPosts = pgTable(
  "seen_posts",
  {
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    pageId: text("page_id").notNull(),
    seenAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.pageId] })],
);

/** One row per confirmed subscriber and new post: the unique pair makes a post mail each subscriber at most once. */
export const postNotifications = pgTable(
  "post_notifications",
  {
    id: id(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    pageId: text("page_id").notNull(),
    subscriberId: text("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    /** pending → sending (claimed by one process) → sent; back to pending after a failed try; failed after the last. */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("post_notifications_once_idx").on(t.pageId, t.subscriberId),
    index("post_notifications_site_status_idx").on(t.siteId, t.status),
  ],
);
