/** Webhooks out: endpoints per site and each event's delivery to each, a durable queue with retries. */
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { id, createdAt } from "./columns";
import { sites } from "./sites";

export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: id(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    /** Dotted event names (WEBHOOK_EVENTS). */
    events: jsonb("events").$type<string[]>().notNull(),
    /** The Standard Webhooks signing secret (`whsec_…`), shown once when the endpoint is made. */
    secret: text("secret").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    disabledReason: text("disabled_reason"),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_endpoints_site_idx").on(t.siteId)],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    /** Also the `webhook-id` header: a consumer drops a delivery it has seen. */
    id: id(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    siteId: text("site_id").notNull(),
    event: text("event").notNull(),
    /** The exact body sent, every attempt alike. */
    body: text("body").notNull(),
    /** pending (due at next_attempt_at), delivered, failed (gave up after 24 h). */
    status: text("status").$type<"pending" | "delivered" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt), index("webhook_deliveries_site_idx").on(t.siteId, t.createdAt)],
);
