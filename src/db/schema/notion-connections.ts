/** Connections to Notion's official API (an owner's OAuth grant or internal integration secret) and its webhooks. */
import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { id, createdAt } from "./columns";
import { users } from "./users";

// ── Notion connections: an owner's OAuth grant or internal integration secret for Notion's official API ──

export const notionConnections = pgTable(
  "notion_connections",
  {
    id: id(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** "oauth" (the operator's public integration) | "internal" (a pasted internal integration secret). */
    kind: text("kind").$type<"oauth" | "internal">().notNull(),
    workspaceId: text("workspace_id"),
    workspaceName: text("workspace_name"),
    workspaceIcon: text("workspace_icon"),
    botId: text("bot_id"),
    /** The access token sealed with a key derived from AUTH_SECRET (lib/secret-box.ts); null once disconnected. */
    accessTokenSealed: text("access_token_sealed"),
    /** OAuth only: the refresh token (sealed like the access token), when Notion gave one; rotated on every refresh. */
    refreshTokenSealed: text("refresh_token_sealed"),
    /** OAuth only: when the access token expires (from `expires_in`); null when Notion gave no expiry. */
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** What went wrong the last time the connection was used, in words (null when the last use worked). */
    lastError: text("last_error"),
    /**
     * When Notion refused the connection for good (a renewal answered `invalid_grant`, or a 401 stood after one
     * renewal, at once for an internal secret): it then gets no client until its owner reconnects. Null: not refused.
     */
    refusedAt: timestamp("refused_at", { withTimezone: true }),
    /** Notion's own words when it refused the connection. */
    refusedReason: text("refused_reason"),
    /** When the owner was emailed about the refusal (one email per refusal, naming every site on the connection). */
    refusalEmailedAt: timestamp("refusal_emailed_at", { withTimezone: true }),
  },
  (t) => [index("notion_connections_owner_idx").on(t.ownerId)],
);

/** Notion webhook events accepted, by event id: a replayed or duplicated delivery is recognised and changes nothing. */
export const notionWebhookEvents = pgTable("notion_webhook_events", {
  eventId: text("event_id").primaryKey(),
  eventType: text("event_type").notNull(),
  entityId: text("entity_id").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The webhook subscription's verification token (one row, id "notion"): Notion sends it once, it keys every event's
 * X-Notion-Signature afterwards. Sealed like the access tokens. `confirmed_at`: the first event signed with it arrived
 * (until then webhooks don't count as working).
 */
export const notionWebhookVerification = pgTable("notion_webhook_verification", {
  id: text("id").primaryKey(),
  verificationTokenSealed: text("verification_token_sealed").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
});

/**
 * The operator expects Notion's verification request until `until` (one row, id "notion"): only then is an unsigned
 * verification token taken. Opened on /dashboard/admin, closed by the first request it takes.
 */
export const notionWebhookExpectation = pgTable("notion_webhook_expectation", {
  id: text("id").primaryKey(),
  until: timestamp("until", { withTimezone: true }).notNull(),
  openedBy: text("opened_by").notNull(),
});

export type NotionConnectionRow = typeof notionConnections.$inferSelect;
