/** Readers' comments on posts, changelog entries, docs and help-desk articles, and the addresses an owner blocked. */
import { type AnyPgColumn, index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { id, createdAt } from "./columns";
import { sites } from "./sites";

/**
 * One comment, or a reply (`parentId`, one level deep). "unconfirmed" until its author's address is confirmed by its
 * reader link, then "held" for the owner or "approved" (shown); "rejected" by the owner. `body` is plain text as the
 * reader typed it, escaped wherever it is shown. `addressKey` is the sender's address (an IPv6 address by its /64).
 */
export const comments = pgTable(
  "comments",
  {
    id: id(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    /** The Notion page id of the post, entry or article. */
    pageId: text("page_id").notNull(),
    parentId: text("parent_id").references((): AnyPgColumn => comments.id, { onDelete: "cascade" }),
    authorName: text("author_name").notNull(),
    email: text("email").notNull(),
    body: text("body").notNull(),
    status: text("status").notNull().default("unconfirmed"),
    addressKey: text("address_key").notNull().default(""),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [index("comments_site_page_idx").on(t.siteId, t.pageId, t.status), index("comments_site_status_idx").on(t.siteId, t.status)],
);

/** A mailbox (canonicalMailbox) the owner blocked from commenting on one site: its comments are taken and dropped. */
export const commentBlocks = pgTable(
  "comment_blocks",
  {
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    mailbox: text("mailbox").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.mailbox] })],
);
