/** API keys for the owner's JSON-RPC API: only a hash is kept. */
import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { id, createdAt } from "./columns";
import { sites } from "./sites";
import { users } from "./users";

export const apiKeys = pgTable(
  "api_keys",
  {
    id: id(),
    /** Whose key: calls made with it act as this user, with their roles. */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** null: every site the user has a role on; else only this one. */
    siteId: text("site_id").references(() => sites.id, { onDelete: "cascade" }),
    access: text("access").$type<"read" | "write">().notNull(),
    name: text("name").notNull().default(""),
    keyHash: text("key_hash").notNull(),
    /** The key's first characters, so the owner can tell keys apart. */
    hint: text("hint").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("api_keys_hash_idx").on(t.keyHash), index("api_keys_user_idx").on(t.userId)],
);
