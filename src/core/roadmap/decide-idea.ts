import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { roadmapIdeas, roadmapVoters, roadmapVotes } from "@/db/schema";
import type { EmailProvider } from "@/integrations/email";
import { ideaRejectedEmail } from "@/core/email/templates";
import { parseSiteSettings } from "@/core/sites/site-settings";
import { AppError } from "@/lib/errors";
import { ideaItemId, approvedIdeasOf, roadmapItemsOf } from "./roadmap-items";
import { roadmapSiteOfOwner, type RoadmapChangeDeps, type RoadmapDeps } from "./roadmap-site-of-owner";

const ideaRef = { siteId: z.string().min(1).max(64), ideaId: z.string().min(1).max(64) };
export const approveIdeaInput = z.object({ ...ideaRef, column: z.string().trim().min(1).max(100) }).strict();
export const mergeIdeaInput = z.object({ ...ideaRef, intoItemId: z.string().min(1).max(100) }).strict();
export const rejectIdeaInput = z.object({ ...ideaRef, reply: z.string().trim().max(1000).default("") }).strict();

/** A pending idea of this site, claimed for one decision (pending → decided in one statement, so two clicks decide once). */
async function decide(deps: RoadmapDeps, siteId: string, ideaId: string, set: Partial<typeof roadmapIdeas.$inferInsert>) {
  const [idea] = await deps.db
    .update(roadmapIdeas)
    .set({ ...set, decidedAt: new Date() })
    .where(and(eq(roadmapIdeas.id, ideaId), eq(roadmapIdeas.siteId, siteId), eq(roadmapIdeas.status, "pending")))
    .returning();
  if (!idea) throw new AppError("NOT_FOUND", "This idea is not waiting for a decision");
  return idea;
}

/**
 * Approves an idea into one of the board's columns: it shows as a card there and its author's vote is counted. On a
 * roadmap connected through the official API the idea then becomes a row of the Notion database.
 */
export async function approveIdea(deps: RoadmapChangeDeps, ownerId: string, input: z.input<typeof approveIdeaInput>) {
  const p = approveIdeaInput.parse(input);
  const { site, model } = await roadmapSiteOfOwner(deps, ownerId, p.siteId);
  const columns = model?.kind === "database" ? model.columns.map((c) => c.status) : [];
  if (!columns.includes(p.column)) throw new AppError("VALIDATION", "Choose one of the board's columns");
  const idea = await decide(deps, site.id, p.ideaId, { status: "approved", column: p.column });
  await deps.db.insert(roadmapVotes).values({ siteId: site.id, itemId: ideaItemId(idea.id), voterId: idea.voterId }).onConflictDoNothing();
  deps.scheduleNotionWrites(p.siteId);
  return { ideaId: idea.id, itemId: ideaItemId(idea.id), status: "approved" as const, column: p.column };
}

/** Merges an idea into an item on the board: its author's vote (and any votes the idea had) move to the item, and to Notion's count. */
export async function mergeIdea(deps: RoadmapChangeDeps, ownerId: string, input: z.input<typeof mergeIdeaInput>) {
  const p = mergeIdeaInput.parse(input);
  const { site, model } = await roadmapSiteOfOwner(deps, ownerId, p.siteId);
  const items = roadmapItemsOf(model, await approvedIdeasOf(deps.db, site.id));
  if (!items.some((i) => i.itemId === p.intoItemId)) throw new AppError("VALIDATION", "Choose an item on the board");
  const merged = await deps.db.transaction(async (tx) => {
    const [idea] = await tx
      .update(roadmapIdeas)
      .set({ status: "merged", mergedInto: p.intoItemId, decidedAt: new Date() })
      .where(and(eq(roadmapIdeas.id, p.ideaId), eq(roadmapIdeas.siteId, site.id), eq(roadmapIdeas.status, "pending")))
      .returning();
    if (!idea) throw new AppError("NOT_FOUND", "This idea is not waiting for a decision");
    const from = ideaItemId(idea.id);
    // Votes on the idea become votes on the item, once per voter.
    await tx.execute(sql`insert into roadmap_votes (site_id, item_id, voter_id, created_at)
      select site_id, ${p.intoItemId}, voter_id, created_at from roadmap_votes where site_id = ${site.id} and item_id = ${from}
      on conflict do nothing`);
    await tx.delete(roadmapVotes).where(and(eq(roadmapVotes.siteId, site.id), eq(roadmapVotes.itemId, from)));
    await tx.insert(roadmapVotes).values({ siteId: site.id, itemId: p.intoItemId, voterId: idea.voterId }).onConflictDoNothing();
    return { ideaId: idea.id, itemId: p.intoItemId, status: "merged" as const };
  });
  deps.scheduleNotionWrites(p.siteId);
  return merged;
}

/** Rejects an idea; the author gets the owner's short reply by email (their address is confirmed). */
export async function rejectIdea(deps: RoadmapDeps & { email: EmailProvider }, ownerId: string, input: z.input<typeof rejectIdeaInput>) {
  const p = rejectIdeaInput.parse(input);
  const { site, model } = await roadmapSiteOfOwner(deps, ownerId, p.siteId);
  const idea = await decide(deps, site.id, p.ideaId, { status: "rejected", reply: p.reply });
  const [author] = await deps.db.select({ email: roadmapVoters.email }).from(roadmapVoters).where(eq(roadmapVoters.id, idea.voterId));
  const settings = parseSiteSettings(site.settings);
  const siteName = settings.name || (model?.kind === "database" && model.title) || site.subdomain;
  if (author) {
    const mail = ideaRejectedEmail({ siteName, title: idea.title, reply: p.reply, accentColor: settings.theme.accentColor });
    await deps.email.send({ to: author.email, ...mail, fromName: settings.email.senderName || siteName, replyTo: settings.email.replyTo ?? undefined });
  }
  return { ideaId: idea.id, status: "rejected" as const, mailed: Boolean(author) };
}
