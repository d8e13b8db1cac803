import { z } from "zod";
import type { Db } from "@/db/client";
import { textFeedback } from "@/db/schema";

export const feedbackInput = z
  .object({
    path: z.string().trim().min(1).max(1024).regex(/^\//, "path must start with /"),
    helpful: z.enum(["yes", "no"]).transform((v) => v === "yes"),
    text: z.string().trim().max(2000).default(""),
  })
  .strict();

/** A visitor's "Was this page helpful?" answer (what getTextFeedback returns to the owner). */
export async function recordFeedback(db: Db, siteId: string, input: z.input<typeof feedbackInput>): Promise<void> {
  const { path, helpful, text } = feedbackInput.parse(input);
  await db.insert(textFeedback).values({ siteId, path, helpful, text });
}
