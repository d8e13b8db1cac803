import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { roadmapVoters, roadmapVotes } from "@/db/schema";
import { csvCell } from "@/lib/csv-cell";
import { approvedIdeasOf, roadmapItemsOf } from "./roadmap-items";
import { roadmapSiteOfOwner, type RoadmapDeps } from "./roadmap-site-of-owner";

export const roadmapVotersInput = z.object({ siteId: z.string().min(1).max(64), itemId: z.string().min(1).max(100).optional() }).strict();

/** Who voted for what, as CSV (item, status, email, voted at): one item's voters, or every vote on the roadmap. */
export async function roadmapVotersToCsv(deps: RoadmapDeps, ownerId: string, input: z.input<typeof roadmapVotersInput>) {
  const p = roadmapVotersInput.parse(input);
  const { site, model } = await roadmapSiteOfOwner(deps, ownerId, p.siteId);
  const items = new Map(roadmapItemsOf(model, await approvedIdeasOf(deps.db, site.id)).map((i) => [i.itemId, i]));
  const rows = await deps.db
    .select({ itemId: roadmapVotes.itemId, email: roadmapVoters.email, votedAt: roadmapVotes.createdAt })
    .from(roadmapVotes)
    .innerJoin(roadmapVoters, eq(roadmapVoters.id, roadmapVotes.voterId))
    .where(and(eq(roadmapVotes.siteId, site.id), p.itemId ? eq(roadmapVotes.itemId, p.itemId) : undefined))
    .orderBy(asc(roadmapVotes.itemId), asc(roadmapVotes.createdAt));
  const lines = [["item", "status", "email", "voted_at"].join(",")];
  for (const r of rows) {
    const item = items.get(r.itemId);
    lines.push([item?.title ?? r.itemId, item?.status ?? "", r.email, r.votedAt.toISOString()].map(csvCell).join(","));
  }
  return { fileName: `${site.subdomain}-voters.csv`, csv: `${lines.join("\n")}\n` };
}
