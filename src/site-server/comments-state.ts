import crypto from "node:crypto";
import { commentsTakenBy } from "@/core/comments/comment-rules";
import { shownCommentsOf, type ShownComment } from "@/core/comments/list-comments";
import type { Db } from "@/db/client";
import type { SiteModel } from "@/site-model/site-model";
import type { PublishedSite } from "./site-lookup";

/** Whether a page view of this site reads comments: its type takes them and its owner turned them on. */
export const readsComments = (site: PublishedSite) => commentsTakenBy(site.siteType) && site.settings.comments !== "off";

/**
 * The shown comments of the page at `path`, and the part of the page-cache key they decide: the page stays a cached
 * page, one per set of shown comments, so a comment approved in any process shows on the next view everywhere (one
 * indexed query per view, only on sites with comments on). An entry whose "Comments off" box is ticked has none. A
 * failing read renders the page without comments rather than failing it.
 */
export async function commentsStateOf(db: Db, site: PublishedSite, model: SiteModel, path: string): Promise<{ state: { pageId: string; list: ShownComment[] }; key: string } | null> {
  if (!readsComments(site)) return null;
  const route = model.routes.get(path);
  const pageId = route?.kind === "entry" ? (route.entry.commentsOff ? null : route.entry.pageId) : route?.kind === "page" ? route.node.pageId : null;
  if (!pageId) return null;
  const list = await shownCommentsOf(db, site.id, pageId).catch(() => null);
  if (!list) return null;
  const fingerprint = list.map((c) => [c.id, ...c.replies.map((r) => r.id)].join(",")).join("|");
  return { state: { pageId, list }, key: `\ncomments:${crypto.createHash("sha256").update(fingerprint).digest("base64url").slice(0, 22)}` };
}
