import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { notionWebhookExpectation, notionWebhookVerification } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { isOperator } from "@/core/users/is-operator";
import { VERIFICATION_ROW } from "./get-webhook-verification";

export const expectWebhookVerificationInput = z.object({}).strict();

/** How long the operator has to make Notion send its verification request after asking for it. */
export const VERIFICATION_WINDOW_MS = 15 * 60_000;

/**
 * The operator (ADMIN_EMAILS) is about to create (or re-verify) the webhook subscription in Notion: the next
 * verification request within VERIFICATION_WINDOW_MS is taken as the new signing key, replacing any stored one. Notion
 * sends the token unsigned, so outside this window nobody can set it. Anyone else: NOT_FOUND, like the admin screen.
 */
export async function expectWebhookVerification(deps: { db: Db; adminEmails: readonly string[] }, email: string, now = new Date()): Promise<{ until: string }> {
  if (!isOperator(deps.adminEmails, email)) throw new AppError("NOT_FOUND", "Not found");
  const until = new Date(now.getTime() + VERIFICATION_WINDOW_MS);
  await deps.db.transaction(async (tx) => {
    await tx.delete(notionWebhookVerification).where(eq(notionWebhookVerification.id, VERIFICATION_ROW));
    await tx
      .insert(notionWebhookExpectation)
      .values({ id: VERIFICATION_ROW, until, openedBy: email })
      .onConflictDoUpdate({ target: notionWebhookExpectation.id, set: { until, openedBy: email } });
  });
  return { until: until.toISOString() };
}
