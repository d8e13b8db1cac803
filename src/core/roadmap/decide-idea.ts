import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { roadmapIdeas, roadmapItemStatuses, roadmapVoters, roadmapVotes } from "@/db/schema";
import { ideaDeclinedEmail, ideaMergedEmail, ideaRejectedEmail } from "@/core/email/templates";
import { parseSiteSettings } from "@/core/sites/site-settings";
import { AppError } from "@/lib/errors";
import { ideaItemId, approvedIdeasOf, roadmapItemsOf } from "./roadmap-items";
import { roadmapSiteOfOwner, type RoadmapChangeDeps, type RoadmapDeps } from "./roadmap-site-of-owner";
import { mailIdeaVoters, votersOfItem, type VoterMailDeps } from "./mail-idea-voters";

const ideaRef = { siteId: z.string().min(1).max(64), ideaId: z.string().min(1).max(64) };
export const approveIdeaInput = z.object({ ...ideaRef, column: z.string().trim().min(1).max(100) }).strict();
export const mergeIdeaInput = z.object({ ...ideaRef, intoItemId: z.string().min(1).max(100) }).strict();
export const rejectIdeaInput = z.object({ ...ideaRef, reply: z.string().trim().max(1000).default("") }).strict();

type IdeaRow = typeof roadmapIdeas.$inferSelect;

/** Whether an idea can still be decided on: waiting for the owner, or approved onto the board and kept here (not a Notion row). */
const isOpen = (idea: IdeaRow, states: readonly ("pending" | "approved")[]) =>
  (idea.status === "pending" && states.includes("pending")) || (idea.status === "approved" && !idea.notionPageId && states.includes("approved"));

/**
 * An idea of this site, claimed for one decision: it moves from the state it was read in to the decided one in one
 * statement, so two clicks decide once. `states`: which ideas may be decided (pending ones, approved ones on the board).
 */
async function decide(db: Db, siteId: string, ideaId: string, set: Partial<IdeaRow>, states: readonly ("pending" | "approved")[]) {
  const [current] = await db.select().from(roadmapIdeas).where(and(eq(roadmapIdeas.id, ideaId), eq(roadmapIdeas.siteId, siteId)));
  if (!current || !isOpen(current, states)) throw new AppError("NOT_FOUND", states.includes("approved") ? "This idea is not waiting for a decision nor on the board" : "This idea is not waiting for a decision");
  const [idea] = await db
    .update(roadmapIdeas)
    .set({ ...set, decidedAt: new Date() })
    .where(and(eq(roadmapIdeas.id, ideaId), eq(roadmapIdeas.siteId, siteId), eq(roadmapIdeas.status, current.status)))
    .returning();
  if (!idea) throw new AppError("NOT_FOUND", "This idea is not waiting for a decision");
  return { idea, was: current.status as "pending" | "approved" };
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
  const { idea } = await decide(deps.db, site.id, p.ideaId, { status: "approved", column: p.column }, ["pending"]);
  // Its column is known from now on, so the first move mails its voters.
  await deps.db.insert(roadmapItemStatuses).values({ siteId: site.id, itemId: ideaItemId(idea.id), status: p.column }).onConflictDoNothing();
  await deps.db.insert(roadmapVotes).values({ siteId: site.id, itemId: ideaItemId(idea.id), voterId: idea.voterId }).onConflictDoNothing();
  deps.scheduleNotionWrites(p.siteId);
  return { ideaId: idea.id, itemId: ideaItemId(idea.id), status: "approved" as const, column: p.column };
}

/**
 * Merges an idea (waiting, or approved onto the board) into another item on the board: its author's vote and the
 * idea's votes move to the item, and to Notion's count. The voters of an approved idea are told where their vote went.
 */
export async function mergeIdea(deps: RoadmapChangeDeps & VoterMailDeps, ownerId: string, input: z.input<typeof mergeIdeaInput>) {
  const p = mergeIdeaInput.parse(input);
  const { site, model } = await roadmapSiteOfOwner(deps, ownerId, p.siteId);
  const into = roadmapItemsOf(model, await approvedIdeasOf(deps.db, site.id)).find((i) => i.itemId === p.intoItemId);
  if (!into || into.itemId === ideaItemId(p.ideaId)) throw new AppError("VALIDATION", "Choose another item on the board");
  const { idea, was, voters } = await deps.db.transaction(async (tx) => {
    const decided = await decide(tx, site.id, p.ideaId, { status: "merged", mergedInto: p.intoItemId }, ["pending", "approved"]);
    const from = ideaItemId(decided.idea.id);
    const voters = await votersOfItem(tx, site.id, from);
    // Votes on the idea become votes on the item, once per voter.
    await tx.execute(sql`insert into roadmap_votes (site_id, item_id, voter_id, created_at)
      select site_id, ${p.intoItemId}, voter_id, created_at from roadmap_votes where site_id = ${site.id} and item_id = ${from}
      on conflict do nothing`);
    await tx.delete(roadmapVotes).where(and(eq(roadmapVotes.siteId, site.id), eq(roadmapVotes.itemId, from)));
    await tx.insert(roadmapVotes).values({ siteId: site.id, itemId: p.intoItemId, voterId: decided.idea.voterId }).onConflictDoNothing();
    return { ...decided, voters };
  });
  deps.scheduleNotionWrites(p.siteId);
  let mailed = 0;
  if (was === "approved") {
    const siteTitle = (model?.kind === "database" && model.title) || "";
    const sent = await mailIdeaVoters(deps, site, siteTitle, voters, (mailSite, unsubscribeUrl) =>
      ideaMergedEmail({ siteName: mailSite.name, title: idea.title, intoTitle: into.title, itemUrl: `${mailSite.origin}${mailSite.basePath}${into.path ?? "/"}`, unsubscribeUrl, accentColor: mailSite.accentColor }),
    );
    mailed = sent.sent;
  }
  return { ideaId: idea.id, itemId: p.intoItemId, status: "merged" as const, mailed };
}

/**
 * Rejects an idea waiting for a decision (its author gets the owner's short reply by email), or declines one already
 * approved onto the board: it leaves the board, its votes go, and each of its voters gets the reply.
 */
export async function rejectIdea(deps: RoadmapDeps & VoterMailDeps, ownerId: string, input: z.input<typeof rejectIdeaInput>) {
  const p = rejectIdeaInput.parse(input);
  const { site, model } = await roadmapSiteOfOwner(deps, ownerId, p.siteId);
  const settings = parseSiteSettings(site.settings);
  const siteTitle = (model?.kind === "database" && model.title) || "";
  const { idea, was, voters } = await deps.db.transaction(async (tx) => {
    const decided = await decide(tx, site.id, p.ideaId, { status: "rejected", reply: p.reply }, ["pending", "approved"]);
    const voters = await votersOfItem(tx, site.id, ideaItemId(decided.idea.id));
    await tx.delete(roadmapVotes).where(and(eq(roadmapVotes.siteId, site.id), eq(roadmapVotes.itemId, ideaItemId(decided.idea.id))));
    return { ...decided, voters };
  });
  if (was === "approved") {
    const sent = await mailIdeaVoters(deps, site, siteTitle, voters, (mailSite, unsubscribeUrl) =>
      ideaDeclinedEmail({ siteName: mailSite.name, title: idea.title, reply: p.reply, unsubscribeUrl, accentColor: mailSite.accentColor }),
    );
    return { ideaId: idea.id, status: "rejected" as const, mailed: sent.sent > 0 };
  }
  const [author] = await deps.db.select({ email: roadmapVoters.email }).from(roadmapVoters).where(eq(roadmapVoters.id, idea.voterId));
  const siteName = settings.name || siteTitle || site.subdomain;
  if (author) {
    const mail = ideaRejectedEmail({ siteName, title: idea.title, reply: p.reply, accentColor: settings.theme.accentColor });
    await deps.email.send({ to: author.email, ...mail, fromName: settings.email.senderName || siteName, replyTo: settings.email.replyTo ?? undefined });
  }
  return { ideaId: idea.id, status: "rejected" as const, mailed: Boolean(author) };
}
