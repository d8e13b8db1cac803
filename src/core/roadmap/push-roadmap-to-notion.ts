import { and, eq, isNull, sql } from "drizzle-orm";
import { roadmapIdeas, roadmapNotionWrites, roadmapVotes, sites, type SiteRow } from "@/db/schema";
import { getConnection, officialClientOf } from "@/core/notion-connections/connection-client";
import type { NotionConnectionDeps } from "@/core/notion-connections/connection-deps";
import { contentSiteOf } from "@/core/sites/content-site-of";
import { parseSiteSettings } from "@/core/sites/site-settings";
import { toAppError } from "@/lib/errors";
import { siteTypeHas } from "@/lib/site-types";
import type { OfficialClient } from "@/notion/official/client";
import { notionCall, OfficialNotionError } from "@/notion/official/errors";
import type { SiteSnapshot } from "@/notion/site-content";
import { siteModelOf } from "@/site-model/site-model";
import { roadmapDataSource, type RoadmapDataSource } from "./roadmap-data-source";
import { ideaItemId } from "./roadmap-items";
import { voteCountsOf } from "./votes";

export type RoadmapNotionDeps = NotionConnectionDeps & { getSnapshot: (siteId: string) => Promise<SiteSnapshot | null> };

/** Notion's rich text holds at most 2,000 characters per text object. */
const TEXT_LIMIT = 2000;

/** A write's failure in words for the Votes screen: what Notion said when it refused, else our message. */
export function notionWriteError(err: unknown): string {
  if (err instanceof OfficialNotionError && err.failure === "restricted") return "The Notion connection may not edit this database: give the integration the “Update content” and “Insert content” capabilities";
  if (err instanceof OfficialNotionError && err.failure === "rejected") return `Notion refused the write: ${(err.cause as Error | undefined)?.message ?? "no reason given"}`;
  return toAppError(err).message;
}

const paragraphs = (details: string) =>
  details
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .flatMap((p) => Array.from({ length: Math.ceil(p.length / TEXT_LIMIT) }, (_, i) => p.slice(i * TEXT_LIMIT, (i + 1) * TEXT_LIMIT)))
    .map((content) => ({ object: "block" as const, type: "paragraph" as const, paragraph: { rich_text: [{ type: "text" as const, text: { content } }] } }));

async function noteFailure(deps: RoadmapNotionDeps, siteId: string, itemId: string, err: unknown): Promise<void> {
  const lastError = notionWriteError(err);
  await deps.db
    .insert(roadmapNotionWrites)
    .values({ siteId, itemId, lastError, attempts: 1 })
    .onConflictDoUpdate({ target: [roadmapNotionWrites.siteId, roadmapNotionWrites.itemId], set: { lastError, attempts: sql`${roadmapNotionWrites.attempts} + 1`, updatedAt: sql`now()` } });
}

/** Approved ideas without a Notion row become rows: title, the chosen column as status, details as the page body. */
async function createIdeaRows(deps: RoadmapNotionDeps, site: SiteRow, client: OfficialClient, target: () => Promise<RoadmapDataSource>) {
  const ideas = await deps.db
    .select()
    .from(roadmapIdeas)
    .where(and(eq(roadmapIdeas.siteId, site.id), eq(roadmapIdeas.status, "approved"), isNull(roadmapIdeas.notionPageId)));
  let created = 0;
  let failed = 0;
  for (const idea of ideas) {
    const itemId = ideaItemId(idea.id);
    try {
      const { dataSourceId, titleProperty, statusProperty, properties } = await target();
      const status = statusProperty ? properties[statusProperty] : undefined;
      const column = idea.column && status && (status.type === "status" || status.type === "select") && status.options.includes(idea.column) ? idea.column : null;
      const page = await notionCall(() =>
        client.pages.create({
          parent: { type: "data_source_id", data_source_id: dataSourceId },
          properties: {
            [titleProperty]: { title: [{ type: "text", text: { content: idea.title.slice(0, TEXT_LIMIT) } }] },
            ...(column && statusProperty ? { [statusProperty]: status!.type === "status" ? { status: { name: column } } : { select: { name: column } } } : {}),
          },
          children: paragraphs(idea.details),
        }),
      );
      // The idea is now that row: its votes move to the row's page id, so counts and status emails follow it.
      await deps.db.transaction(async (tx) => {
        await tx.update(roadmapIdeas).set({ notionPageId: page.id }).where(eq(roadmapIdeas.id, idea.id));
        await tx.execute(sql`insert into roadmap_votes (site_id, item_id, voter_id, created_at)
          select site_id, ${page.id}, voter_id, created_at from roadmap_votes where site_id = ${site.id} and item_id = ${itemId}
          on conflict do nothing`);
        await tx.delete(roadmapVotes).where(and(eq(roadmapVotes.siteId, site.id), eq(roadmapVotes.itemId, itemId)));
        await tx.delete(roadmapNotionWrites).where(and(eq(roadmapNotionWrites.siteId, site.id), eq(roadmapNotionWrites.itemId, itemId)));
      });
      created++;
    } catch (err) {
      await noteFailure(deps, site.id, itemId, err);
      failed++;
    }
  }
  return { created, failed };
}

/** Each item's vote count into the owner's number property, where Notion's differs from ours (or the last write failed). */
async function writeVoteCounts(deps: RoadmapNotionDeps, site: SiteRow, client: OfficialClient, property: string) {
  const counts = await voteCountsOf(deps.db, site.id);
  const written = new Map((await deps.db.select().from(roadmapNotionWrites).where(eq(roadmapNotionWrites.siteId, site.id))).map((w) => [w.itemId, w]));
  const snapshot = await deps.getSnapshot(site.id);
  const model = snapshot ? siteModelOf(contentSiteOf(site), snapshot) : null;
  const onBoard = new Set(model?.kind === "database" ? model.entries.map((e) => e.pageId) : []);
  const ideaRows = await deps.db.select({ pageId: roadmapIdeas.notionPageId }).from(roadmapIdeas).where(eq(roadmapIdeas.siteId, site.id));
  for (const row of ideaRows) if (row.pageId) onBoard.add(row.pageId);
  let writes = 0;
  let failed = 0;
  for (const itemId of new Set([...counts.keys(), ...written.keys()])) {
    // Ideas without a row have nowhere to write to; pages gone from the board are left alone.
    if (itemId.startsWith("idea:") || (model && !onBoard.has(itemId))) continue;
    const count = counts.get(itemId) ?? 0;
    const before = written.get(itemId);
    if (before && before.writtenVotes === count && !before.lastError) continue;
    if (!before && count === 0) continue;
    try {
      await notionCall(() => client.pages.update({ page_id: itemId, properties: { [property]: { number: count } } }));
      await deps.db
        .insert(roadmapNotionWrites)
        .values({ siteId: site.id, itemId, writtenVotes: count })
        .onConflictDoUpdate({ target: [roadmapNotionWrites.siteId, roadmapNotionWrites.itemId], set: { writtenVotes: count, lastError: null, attempts: 0, updatedAt: sql`now()` } });
      writes++;
    } catch (err) {
      await noteFailure(deps, site.id, itemId, err);
      failed++;
    }
  }
  return { writes, failed };
}

/**
 * Back to Notion for a roadmap read through the official API: approved ideas become rows of the database
 * and vote counts go to the number property the owner chose. Requests go through the connection's own queue and
 * rate limit (officialClientOf). Votes stay in our database: a failed write is noted per item (the Votes screen shows
 * it) and simply tried again on the next push. Public-page sites have nothing to push.
 */
export async function pushRoadmapToNotion(deps: RoadmapNotionDeps, siteId: string): Promise<{ created: number; writes: number; failed: number }> {
  const [site] = await deps.db.select().from(sites).where(eq(sites.id, siteId)).limit(1);
  if (!site?.notionConnectionId || !siteTypeHas(site.siteType, "votes")) return { created: 0, writes: 0, failed: 0 };
  const settings = parseSiteSettings(site.settings);
  const client = officialClientOf(deps, await getConnection(deps, site.notionConnectionId));
  let target: Promise<RoadmapDataSource> | null = null;
  const lookUp = () => (target ??= collectionIdOf(deps, site).then((collectionId) => roadmapDataSource(client, site, collectionId, settings.propertyMap)));
  const ideas = await createIdeaRows(deps, site, client, lookUp);
  const counts = settings.roadmap.votesProperty ? await writeVoteCounts(deps, site, client, settings.roadmap.votesProperty) : { writes: 0, failed: 0 };
  return { created: ideas.created, writes: counts.writes, failed: ideas.failed + counts.failed };
}

/** The data source the site's snapshot read (a collection's id is its data source's), or null before the first sync. */
export async function collectionIdOf(deps: Pick<RoadmapNotionDeps, "getSnapshot">, site: SiteRow): Promise<string | null> {
  const snapshot = await deps.getSnapshot(site.id);
  const model = snapshot ? siteModelOf(contentSiteOf(site), snapshot) : null;
  return model?.kind === "database" ? (Object.keys(model.rootRecordMap.collection ?? {})[0] ?? null) : null;
}
