/** Sites, their former addresses, redirects and the files owners upload. */
import { sql } from "drizzle-orm";
import type { SiteType } from "@/lib/site-types";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { id, createdAt, updatedAt } from "./columns";
import { notionConnections } from "./notion-connections";
import { users } from "./users";

// ── Sites ──

export const sites = pgTable(
  "sites",
  {
    id: id(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    siteType: text("site_type").$type<SiteType>().notNull(),
    subdomain: text("subdomain").notNull(),
    /** The whole host (prefix + subdomain), unique: blog.acme and changelog.acme may both exist (docs/product.md D3). */
    hostKey: text("host_key").notNull(),
    notionPageId: text("notion_page_id").notNull(),
    notionPageUrl: text("notion_page_url").notNull(),
    /** null: a public page read through Notion's private web API; else the connection that reads it (official API). */
    notionConnectionId: text("notion_connection_id").references(() => notionConnections.id, { onDelete: "set null" }),
    status: text("status").notNull().default("published"),
    customDomain: text("custom_domain"),
    customDomainToken: text("custom_domain_token"),
    customDomainVerifiedAt: timestamp("custom_domain_verified_at", { withTimezone: true }),
    /** When the owner set the (still unverified) domain: unverified claims expire (DOMAIN_CLAIM_TTL_DAYS). */
    customDomainClaimedAt: timestamp("custom_domain_claimed_at", { withTimezone: true }),
    /**
     * When HTTPS was first seen working for the verified custom domain: the TLS front's ask approved it,
     * or a visit came over https. Reset with the domain; written at most once per domain.
     */
    customDomainHttpsAt: timestamp("custom_domain_https_at", { withTimezone: true }),
    /** Everything else per site, parsed only through the SiteSettings zod schema (docs/contracts.md §8). */
    settings: jsonb("settings").notNull().default({}),
    passwordHash: text("password_hash"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("sites_host_key_idx").on(t.hostKey),
    // Only a verified domain is exclusive: an unverified claim never blocks another owner (who may verify first).
    uniqueIndex("sites_verified_custom_domain_idx").on(t.customDomain).where(sql`${t.customDomainVerifiedAt} is not null`),
    index("sites_custom_domain_idx").on(t.customDomain),
    index("sites_owner_idx").on(t.ownerId),
    index("sites_notion_connection_idx").on(t.notionConnectionId),
  ],
);

/**
 * A site's previous address after "Change subdomain": it answers 301 to the site's current address until
 * expiresAt, and no other site may take it meanwhile. hostKey as in sites.host_key ("blog.acme").
 */
export const siteFormerHosts = pgTable(
  "site_former_hosts",
  {
    hostKey: text("host_key").primaryKey(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("site_former_hosts_site_idx").on(t.siteId)],
);

export const siteRedirects = pgTable(
  "site_redirects",
  {
    id: id(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    fromPath: text("from_path").notNull(),
    toUrl: text("to_url").notNull(),
    permanent: boolean("permanent").notNull().default(true),
    /** "owner" (set in the dashboard) or "slug" (kept automatically when a post is renamed). */
    source: text("source").notNull().default("owner"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("site_redirects_site_from_idx").on(t.siteId, t.fromPath)],
);

// ── Files owners upload (logos, favicons, social images), bytes in file storage ──

export const uploads = pgTable(
  "uploads",
  {
    id: id(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    storageKey: text("storage_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("uploads_site_idx").on(t.siteId)],
);

export type SiteRow = typeof sites.$inferSelect;
