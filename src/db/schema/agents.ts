/** AI agents: access tokens for a protected site and agent requests per day. */
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { id, createdAt } from "./columns";
import { sites } from "./sites";

// ── AI agents: access tokens for a protected site's MCP and Markdown, and agent requests per day ──

/** A token the owner gives an AI agent to read a password-protected site; only its SHA-256 is kept. */
export const siteAgentTokens = pgTable(
  "site_agent_tokens",
  {
    id: id(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The token's first characters, so the owner can tell tokens apart. */
    hint: text("hint").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("site_agent_tokens_hash_idx").on(t.tokenHash), index("site_agent_tokens_site_idx").on(t.siteId)],
);

/** Agent requests to a site per UTC day and kind ("mcp", "markdown", "llms", "ask"), apart from human visits. */
export const agentRequestCounts = pgTable(
  "agent_request_counts",
  {
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    kind: text("kind").notNull(),
    /** The known agent by its user agent (src/lib/agent-user-agents.ts), '' when it did not say. */
    agent: text("agent").notNull().default(""),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day, t.kind, t.agent] })],
);
