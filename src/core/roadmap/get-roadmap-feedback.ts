import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import { roadmapIdeas, roadmapNotionWrites, roadmapVoters } from "@/db/schema";
import { siteIdOnly } from "@/core/subscribers/site-subscribers-to-csv";
import { collectionOf } from "@/notion/record-map";
import { approvedIdeasOf, ideaIdOf, roadmapItemsOf } from "./roadmap-items";
import { roadmapSiteOfOwner, type RoadmapDeps } from "./roadmap-site-of-owner";
import { voteCountsOf } from "./votes";

/**
 * The owner's Votes & ideas screen: every item with its votes (most first; `ideaId` for an approved idea kept here,
 * which the owner moves, merges, declines or removes), the board's columns (where an approved idea can go), the ideas
 * waiting for a decision, and where votes live (Notion too, or only here).
 */
export async function getRoadmapFeedback(deps: RoadmapDeps, ownerId: string, input: z.input<typeof siteIdOnly>) {
  const { siteId } = siteIdOnly.parse(input);
  const { site, model } = await roadmapSiteOfOwner(deps, ownerId, siteId);
  const counts = await voteCountsOf(deps.db, site.id);
  const items = roadmapItemsOf(model, await approvedIdeasOf(deps.db, site.id))
    .map((item) => ({ itemId: item.itemId, title: item.title, status: item.status, votes: counts.get(item.itemId) ?? 0, ideaId: ideaIdOf(item.itemId) }))
    .sort((a, b) => b.votes - a.votes || a.title.localeCompare(b.title));
  const ideas = await deps.db
    .select({ ideaId: roadmapIdeas.id, title: roadmapIdeas.title, details: roadmapIdeas.details, email: roadmapVoters.email, createdAt: roadmapIdeas.createdAt })
    .from(roadmapIdeas)
    .innerJoin(roadmapVoters, eq(roadmapVoters.id, roadmapIdeas.voterId))
    .where(and(eq(roadmapIdeas.siteId, site.id), inArray(roadmapIdeas.status, ["pending"])))
    .orderBy(desc(roadmapIdeas.createdAt));
  const columns = model?.kind === "database" ? model.columns.map((c) => c.status) : [];
  // Writes back to Notion that failed (they are retried): what the owner may need to fix in Notion.
  const titles = new Map(items.map((i) => [i.itemId, i.title]));
  const failed = await deps.db
    .select({ itemId: roadmapNotionWrites.itemId, error: roadmapNotionWrites.lastError, attempts: roadmapNotionWrites.attempts, ideaTitle: roadmapIdeas.title })
    .from(roadmapNotionWrites)
    .leftJoin(roadmapIdeas, sql`${roadmapNotionWrites.itemId} = 'idea:' || ${roadmapIdeas.id}`)
    .where(and(eq(roadmapNotionWrites.siteId, site.id), isNotNull(roadmapNotionWrites.lastError)));
  const notionFailures = failed.map((f) => ({ itemId: f.itemId, title: titles.get(f.itemId) ?? f.ideaTitle ?? f.itemId, error: f.error ?? "", attempts: f.attempts }));
  // The Number properties of the database as the last sync read it: the choices for the vote count's property.
  const numberProperties = model?.kind === "database" ? numberPropertiesOf(model.rootRecordMap) : [];
  return { siteId: site.id, votesIn: site.notionConnectionId ? ("notion" as const) : ("here" as const), columns, items, ideas, notionFailures, numberProperties };
}

function numberPropertiesOf(recordMap: Parameters<typeof collectionOf>[0]): string[] {
  const id = Object.keys(recordMap.collection ?? {})[0];
  const schema = ((id && collectionOf(recordMap, id)?.schema) || {}) as Record<string, { name?: string; type?: string }>;
  return Object.values(schema)
    .filter((p) => p.type === "number" && p.name)
    .map((p) => p.name!)
    .sort((a, b) => a.localeCompare(b));
}
