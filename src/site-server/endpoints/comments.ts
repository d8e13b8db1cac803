import type { IncomingMessage, ServerResponse } from "node:http";
import { confirmComment } from "@/core/comments/confirm-comment";
import { postComment, type CommentSite } from "@/core/comments/post-comment";
import { readerSessionOf, signInReader } from "@/core/readers/reader-session";
import { subscriptionSiteOf } from "@/core/subscribers/subscription-site";
import { AppError } from "@/lib/errors";
import { canonicalMailbox } from "@/lib/mailbox";
import { readsComments } from "../comments-state";
import { clientProtocol } from "@/http/client-address";
import { cookiesOf } from "../password-gate";
import { isFormPost } from "../request";
import { readSmallBody, sendError, sendPlainHtml } from "../respond";
import type { PublishedSite } from "../site-lookup";
import { contentOrUnavailable, ipOf, type Endpoint, type EndpointContext } from "./context";
import { sendSiteNotice, sendSpentLink } from "./subscription";

/**
 * Readers' comments on blog posts, changelog entries, docs and help-desk articles, on the site's own host. A reader is
 * known by the same site-scoped cookie as a roadmap voter (one confirmed address per site for votes and comments);
 * without it, a comment waits for its own reader link. Plain forms only.
 */

const READER_COOKIE = "voter";
const YEAR = 365 * 24 * 3600;
/** A comment form: a name, an address and up to 2,000 characters, form-encoded (non-Latin text triples in size). */
const MAX_COMMENT_FORM_BYTES = 16 * 1024;

const commentSiteOf = (site: PublishedSite): CommentSite => ({
  ...subscriptionSiteOf(site, new URL(site.origin).host),
  commentMode: site.settings.comments,
  keywords: site.settings.commentKeywords,
});

/** Comments exist on a site whose type has them and whose owner turned them on; anything else is a plain 404. */
function commentsOn(res: ServerResponse, site: PublishedSite): boolean {
  if (readsComments(site)) return true;
  sendPlainHtml(res, 404, "Not found", "This site has no comments.");
  return false;
}

function readerCookie(ctx: EndpointContext, req: IncomingMessage, site: PublishedSite, token: string): string {
  const secure = site.origin.startsWith("https:") && clientProtocol(req, ctx.runtime.env.TRUST_PROXY) === "https";
  return `${READER_COOKIE}=${token}; Path=${site.basePath || "/"}; HttpOnly; SameSite=Lax; Max-Age=${YEAR}${secure ? "; Secure" : ""}`;
}

/** The page's path for a Notion page id, if the site shows it and its owner left comments on for it. */
async function commentablePath(ctx: EndpointContext, res: ServerResponse, site: PublishedSite, pageId: string): Promise<string | null | undefined> {
  const content = await contentOrUnavailable(ctx, res, site);
  if (!content) return undefined;
  const path = content.model.pathOfPage.get(pageId);
  if (!path) return null;
  const route = content.model.routes.get(path);
  if (route?.kind === "entry") return route.entry.commentsOff ? null : path;
  return route?.kind === "page" ? path : null;
}

/** POST /_/comments (form: page, name, email, body, replyTo?). */
export const commentEndpoint: Endpoint = {
  path: "/_/comments",
  methods: ["POST"],
  servedWhenLocked: false,
  summary: "Comments: posts a comment or a reply (form: page, name, email, body, replyTo). A new address gets a single-use link first; the owner's mode holds or shows it.",
  async handler(req, res, site, ctx) {
    if (!commentsOn(res, site)) return;
    if (!isFormPost(req)) return sendPlainHtml(res, 415, "Unsupported form", "Send the form as a regular form.");
    const body = await readSmallBody(req, MAX_COMMENT_FORM_BYTES);
    if (body === null) return sendPlainHtml(res, 413, "Too large", "The form was too large.");
    const form = new URLSearchParams(body);
    const email = form.get("email") ?? "";
    const allowed =
      (await ctx.take("comment", `${site.id}|${ipOf(ctx, req)}`)) && (await ctx.take("commentPerMailbox", canonicalMailbox(email))) && (await ctx.take("commentPerSite", site.id));
    if (!allowed) return sendPlainHtml(res, 429, "Too many requests", "Please wait a few minutes before commenting again.");
    const pageId = form.get("page") ?? "";
    const path = await commentablePath(ctx, res, site, pageId);
    if (path === undefined) return;
    const reader = await readerSessionOf(ctx.runtime.db, site.id, cookiesOf(req).get(READER_COOKIE));
    try {
      const outcome = await postComment(
        { db: ctx.runtime.db, email: ctx.runtime.email },
        commentSiteOf(site),
        { pageId, name: form.get("name") ?? "", email, body: form.get("body") ?? "", replyTo: form.get("replyTo") || null },
        { knownEmail: reader?.email ?? null, addressKey: ipOf(ctx, req), isPage: () => path !== null },
      );
      if (outcome.status === "approved") {
        res.writeHead(303, { location: `${site.basePath}${path === "/" ? "/" : path}#comments`, "cache-control": "no-store" }).end();
        return;
      }
      const message = outcome.status === "held" ? "commentHeldLead" : "commentCheckInboxLead";
      sendSiteNotice(res, site, false, { status: 200, title: outcome.status === "held" ? "commentHeld" : "noticeCheckInbox", message });
    } catch (err) {
      if (err instanceof AppError && (err.code === "VALIDATION" || err.code === "NOT_FOUND")) return sendPlainHtml(res, err.code === "NOT_FOUND" ? 404 : 400, "Please check your comment", err.message);
      sendError(res, err, { where: "comment", siteId: site.id }, { UPSTREAM: "We could not send the confirmation email just now. Please try again in a minute." });
    }
  },
};

/** GET /_/comments/confirm?token= — the comment's reader link: holds or shows that comment and sets the reader cookie. */
export const commentConfirmEndpoint: Endpoint = {
  path: "/_/comments/confirm",
  methods: ["GET", "HEAD"],
  servedWhenLocked: false,
  summary: "Comments: the link in a comment confirmation email (`?token=`), used once within a day: holds or shows the comment it names and sets the reader cookie. A used or old link offers a new one.",
  async handler(req, res, site, ctx) {
    if (!commentsOn(res, site)) return;
    const token = ctx.search.get("token") ?? "";
    // A HEAD (a mail scanner's look) must not use up the single-use link.
    if (req.method === "HEAD") return sendSiteNotice(res, site, false, { status: 200, title: "noticeCheckInbox", message: "commentCheckInboxLead" });
    const confirmed = await confirmComment(ctx.runtime.db, commentSiteOf(site), token);
    if (confirmed.state === "used" || confirmed.state === "expired") return sendSpentLink(res, site, false, confirmed.state, token);
    if (confirmed.state !== "ok") return sendSiteNotice(res, site, false, { status: 404, title: "noticeLinkNotValid", message: "noticeLinkNotValidShort" });
    const sessionToken = await signInReader(ctx.runtime.db, site.id, confirmed.email);
    res.setHeader("set-cookie", readerCookie(ctx, req, site, sessionToken));
    const comment = confirmed.comment;
    if (comment?.status === "approved") {
      const content = await contentOrUnavailable(ctx, res, site);
      if (!content) return;
      const path = content.model.pathOfPage.get(comment.pageId) ?? "/";
      res.writeHead(303, { location: `${site.basePath}${path}#comment-${comment.id}`, "cache-control": "no-store" }).end();
      return;
    }
    sendSiteNotice(res, site, false, { status: 200, title: comment ? "commentHeld" : "commentConfirmed", message: comment ? "commentHeldLead" : "commentConfirmedLead" });
  },
};

export const commentEndpoints = [commentConfirmEndpoint, commentEndpoint];
