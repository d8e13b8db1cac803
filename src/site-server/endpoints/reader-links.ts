import { mailLinkAgain } from "@/core/readers/mail-link-again";
import { LINK_AGAIN_PATH } from "@/core/readers/mail-reader-link";
import { findReaderLink } from "@/core/readers/reader-links";
import { subscriptionSiteOf } from "@/core/subscribers/subscription-site";
import { canonicalMailbox } from "@/lib/mailbox";
import { isFormPost } from "../request";
import { readSmallBody, sendError, sendPlainHtml } from "../respond";
import { ipOf, MAX_FORM_BYTES, type Endpoint } from "./context";
import { sendSiteNotice } from "./subscription";

/** POST /_/link/new (form: token) — the button on a used or expired link's page. */
export const linkAgainEndpoint: Endpoint = {
  path: LINK_AGAIN_PATH,
  methods: ["POST"],
  // A subscription's link works behind a site password (its pages name nothing there), so its button must too.
  servedWhenLocked: true,
  summary: "Readers: the “send a new link” button of a used or expired confirmation link (form: token). Mails a fresh single-use link to that link's own address; on a protected site its answer names nothing.",
  async handler(req, res, site, ctx) {
    if (!isFormPost(req)) return sendPlainHtml(res, 415, "Unsupported form", "Send the form as a regular form.");
    const body = await readSmallBody(req, MAX_FORM_BYTES);
    if (body === null) return sendPlainHtml(res, 413, "Too large", "The form was too large.");
    if (!(await ctx.take("readerLinkAgainPerIp", `${site.id}|${ipOf(ctx, req)}`))) return sendPlainHtml(res, 429, "Too many requests", "Please wait a few minutes and try again.");
    const old = await findReaderLink(ctx.runtime.db, site.id, new URLSearchParams(body).get("token") ?? "");
    if (!old) return sendSiteNotice(res, site, ctx.locked, { status: 404, title: "noticeLinkNotValid", message: "noticeLinkNotValidShort" });
    // Past the mailbox's limit the page still says "sent": the holder of an old link learns nothing about the mailbox.
    if (await ctx.take("readerLinkAgain", canonicalMailbox(old.email))) {
      try {
        await mailLinkAgain({ db: ctx.runtime.db, email: ctx.runtime.email }, subscriptionSiteOf(site, new URL(site.origin).host), old);
      } catch (err) {
        return sendError(res, err, { where: "reader-link", siteId: site.id }, { UPSTREAM: "We could not send the email just now. Please try again in a minute." });
      }
    }
    sendSiteNotice(res, site, ctx.locked, { status: 200, title: "noticeCheckInbox", message: "noticeNewLinkSent" });
  },
};
