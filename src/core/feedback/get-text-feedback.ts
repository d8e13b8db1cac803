import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { textFeedback } from "@/db/schema";
import { getSiteForOwnerOrThrow } from "@/core/sites/get-site-for-owner-or-throw";

export const getTextFeedbackInput = z.object({ siteId: z.string().min(1).max(64) }).strict();

/** docs/product.md §7 getTextFeedback: what visitors said about the site's pages, newest first (docs/contracts.md §7 shape). */
export async function getTextFeedback(db: Db, ownerId: string, input: z.input<typeof getTextFeedbackInput>) {
  const { siteId } = getTextFeedbackInput.parse(input);
  const site = await getSiteForOwnerOrThrow(db, ownerId, siteId);
  const rows = await db.select().from(textFeedback).where(eq(textFeedback.siteId, site.id)).orderBy(desc(textFeedback.createdAt)).limit(1000);
  return rows.map((r) => ({ path: r.path, helpful: r.helpful, text: r.text, createdAt: r.createdAt.toISOString() }));
}
