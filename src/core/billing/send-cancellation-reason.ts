import { z } from "zod";
import type { Db } from "@/db/client";
import { cancellationReasons } from "@/db/schema";
import { getSiteForOwnerOrThrow } from "@/core/sites/get-site-for-owner-or-throw";

export const sendCancellationReasonInput = z
  .object({
    siteId: z.string().min(1).max(64).optional(),
    subId: z.string().max(100).optional(),
    reason: z.enum(["too_expensive", "missing_features", "switched_service", "unused", "technical_issues", "other"]),
    text: z.string().trim().max(2000).default(""),
  })
  .strict();

/** SPEC §7 sendCancellationReason: why an owner cancelled, kept for the team. The site, if named, must be theirs. */
export async function sendCancellationReason(db: Db, userId: string, input: z.input<typeof sendCancellationReasonInput>) {
  const { siteId, subId, reason, text } = sendCancellationReasonInput.parse(input);
  if (siteId) await getSiteForOwnerOrThrow(db, userId, siteId);
  await db.insert(cancellationReasons).values({ userId, siteId: siteId ?? null, subscriptionId: subId ?? null, reason, text });
  return { received: true };
}
