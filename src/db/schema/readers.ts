/** A reader's confirmation links: one mechanism for votes, ideas, subscriptions and comments. */
import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { id, createdAt } from "./columns";
import { sites } from "./sites";

/**
 * One mailed link that confirms a reader's address for one thing (`purpose` + `subjectId`: the vote's item, the
 * idea, the subscription, the comment). Only the SHA-256 of the token is kept. It works once (`usedAt`) and until
 * `expiresAt`, so a forwarded or leaked mail is not a standing way in.
 */
export const readerLinks = pgTable(
  "reader_links",
  {
    id: id(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** "vote" | "idea" | "subscribe" | "comment" */
    purpose: text("purpose").notNull(),
    /** What this link confirms: the item voted for (or null), the idea, the subscriber, the comment. */
    subjectId: text("subject_id"),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("reader_links_token_hash_idx").on(t.tokenHash), index("reader_links_site_email_idx").on(t.siteId, t.email)],
);
