import { z } from "zod";
import type { Db } from "@/db/client";
import { roadmapIdeas } from "@/db/schema";
import { enqueueWebhookEvent } from "@/core/webhooks/enqueue-webhook-event";

export const ideaInput = z.object({
  title: z.string().trim().min(3, "Please give your idea a title").max(120),
  details: z.string().trim().max(2000).default(""),
});

/** Stores a visitor's idea: waiting for the owner when its author is confirmed, else until the author confirms. */
export async function submitIdea(db: Db, siteId: string, voter: { id: string; confirmed: boolean }, input: z.input<typeof ideaInput>): Promise<string> {
  const { title, details } = ideaInput.parse(input);
  const [row] = await db
    .insert(roadmapIdeas)
    .values({ siteId, voterId: voter.id, title, details, status: voter.confirmed ? "pending" : "unconfirmed" })
    .returning({ id: roadmapIdeas.id });
  await enqueueWebhookEvent(db, siteId, "idea.submitted", { ideaId: row!.id, title, details, authorConfirmed: voter.confirmed });
  return row!.id;
}
