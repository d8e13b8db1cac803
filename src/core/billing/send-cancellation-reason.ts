import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { cancellationReasons, users } from "@/db/schema";
import { getSiteForOwnerOrThrow } from "@/core/sites/get-site-for-owner-or-throw";
import { cancellationReasonTeamEmail, cancellationReceivedEmail } from "@/core/email/templates";
import type { EmailProvider } from "@/integrations/email";

export const sendCancellationReasonInput = z
  .object({
    siteId: z.string().min(1).max(64).optional(),
    subId: z.string().max(100).optional(),
    reason: z.enum(["too_expensive", "missing_features", "switched_service", "unused", "technical_issues", "other"]),
    text: z.string().trim().max(2000).default(""),
  })
  .strict();

export type CancellationDeps = { db: Db; email: EmailProvider; teamEmail?: string; appUrl: string; log?: (message: string, error?: unknown) => void };

/**
 * docs/product.md §7 sendCancellationReason: why an owner cancelled, kept for the team, mailed to TEAM_EMAIL (when set), and a
 * "cancellation received" email to the owner. The reason is stored first: a mail that fails loses nothing.
 */
export async function sendCancellationReason(deps: CancellationDeps, userId: string, input: z.input<typeof sendCancellationReasonInput>) {
  const { siteId, subId, reason, text } = sendCancellationReasonInput.parse(input);
  const { db } = deps;
  if (siteId) await getSiteForOwnerOrThrow(db, userId, siteId);
  await db.insert(cancellationReasons).values({ userId, siteId: siteId ?? null, subscriptionId: subId ?? null, reason, text });

  const log = deps.log ?? ((message: string, error?: unknown) => console.error(message, error instanceof Error ? error.message : (error ?? "")));
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const sends: Promise<void>[] = [];
  if (deps.teamEmail) {
    const mail = cancellationReasonTeamEmail({ userEmail: user?.email ?? userId, reason, text, siteId, subId });
    sends.push(deps.email.send({ to: deps.teamEmail, ...mail, replyTo: user?.email }));
  }
  if (user) sends.push(deps.email.send({ to: user.email, ...cancellationReceivedEmail({ appUrl: deps.appUrl }) }));
  const results = await Promise.allSettled(sends);
  for (const r of results) if (r.status === "rejected") log(`[email] a cancellation email for user ${userId} failed`, r.reason);
  return { received: true };
}
