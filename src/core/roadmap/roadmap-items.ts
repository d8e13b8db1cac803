import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { roadmapIdeas } from "@/db/schema";
import type { SiteModel } from "@/site-model/site-model";

/** An item visitors can vote on: a card from Notion, or an approved idea kept in our database (`idea:<id>`). */
export type RoadmapItem = { itemId: string; title: string; status: string; path: string | null; details: string };

export const ideaItemId = (ideaId: string) => `idea:${ideaId}`;
/** The idea behind a board item id, or null for a card from Notion. */
export const ideaIdOf = (itemId: string): string | null => (itemId.startsWith("idea:") ? itemId.slice(5) : null);

/** Approved ideas that have no Notion row: shown on the board in the column the owner chose. */
export async function approvedIdeasOf(db: Db, siteId: string): Promise<RoadmapItem[]> {
  const rows = await db
    .select()
    .from(roadmapIdeas)
    .where(and(eq(roadmapIdeas.siteId, siteId), eq(roadmapIdeas.status, "approved")))
    .orderBy(asc(roadmapIdeas.decidedAt));
  return rows.filter((r) => !r.notionPageId).map((r) => ({ itemId: ideaItemId(r.id), title: r.title, status: r.column ?? "", path: null, details: r.details }));
}

/** Every votable item: the board's cards, then the approved ideas. */
export function roadmapItemsOf(model: SiteModel | null, ideas: RoadmapItem[]): RoadmapItem[] {
  const cards = model?.kind === "database" ? model.entries.map((e) => ({ itemId: e.pageId, title: e.title || "Untitled", status: e.status ?? "No status", path: e.path, details: "" })) : [];
  return [...cards, ...ideas];
}
