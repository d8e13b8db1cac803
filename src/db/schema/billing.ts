/** Plans and payments, lifetime codes, and the usage counters every limit is counted in. */
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { id, createdAt, updatedAt } from "./columns";
import { sites } from "./sites";
import { users } from "./users";

/** Why an owner cancelled (sendCancellationReason). */
export const cancellationReasons = pgTable("cancellation_reasons", {
  id: id(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  siteId: text("site_id").references(() => sites.id, { onDelete: "set null" }),
  subscriptionId: text("subscription_id"),
  reason: text("reason").notNull(),
  text: text("text").notNull().default(""),
  createdAt: createdAt(),
});

/** A site's plan: a Paddle subscription, or a lifetime deal from a redeemed code (no paddle ids). */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: id(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    status: text("status").notNull(),
    paddleUserId: text("paddle_user_id"),
    paddleSubscriptionId: text("paddle_subscription_id"),
    /** Plan price in USD as a string (docs/product.md §3). */
    unitPrice: text("unit_price"),
    currency: text("currency"),
    /** Which row of the plan table (src/lib/plans.ts) this subscription gives the site. */
    plan: text("plan").notNull().default("pro"),
    paddlePriceId: text("paddle_price_id"),
    nextBilledAt: timestamp("next_billed_at", { withTimezone: true }),
    /** When a cancelled (or scheduled-to-cancel) subscription stops. */
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** occurred_at of the newest webhook applied: an older event arriving later changes nothing. */
    lastEventAt: timestamp("last_event_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("subscriptions_site_idx").on(t.siteId), uniqueIndex("subscriptions_paddle_idx").on(t.paddleSubscriptionId)],
);

/** Lifetime-deal codes (created with `npm run codes`), each redeemable once for one site. */
export const redeemCodes = pgTable("redeem_codes", {
  code: text("code").primaryKey(),
  plan: text("plan").notNull().default("lifetime"),
  createdAt: createdAt(),
  redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
  redeemedBySiteId: text("redeemed_by_site_id").references(() => sites.id, { onDelete: "set null" }),
});

/** Every payment webhook accepted, by the provider's event id: a replayed event is recognised and changes nothing. */
export const paymentEvents = pgTable("payment_events", {
  eventId: text("event_id").primaryKey(),
  eventType: text("event_type").notNull(),
  occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
  /** applied | stale (older than what is stored) | ignored (not a subscription of ours) */
  outcome: text("outcome").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Visitor chat messages answered per site and UTC day: the daily cap holds across processes. */
/**
 * Usage counters shared by every process (AI messages, rate limits): one row per scope ("chat-day",
 * "assistant-minute"…), key (a site or user id) and period (a UTC day "2026-11-23" or minute "2026-11-23T10:05").
 * Rows past expiresAt are only history and are pruned.
 */
export const usageCounters = pgTable(
  "usage_counters",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    period: text("period").notNull(),
    count: integer("count").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key, t.period] }), index("usage_counters_expires_idx").on(t.expiresAt)],
);
