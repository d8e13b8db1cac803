import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { comments } from "@/db/schema";
import { spendReaderLink } from "@/core/readers/reader-links";
import { statusForConfirmed, type CommentSite } from "./post-comment";

export type CommentConfirmation =
  | { state: "ok"; email: string; comment: { id: string; pageId: string; status: "held" | "approved" } | null }
  | { state: "used" | "expired" | "invalid" };

/**
 * The link in a comment's confirmation mail, used once: the comment it names (if still waiting) is held for the owner
 * or shown, by the site's mode. A link naming no comment only confirms the address.
 */
export async function confirmComment(db: Db, site: Pick<CommentSite, "id" | "commentMode" | "keywords">, token: string, now = new Date()): Promise<CommentConfirmation> {
  const used = await spendReaderLink(db, site.id, ["comment"], token, now);
  if (used.state !== "ok") return { state: used.state };
  const { link } = used;
  if (!link.subjectId) return { state: "ok", email: link.email, comment: null };
  const [comment] = await db
    .select()
    .from(comments)
    .where(and(eq(comments.id, link.subjectId), eq(comments.siteId, site.id), eq(comments.status, "unconfirmed")));
  if (!comment) return { state: "ok", email: link.email, comment: null };
  const status = await statusForConfirmed(db, site, comment.email, comment.body);
  await db
    .update(comments)
    .set({ status, decidedAt: status === "approved" ? now : null })
    .where(and(eq(comments.id, comment.id), eq(comments.status, "unconfirmed")));
  return { state: "ok", email: link.email, comment: { id: comment.id, pageId: comment.pageId, status } };
}
