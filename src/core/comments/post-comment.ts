import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { commentBlocks, comments } from "@/db/schema";
import type { EmailProvider } from "@/integrations/email";
import { AppError } from "@/lib/errors";
import { canonicalMailbox } from "@/lib/mailbox";
import { mailReaderLink } from "@/core/readers/mail-reader-link";
import type { SubscriptionSite } from "@/core/subscribers/subscription-site";
import { commentInput, hasBlockedWord, type CommentInput, type CommentMode } from "./comment-rules";

export type CommentSite = SubscriptionSite & { commentMode: CommentMode; keywords: readonly string[] };
/** Where a comment went: waiting for its author's link, waiting for the owner, or shown. */
export type CommentOutcome = { status: "unconfirmed" | "held" | "approved" };

/**
 * Held or shown, for a comment whose author's address is confirmed: a keyword on the owner's list holds it whatever
 * the mode; "first-held" shows it when the address already has a comment shown on this site.
 */
export async function statusForConfirmed(db: Db, site: Pick<CommentSite, "id" | "commentMode" | "keywords">, email: string, body: string): Promise<"held" | "approved"> {
  if (hasBlockedWord(body, site.keywords) || site.commentMode === "held") return "held";
  if (site.commentMode === "open") return "approved";
  const [shown] = await db
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.siteId, site.id), eq(comments.status, "approved"), sql`lower(${comments.email}) = lower(${email})`))
    .limit(1);
  return shown ? "approved" : "held";
}

/**
 * A reader's comment on a page the site shows (`isPage`). From a browser already confirmed as this address
 * (`knownEmail`) it is held or shown at once; otherwise it waits "unconfirmed" and its author gets a reader link that
 * confirms this comment and nothing else. A blocked mailbox is answered like a held comment and nothing is stored.
 * Request limits (per visitor address, mailbox and site) are the caller's.
 */
export async function postComment(
  deps: { db: Db; email: EmailProvider },
  site: CommentSite,
  raw: CommentInput,
  reader: { knownEmail: string | null; addressKey: string; isPage: (pageId: string) => boolean },
  now = new Date(),
): Promise<CommentOutcome> {
  if (site.commentMode === "off") throw new AppError("NOT_FOUND", "Comments are off on this site");
  const parsed = commentInput.safeParse(raw);
  if (!parsed.success) throw new AppError("VALIDATION", parsed.error.issues[0]?.message ?? "Please check your comment");
  const input = parsed.data;
  if (!reader.isPage(input.pageId)) throw new AppError("NOT_FOUND", "There is no such page on this site");
  const { db } = deps;
  if (input.replyTo) {
    const [parent] = await db
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.id, input.replyTo), eq(comments.siteId, site.id), eq(comments.pageId, input.pageId), eq(comments.status, "approved"), isNull(comments.parentId)));
    if (!parent) throw new AppError("VALIDATION", "You can reply only to a comment shown on this page");
  }
  const [blocked] = await db.select().from(commentBlocks).where(and(eq(commentBlocks.siteId, site.id), eq(commentBlocks.mailbox, canonicalMailbox(input.email))));
  if (blocked) return { status: "held" };
  const known = reader.knownEmail !== null && reader.knownEmail.toLowerCase() === input.email.toLowerCase();
  const status = known ? await statusForConfirmed(db, site, input.email, input.body) : "unconfirmed";
  const [row] = await db
    .insert(comments)
    .values({
      siteId: site.id,
      pageId: input.pageId,
      parentId: input.replyTo,
      authorName: input.name,
      email: input.email,
      body: input.body,
      status,
      addressKey: reader.addressKey,
      createdAt: now,
      decidedAt: status === "approved" ? now : null,
    })
    .returning({ id: comments.id });
  if (status === "unconfirmed") await mailReaderLink(deps, site, { email: input.email, purpose: "comment", subjectId: row!.id }, now);
  return { status };
}
