import type { IncomingMessage } from "node:http";
import { countAgentRequest, type AgentRequestKind } from "@/core/agents/count-agent-request";
import { agentNameOf } from "@/lib/agent-user-agents";
import type { SiteServices } from "./endpoints/context";
import type { PublishedSite } from "./site-lookup";

/**
 * Counts one agent request with the agent its user agent names, if any. `onlyKnownAgents`: a Markdown or
 * llms*.txt fetch counts only when a known AI agent makes it (people read those too); MCP calls and asks are agents'
 * by nature and always count. A failed count is reported and never fails the request.
 */
export async function countAgentRequestOf(ctx: SiteServices, req: IncomingMessage, site: PublishedSite, kind: AgentRequestKind, onlyKnownAgents: boolean): Promise<void> {
  const agent = agentNameOf(req.headers["user-agent"]);
  if (onlyKnownAgents && !agent) return;
  try {
    await countAgentRequest(ctx.runtime.db, site.id, kind, agent);
  } catch (err) {
    console.error(`[site] agent count for ${site.id}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** A Markdown or llms*.txt fetch, counted when a known AI agent makes it; people's visits are not counted here. */
export const countIfAgent = (ctx: SiteServices, req: IncomingMessage, site: PublishedSite, kind: AgentRequestKind) => countAgentRequestOf(ctx, req, site, kind, true);
