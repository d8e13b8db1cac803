import { and, eq, gte, lte, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { agentRequestCounts } from "@/db/schema";

export type AgentTraffic = {
  /** Every agent request in the range. */
  total: number;
  /** One point per UTC day of the range, zeros included. */
  days: { day: string; count: number }[];
  /** By kind (mcp, ask, markdown, llms) and by the agent its user agent named ("" = not known), most first. */
  kinds: { value: string; count: number }[];
  agents: { value: string; count: number }[];
};

const DAY_MS = 86_400_000;

/**
 * The Analytics screen's "AI agents" part: agent requests (MCP calls, asks, and `.md` / `llms*.txt` fetches
 * by known agents) over whole UTC days, from their own table, never mixed into the human visitors' figures.
 */
export async function agentTrafficOf(db: Db, siteId: string, from: string, to: string): Promise<AgentTraffic> {
  const inRange = and(eq(agentRequestCounts.siteId, siteId), gte(agentRequestCounts.day, from), lte(agentRequestCounts.day, to));
  const total = sql<number>`sum(${agentRequestCounts.count})::int`;
  const [perDay, kinds, agents] = await Promise.all([
    db.select({ value: agentRequestCounts.day, count: total }).from(agentRequestCounts).where(inRange).groupBy(agentRequestCounts.day),
    db.select({ value: agentRequestCounts.kind, count: total }).from(agentRequestCounts).where(inRange).groupBy(agentRequestCounts.kind).orderBy(sql`2 desc, 1`),
    db.select({ value: agentRequestCounts.agent, count: total }).from(agentRequestCounts).where(inRange).groupBy(agentRequestCounts.agent).orderBy(sql`2 desc, 1`),
  ]);
  const byDay = new Map(perDay.map((r) => [r.value, r.count]));
  const days: AgentTraffic["days"] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += DAY_MS) {
    const day = new Date(t).toISOString().slice(0, 10);
    days.push({ day, count: byDay.get(day) ?? 0 });
  }
  return { total: perDay.reduce((sum, r) => sum + r.count, 0), days, kinds, agents };
}
