import { and, asc, eq, gte, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { agentRequestCounts } from "@/db/schema";
import { getSiteForOwnerOrThrow } from "@/core/sites/get-site-for-owner-or-throw";
import { siteIdField } from "./agent-token-input";
import { AGENT_REQUEST_KINDS, type AgentRequestKind } from "./count-agent-request";

export const getAgentRequestCountsInput = z.object({ siteId: siteIdField, days: z.number().int().min(1).max(90).default(30) }).strict();

/** The site's agent requests per day and kind (all agents together) over the last `days` UTC days (today included), with totals per kind. */
export async function getAgentRequestCounts(db: Db, ownerId: string, input: z.input<typeof getAgentRequestCountsInput>, now = new Date()) {
  const { siteId, days } = getAgentRequestCountsInput.parse(input);
  const site = await getSiteForOwnerOrThrow(db, ownerId, siteId);
  const from = new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const rows = await db
    .select({ day: agentRequestCounts.day, kind: agentRequestCounts.kind, count: sql<number>`sum(${agentRequestCounts.count})::int` })
    .from(agentRequestCounts)
    .where(and(eq(agentRequestCounts.siteId, site.id), gte(agentRequestCounts.day, from)))
    .groupBy(agentRequestCounts.day, agentRequestCounts.kind)
    .orderBy(asc(agentRequestCounts.day), asc(agentRequestCounts.kind));
  const totals = Object.fromEntries(AGENT_REQUEST_KINDS.map((k) => [k, 0])) as Record<AgentRequestKind, number>;
  for (const r of rows) if (r.kind in totals) totals[r.kind as AgentRequestKind] += r.count;
  return { from, days: rows.map((r) => ({ day: r.day, kind: r.kind, count: r.count })), totals };
}
