import { takeSubscribeLimits } from "@/core/subscribers/subscribe-limits";
import { siteTypeHas } from "@/lib/site-types";
import { subscribeInput, subscribeToSite } from "@/core/subscribers/subscribe-to-site";
import { subscriptionSiteOf } from "@/core/subscribers/subscription-site";
import { recordSiteEvent } from "../record-site-event";
import { isFormPost } from "../request";
import { readSmallBody, sendError, sendPlainHtml } from "../respond";
import { MAX_FORM_BYTES, ipOf, type Endpoint } from "./context";

/** The subscribe form of blogs and changelogs: sends the confirmation email, then back to the page it came from. */
export const subscribeEndpoint: Endpoint = {
  path: "/_/subscribe",
  methods: ["POST"],
  servedWhenLocked: false,
  summary: "Subscribes an email address (form: email) and sends the confirmation link.",
  async handler(req, res, site, ctx) {
    if (!siteTypeHas(site.siteType, "subscribers")) return sendPlainHtml(res, 404, "Not found", "This site has no subscriptions.");
    // No promise the site doesn't keep: while the owner's new-post emails are off, nobody signs up for them.
    if (!site.settings.email.notifySubscribers) return sendPlainHtml(res, 404, "Not found", "This site doesn't send emails about new posts.");
    if (!isFormPost(req)) return sendPlainHtml(res, 415, "Unsupported form", "Send the subscribe form as a regular form.");
    if (!(await takeSubscribeLimits(ctx.take, site.id, ipOf(ctx, req)))) return sendPlainHtml(res, 429, "Too many requests", "Please wait a few minutes before subscribing again.");
    const body = await readSmallBody(req, MAX_FORM_BYTES);
    if (body === null) return sendPlainHtml(res, 413, "Too large", "The form was too large.");
    const parsed = subscribeInput.safeParse({ email: new URLSearchParams(body).get("email") ?? "" });
    if (!parsed.success) return sendPlainHtml(res, 400, "Please check your email address", "Please enter a valid email address and try again.");
    try {
      await subscribeToSite({ db: ctx.runtime.db, email: ctx.runtime.email }, subscriptionSiteOf(site, new URL(site.origin).host), parsed.data, site.features.limits);
    } catch (err) {
      // The email provider's own words are not for visitors; anything that is not an AppError is reported.
      return sendError(res, err, { where: "subscribe", siteId: site.id }, {
        UPSTREAM: "We could not send the confirmation email just now. Please try again in a minute.",
      });
    }
    recordSiteEvent(ctx.runtime, req, site, { kind: "subscribe" });
    let back = `${site.basePath}/`;
    try {
      const url = new URL(String(req.headers.referer ?? ""));
      if (url.host === req.headers.host) back = url.pathname;
    } catch {
      // no usable referer: back to the home page
    }
    res.writeHead(303, { location: `${back}?subscribed=1#subscribe`, "cache-control": "no-store" }).end();
  },
};
