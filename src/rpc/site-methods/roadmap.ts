/** Roadmap settings, ideas, voters and status emails. */
import { updateRoadmapSettings, updateRoadmapSettingsInput } from "@/core/roadmap/update-roadmap-settings";
import { siteIdOnly } from "@/core/subscribers/site-subscribers-to-csv";
import { approveIdea, approveIdeaInput, mergeIdea, mergeIdeaInput, rejectIdea, rejectIdeaInput } from "@/core/roadmap/decide-idea";
import { removeRoadmapIdea, removeRoadmapIdeaInput, updateRoadmapIdea, updateRoadmapIdeaInput } from "@/core/roadmap/manage-approved-idea";
import { getRoadmapFeedback } from "@/core/roadmap/get-roadmap-feedback";
import { previewRoadmapStatusEmail } from "@/core/roadmap/preview-status-email";
import { roadmapVotersInput, roadmapVotersToCsv } from "@/core/roadmap/roadmap-voters-to-csv";
import { method, type RpcContext } from "../method";
import { siteWrites, roadmap } from "./shared";

/** Operations that email voters: the roadmap's dependencies, the email provider and the product's apps domain (links). */
const mailing = (ctx: RpcContext) => ({ ...roadmap(ctx), email: ctx.runtime.email, appsDomain: ctx.runtime.env.APPS_DOMAIN });

export const roadmapMethods = {
  updateRoadmapSettings: method({
    role: "editor",
    summary: "Roadmaps: status emails to voters on or off ({statusEmails}) and the Notion number property for vote counts ({votesProperty}: a Number property of the roadmap database, connected sites only; \"\" for none)",
    params: updateRoadmapSettingsInput,
    result: "{siteId, settings: SiteSettings}",
    errors: ["NOT_FOUND", "VALIDATION", "UNAUTHORIZED", "UPSTREAM"],
    run: (ctx, p) => updateRoadmapSettings({ ...roadmap(ctx), ...ctx.runtime.notionConnections, ...siteWrites(ctx) }, ctx.ownerId, p),
    audit: { action: "settings.updated", details: () => ({ sections: ["roadmap"] }) },
  }),
  getRoadmapFeedback: method({
    role: "viewer",
    summary: "Roadmaps: items by votes, the board's columns, ideas waiting for a decision, and where votes are kept",
    params: siteIdOnly,
    result: "{siteId, votesIn: 'notion' | 'here', columns: string[], items: [{itemId, title, status, votes, ideaId: string | null}], ideas: [{ideaId, title, details, email, createdAt}], notionFailures: [{itemId, title, error, attempts}], numberProperties: string[]}",
    errors: ["NOT_FOUND", "VALIDATION"],
    run: (ctx, p) => getRoadmapFeedback(roadmap(ctx), ctx.ownerId, p),
  }),
  approveRoadmapIdea: method({
    role: "editor",
    summary: "Roadmaps: approves a pending idea into one of the board's columns (it shows as a card there)",
    params: approveIdeaInput,
    result: "{ideaId, itemId, status: 'approved', column}",
    errors: ["NOT_FOUND", "VALIDATION"],
    run: (ctx, p) => approveIdea(roadmap(ctx), ctx.ownerId, p),
    audit: { action: "idea.approved", details: (p) => ({ ideaId: p.ideaId, column: p.column }) },
  }),
  mergeRoadmapIdea: method({
    role: "editor",
    summary: "Roadmaps: merges a pending idea, or one approved onto the board, into another item on the board; its votes (and its author's) move there, and an approved idea's voters are emailed where their vote went",
    params: mergeIdeaInput,
    result: "{ideaId, itemId, status: 'merged', mailed: number}",
    errors: ["NOT_FOUND", "VALIDATION", "UPSTREAM"],
    run: (ctx, p) => mergeIdea(mailing(ctx), ctx.ownerId, p),
    audit: { action: "idea.merged", details: (p) => ({ ideaId: p.ideaId, intoItemId: p.intoItemId }) },
  }),
  rejectRoadmapIdea: method({
    role: "editor",
    summary: "Roadmaps: rejects a pending idea (its author is emailed the reply) or declines one approved onto the board (it leaves the board, its votes go, its voters are emailed the reply)",
    params: rejectIdeaInput,
    result: "{ideaId, status: 'rejected', mailed}",
    errors: ["NOT_FOUND", "VALIDATION", "UPSTREAM"],
    run: (ctx, p) => rejectIdea(mailing(ctx), ctx.ownerId, p),
    audit: { action: "idea.rejected", details: (p) => ({ ideaId: p.ideaId }) },
  }),
  updateRoadmapIdea: method({
    role: "editor",
    summary: "Roadmaps: moves an idea approved onto the board (kept here, not a Notion row) to another of the board's columns; its voters get the status email",
    params: updateRoadmapIdeaInput,
    result: "{ideaId, itemId, column, moved: boolean, queued: number}",
    errors: ["NOT_FOUND", "VALIDATION"],
    run: (ctx, p) => updateRoadmapIdea(mailing(ctx), ctx.ownerId, p),
    audit: { action: "idea.moved", details: (p) => ({ ideaId: p.ideaId, column: p.column }) },
  }),
  removeRoadmapIdea: method({
    role: "editor",
    summary: "Roadmaps: takes an idea approved onto the board off it for good (out of getRoadmapFeedback too); its votes go, nobody is emailed",
    params: removeRoadmapIdeaInput,
    result: "{ideaId, itemId, status: 'removed'}",
    errors: ["NOT_FOUND", "VALIDATION"],
    run: (ctx, p) => removeRoadmapIdea(roadmap(ctx), ctx.ownerId, p),
    audit: { action: "idea.removed", details: (p) => ({ ideaId: p.ideaId }) },
  }),
  roadmapVotersToCsv: method({
    role: "admin",
    summary: "Roadmaps: who voted for what as CSV (item, status, email, voted_at), for one item or all",
    params: roadmapVotersInput,
    result: "{fileName, csv}",
    errors: ["NOT_FOUND", "VALIDATION"],
    run: (ctx, p) => roadmapVotersToCsv(roadmap(ctx), ctx.ownerId, p),
    audit: { action: "voters.exported", details: (p) => ({ itemId: p.itemId ?? null }) },
  }),
  previewRoadmapStatusEmail: method({
    role: "editor",
    summary: "Roadmaps: the status email voters get when an item moves, as a preview, and whether it is on",
    params: siteIdOnly,
    result: "{enabled, subject, html, text}",
    errors: ["NOT_FOUND", "VALIDATION"],
    run: (ctx, p) => previewRoadmapStatusEmail(mailing(ctx), ctx.ownerId, p),
  }),
};
