import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { roadmapIdeas, roadmapItemStatuses, roadmapNotifications, roadmapVotes } from "@/db/schema";
import { shippedInOf } from "@/core/changelog/read-changelog-links";
import { AppError } from "@/lib/errors";
import { deliverStatusEmails } from "./deliver-status-emails";
import type { VoterMailDeps } from "./mail-idea-voters";
import { notifyStatusChanges } from "./notify-status-changes";
import { approvedIdeasOf, ideaItemId, roadmapItemsOf } from "./roadmap-items";
import { roadmapSiteOfOwner, type RoadmapDeps } from "./roadmap-site-of-owner";

const ideaRef = { siteId: z.string().min(1).max(64), ideaId: z.string().min(1).max(64) };
export const updateRoadmapIdeaInput = z.object({ ...ideaRef, column: z.string().trim().min(1).max(100) }).strict();
export const removeRoadmapIdeaInput = z.object(ideaRef).strict();

/**
 * An approved idea on the board, kept here: ideas of a roadmap read from a public Notion page live only in our
 * database, so the owner manages them here. One that became a row of the owner's Notion database moves there.
 */
async function approvedIdeaOnBoard(deps: RoadmapDeps, siteId: string, ideaId: string) {
  const [idea] = await deps.db.select().from(roadmapIdeas).where(and(eq(roadmapIdeas.id, ideaId), eq(roadmapIdeas.siteId, siteId), eq(roadmapIdeas.status, "approved")));
  if (!idea) throw new AppError("NOT_FOUND", "This idea is not on the board");
  if (idea.notionPageId) throw new AppError("VALIDATION", "This idea is a row of your Notion database now: change it there");
  return idea;
}

/**
 * Moves an approved idea to another column of the board. Its voters get the status email at once, through the same
 * queue as a move seen in Notion (claimed once, retried, never sent twice; off when the owner turned it off).
 */
export async function updateRoadmapIdea(deps: RoadmapDeps & VoterMailDeps, ownerId: string, input: z.input<typeof updateRoadmapIdeaInput>) {
  const p = updateRoadmapIdeaInput.parse(input);
  const { site, model } = await roadmapSiteOfOwner(deps, ownerId, p.siteId);
  if (model?.kind !== "database") throw new AppError("VALIDATION", "The board hasn't been read from Notion yet: try again in a moment");
  const columns = model.columns.map((c) => c.status);
  if (!columns.includes(p.column)) throw new AppError("VALIDATION", "Choose one of the board's columns");
  const idea = await approvedIdeaOnBoard(deps, site.id, p.ideaId);
  const itemId = ideaItemId(idea.id);
  if (idea.column === p.column) return { ideaId: idea.id, itemId, column: p.column, moved: false, queued: 0 };
  // An idea approved before its column was recorded: the column it is leaving, so this move counts as one.
  await deps.db.insert(roadmapItemStatuses).values({ siteId: site.id, itemId, status: idea.column ?? p.column }).onConflictDoNothing();
  const [updated] = await deps.db
    .update(roadmapIdeas)
    .set({ column: p.column })
    .where(and(eq(roadmapIdeas.id, idea.id), eq(roadmapIdeas.status, "approved")))
    .returning();
  if (!updated) throw new AppError("NOT_FOUND", "This idea is not on the board");
  const items = roadmapItemsOf(model, await approvedIdeasOf(deps.db, site.id));
  const { queued } = await notifyStatusChanges(deps.db, site.id, items.filter((i) => i.itemId === itemId));
  const lastColumn = columns.at(-1);
  const shipped = lastColumn ? { status: lastColumn, entries: await shippedInOf(deps.db, site.id) } : undefined;
  await deliverStatusEmails(deps, site.id, items, model.title, shipped);
  return { ideaId: idea.id, itemId, column: p.column, moved: true, queued };
}

/** Takes an approved idea off the board for good, without telling anyone: its votes and pending emails go with it. */
export async function removeRoadmapIdea(deps: RoadmapDeps, ownerId: string, input: z.input<typeof removeRoadmapIdeaInput>) {
  const p = removeRoadmapIdeaInput.parse(input);
  const { site } = await roadmapSiteOfOwner(deps, ownerId, p.siteId);
  const idea = await approvedIdeaOnBoard(deps, site.id, p.ideaId);
  const itemId = ideaItemId(idea.id);
  await deps.db.transaction(async (tx) => {
    const [removed] = await tx
      .update(roadmapIdeas)
      .set({ status: "removed", decidedAt: new Date() })
      .where(and(eq(roadmapIdeas.id, idea.id), eq(roadmapIdeas.status, "approved")))
      .returning({ id: roadmapIdeas.id });
    if (!removed) throw new AppError("NOT_FOUND", "This idea is not on the board");
    await tx.delete(roadmapVotes).where(and(eq(roadmapVotes.siteId, site.id), eq(roadmapVotes.itemId, itemId)));
    await tx.delete(roadmapItemStatuses).where(and(eq(roadmapItemStatuses.siteId, site.id), eq(roadmapItemStatuses.itemId, itemId)));
    await tx
      .update(roadmapNotifications)
      .set({ status: "cancelled" })
      .where(and(eq(roadmapNotifications.siteId, site.id), eq(roadmapNotifications.itemId, itemId), inArray(roadmapNotifications.status, ["pending"])));
  });
  return { ideaId: idea.id, itemId, status: "removed" as const };
}
