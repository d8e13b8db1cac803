/** Site search (Postgres full text, the same SQL on PGlite and PostgreSQL) and the AI's passages. */
import { customType, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { sites } from "./sites";

// ── Site search (Postgres full text, the same SQL on PGlite and PostgreSQL) ──

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** One row per published page: its text, weighted (title A, headings B, body C) in `tsv`. Rebuilt with each snapshot. */
export const searchDocuments = pgTable(
  "search_documents",
  {
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    pageId: text("page_id").notNull(),
    title: text("title").notNull(),
    headings: text("headings").notNull(),
    body: text("body").notNull(),
    tsv: tsvector("tsv").notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.pageId] }), index("search_documents_tsv_idx").using("gin", t.tsv)],
);

/** Searches that found nothing, per site: what visitors looked for and the docs don't answer. */
export const searchMisses = pgTable(
  "search_misses",
  {
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    query: text("query").notNull(),
    count: integer("count").notNull().default(1),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.query] })],
);

// ── AI ──

/**
 * A site's pages split into passages (a heading and the text under it) for the chatbot, the widget and the owner's
 * assistant to cite. Rebuilt with each snapshot, beside the search documents. A vector column (pgvector) can be added
 * later next to `tsv` without changing the rows' shape.
 */
export const sitePassages = pgTable(
  "site_passages",
  {
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    pageId: text("page_id").notNull(),
    ordinal: integer("ordinal").notNull(),
    pageTitle: text("page_title").notNull(),
    heading: text("heading").notNull(),
    text: text("text").notNull(),
    tsv: tsvector("tsv").notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.pageId, t.ordinal] }), index("site_passages_tsv_idx").using("gin", t.tsv)],
);
