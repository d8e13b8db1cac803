import { and, asc, desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { comments } from "@/db/schema";

export type CommentStatus = "unconfirmed" | "held" | "approved" | "rejected";

/** The owner's list of a site's comments, newest first (addresses included: the owner moderates by them). */
export async function listSiteComments(db: Db, siteId: string, status?: CommentStatus) {
  return db
    .select({ id: comments.id, pageId: comments.pageId, parentId: comments.parentId, authorName: comments.authorName, email: comments.email, body: comments.body, status: comments.status, createdAt: comments.createdAt })
    .from(comments)
    .where(and(eq(comments.siteId, siteId), status ? eq(comments.status, status) : undefined))
    .orderBy(desc(comments.createdAt))
    .limit(500);
}

export type ShownComment = { id: string; authorName: string; body: string; createdAt: Date; replies: Omit<ShownComment, "replies">[] };

/** A page's shown comments for readers, oldest first with their replies under them: never an address. */
export async function shownCommentsOf(db: Db, siteId: string, pageId: string): Promise<ShownComment[]> {
  const rows = await db
    .select({ id: comments.id, parentId: comments.parentId, authorName: comments.authorName, body: comments.body, createdAt: comments.createdAt })
    .from(comments)
    .where(and(eq(comments.siteId, siteId), eq(comments.pageId, pageId), eq(comments.status, "approved")))
    .orderBy(asc(comments.createdAt));
  const top = rows.filter((r) => !r.parentId).map(({ parentId: _p, ...r }) => ({ ...r, replies: [] as Omit<ShownComment, "replies">[] }));
  const byId = new Map(top.map((c) => [c.id, c]));
  for (const r of rows) if (r.parentId) byId.get(r.parentId)?.replies.push({ id: r.id, authorName: r.authorName, body: r.body, createdAt: r.createdAt });
  return top;
}
