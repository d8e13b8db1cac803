import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { commentBlocks, comments } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { canonicalMailbox } from "@/lib/mailbox";

export const moderateCommentInput = z.object({
  commentId: z.string().trim().min(1).max(64),
  action: z.enum(["approve", "reject", "delete", "block"], "action must be approve, reject, delete or block"),
});

/**
 * The owner's decision on one comment of their site: approve (shown), reject (kept, not shown), delete (gone, with its
 * replies) or block (its author's mailbox may comment no more on this site: this comment and every one of theirs not
 * yet shown are rejected). Answers the page the comment is on, so the caller can refresh that page's cache.
 */
export async function moderateComment(db: Db, siteId: string, raw: z.input<typeof moderateCommentInput>, now = new Date()): Promise<{ commentId: string; pageId: string; status: string }> {
  const { commentId, action } = moderateCommentInput.parse(raw);
  const [comment] = await db.select().from(comments).where(and(eq(comments.id, commentId), eq(comments.siteId, siteId)));
  if (!comment) throw new AppError("NOT_FOUND", "There is no such comment on this site");
  if (action === "delete") {
    await db.delete(comments).where(eq(comments.id, comment.id));
    return { commentId, pageId: comment.pageId, status: "deleted" };
  }
  if (action === "block") {
    await db.transaction(async (tx) => {
      await tx.insert(commentBlocks).values({ siteId, mailbox: canonicalMailbox(comment.email) }).onConflictDoNothing();
      await tx
        .update(comments)
        .set({ status: "rejected", decidedAt: now })
        .where(and(eq(comments.siteId, siteId), sql`lower(${comments.email}) = lower(${comment.email})`, inArray(comments.status, ["unconfirmed", "held"])));
      await tx.update(comments).set({ status: "rejected", decidedAt: now }).where(eq(comments.id, comment.id));
    });
    return { commentId, pageId: comment.pageId, status: "rejected" };
  }
  const status = action === "approve" ? "approved" : "rejected";
  if (status === "approved" && comment.status === "unconfirmed") throw new AppError("VALIDATION", "This comment waits for its author to confirm their email");
  await db.update(comments).set({ status, decidedAt: now }).where(eq(comments.id, comment.id));
  return { commentId, pageId: comment.pageId, status };
}
