/** Readers' comments: the Comments screen and its moderation. */
import { listCommentsOfSite, listSiteCommentsInput, moderateCommentOfSite, moderateSiteCommentInput } from "@/core/comments/site-comments";
import { method } from "../method";

export const commentMethods = {
  listSiteComments: method({
    role: "editor",
    summary: "Comments: the site's comments, newest first (optionally one status), with each author's address, the site's mode, and where comments are kept",
    params: listSiteCommentsInput,
    result: "{siteId, mode: 'off' | 'held' | 'first-held' | 'open', keptIn: 'here', comments: [{id, pageId, parentId, authorName, email, body, status, createdAt}]}",
    errors: ["NOT_FOUND", "VALIDATION"],
    run: (ctx, p) => listCommentsOfSite(ctx.runtime.db, ctx.ownerId, p),
  }),
  moderateComment: method({
    role: "editor",
    summary: "Comments: approves (shown), rejects (hidden), deletes (with its replies) or blocks (its author's mailbox may comment no more here; their waiting comments are rejected) one comment",
    params: moderateSiteCommentInput,
    result: "{commentId, pageId, status: 'approved' | 'rejected' | 'deleted'}",
    errors: ["NOT_FOUND", "VALIDATION"],
    run: (ctx, p) => moderateCommentOfSite(ctx.runtime.db, ctx.ownerId, p),
    audit: { action: "comment.moderated", details: (p) => ({ commentId: p.commentId, action: p.action }) },
  }),
};
