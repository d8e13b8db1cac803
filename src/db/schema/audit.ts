/** Who did what to a site and when: the audit log (kept AUDIT_RETENTION_DAYS). */
import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { id, createdAt } from "./columns";
import { sites } from "./sites";
import { users } from "./users";

export const siteAuditLog = pgTable(
  "site_audit_log",
  {
    id: id(),
    /** A deleted site takes its log with it: deleting means deleting. */
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The actor's address when it happened (kept when their account is gone). */
    actorEmail: text("actor_email").notNull(),
    /** Dotted, as the method table declares it: `settings.updated`, `member.invited`, `password.removed`, … */
    action: text("action").notNull(),
    /** The RPC method that did it. */
    method: text("method").notNull(),
    /** "session", or "api-key" with the key's id in details. */
    via: text("via").notNull().default("session"),
    /** What changed, never a secret's value: each method's audit declaration picks the fields. */
    details: jsonb("details").notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("site_audit_log_site_idx").on(t.siteId, t.createdAt)],
);
