import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { agentRequestCounts } from "@/db/schema";

export const AGENT_REQUEST_KINDS = ["mcp", "markdown", "llms", "ask"] as const;
export type AgentRequestKind = (typeof AGENT_REQUEST_KINDS)[number];

/**
 * One agent request to the site today (UTC), in a small per-day table kept apart from human visits, by kind and by
 * the known agent that made it (agentNameOf; null when its user agent names none, e.g. an MCP client that says nothing).
 */
export async function countAgentRequest(db: Db, siteId: string, kind: AgentRequestKind, agent: string | null, now = new Date()): Promise<void> {
  await db
    .insert(agentRequestCounts)
    .values({ siteId, day: now.toISOString().slice(0, 10), kind, agent: agent ?? "", count: 1 })
    .onConflictDoUpdate({
      target: [agentRequestCounts.siteId, agentRequestCounts.day, agentRequestCounts.kind, agentRequestCounts.agent],
      set: { count: sql`${agentRequestCounts.count} + 1` },
    });
}
