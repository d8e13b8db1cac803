import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { comments, roadmapIdeas, subscribers } from "@/db/schema";
import type { EmailProvider } from "@/integrations/email";
import type { SubscriptionSite } from "@/core/subscribers/subscription-site";
import { mailReaderLink } from "./mail-reader-link";
import type { ReaderLink, ReaderLinkPurpose } from "./reader-links";

type Deps = { db: Db; email: EmailProvider };

/** Whether what the old link named still waits for its confirmation (else a new link only confirms the address). */
async function stillWaiting(db: Db, siteId: string, purpose: ReaderLinkPurpose, subjectId: string): Promise<boolean> {
  if (purpose === "idea") {
    const [idea] = await db.select({ id: roadmapIdeas.id }).from(roadmapIdeas).where(and(eq(roadmapIdeas.siteId, siteId), eq(roadmapIdeas.id, subjectId), eq(roadmapIdeas.status, "unconfirmed")));
    return Boolean(idea);
  }
  if (purpose === "subscribe") {
    const [row] = await db.select({ id: subscribers.id }).from(subscribers).where(and(eq(subscribers.siteId, siteId), eq(subscribers.id, subjectId), eq(subscribers.status, "unconfirmed")));
    return Boolean(row);
  }
  if (purpose === "comment") {
    const [row] = await db.select({ id: comments.id }).from(comments).where(and(eq(comments.siteId, siteId), eq(comments.id, subjectId), eq(comments.status, "unconfirmed")));
    return Boolean(row);
  }
  // A vote names its item: voting again is harmless.
  return true;
}

/**
 * A used or expired link asks for a new one: a fresh link for the same address and the same thing, mailed to that
 * address only (never to whoever holds the old link). An idea already sent becomes a plain sign-in link (a "vote" link
 * naming nothing); a confirmed subscription gets nothing. The caller finds the link (findReaderLink) and limits how
 * often (per mailbox and per visitor address).
 */
export async function mailLinkAgain(deps: Deps, site: SubscriptionSite, old: ReaderLink, now = new Date()): Promise<void> {
  const purpose = old.purpose as ReaderLinkPurpose;
  const waiting = old.subjectId ? await stillWaiting(deps.db, site.id, purpose, old.subjectId) : true;
  if (!waiting && purpose === "subscribe") return;
  // What was already sent or confirmed: the new link only signs the reader in.
  const next = waiting ? { purpose, subjectId: old.subjectId } : { purpose: purpose === "idea" ? ("vote" as const) : purpose, subjectId: null };
  await mailReaderLink(deps, site, { email: old.email, ...next }, now);
}
