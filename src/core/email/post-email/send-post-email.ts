import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { postNotifications, seenPosts, subscribers } from "@/db/schema";
import type { EmailProvider } from "@/integrations/email";
import { featuresOf } from "@/core/billing/features-of";
import { parseSiteSettings } from "@/core/sites/site-settings";
import { siteEndpointUrl } from "@/core/subscribers/subscription-site";
import { AppError } from "@/lib/errors";
import { deliverPostNotifications } from "../deliver-post-notifications";
import { sitePostOfOwner, type PostEmailDeps } from "./site-post";
import { sitePostEmail } from "./site-post-email";

export const sendPostEmailInput = z.object({ siteId: z.string().min(1).max(64), postId: z.string().min(1).max(64), test: z.boolean().optional() }).strict();

export type SendPostEmailDeps = PostEmailDeps & { email: EmailProvider; billingEnabled: boolean; log?: (message: string, error?: unknown) => void };

const CHUNK = 500;

/**
 * Sends a post's email. `test`: once, to the caller's own address, marked as a test. Otherwise to every confirmed
 * subscriber who has not had it: one queued row per subscriber and post (the same rows new-post emails use, unique per
 * pair, so nobody gets a post twice however often this is called), failed rows go back to the queue (a retry), and
 * delivery runs in the background in batches (deliverQueued: claimed once, resumable after a restart).
 */
export async function sendPostEmail(deps: SendPostEmailDeps, ownerId: string, callerEmail: string, input: z.input<typeof sendPostEmailInput>) {
  const { siteId, postId, test } = sendPostEmailInput.parse(input);
  const { site, mailSite, model, entry, snapshot } = await sitePostOfOwner(deps, ownerId, siteId, postId);
  if (test) {
    const mail = sitePostEmail(mailSite, model, entry, siteEndpointUrl(mailSite, "/_/unsubscribe", "test"), deps.fileOrigins);
    await deps.email.send({ to: callerEmail, ...mail, subject: `[Test] ${mail.subject}`, fromName: mailSite.senderName || mailSite.name, replyTo: mailSite.replyTo ?? undefined });
    return { test: true, to: callerEmail, queued: 0 };
  }
  if (site.status !== "published" || site.passwordHash) throw new AppError("VALIDATION", "Paused and password-protected sites don't email their posts");
  if (!parseSiteSettings(site.settings).email.notifySubscribers || !(await featuresOf(deps, site.id)).has.subscriberEmails) {
    throw new AppError("VALIDATION", "Turn on “Email subscribers about new posts” first");
  }
  // Seen now, so the automatic new-post check never queues it again on its own.
  await deps.db.insert(seenPosts).values({ siteId: site.id, pageId: entry.pageId }).onConflictDoNothing();
  const retried = await deps.db
    .update(postNotifications)
    .set({ status: "pending", attempts: 0, lastError: null })
    .where(and(eq(postNotifications.siteId, site.id), eq(postNotifications.pageId, entry.pageId), eq(postNotifications.status, "failed")))
    .returning({ id: postNotifications.id });
  const confirmed = await deps.db.select({ id: subscribers.id }).from(subscribers).where(and(eq(subscribers.siteId, site.id), eq(subscribers.status, "confirmed")));
  let queued = retried.length;
  for (let i = 0; i < confirmed.length; i += CHUNK) {
    const rows = confirmed.slice(i, i + CHUNK).map((s) => ({ siteId: site.id, pageId: entry.pageId, subscriberId: s.id }));
    queued += (await deps.db.insert(postNotifications).values(rows).onConflictDoNothing().returning({ id: postNotifications.id })).length;
  }
  const log = deps.log ?? ((message: string, error?: unknown) => console.error(message, error instanceof Error ? error.message : ""));
  void deliverPostNotifications(deps, site.id, snapshot.pages).catch((err) => log(`[email] sending post ${entry.pageId} of site ${site.id} failed`, err));
  return { test: false, to: null, queued };
}
