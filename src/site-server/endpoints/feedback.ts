import { feedbackInput, recordFeedback } from "@/core/feedback/record-feedback";
import { recordSiteEvent } from "../record-site-event";
import { fromAnotherSite, isFormPost, wantsJson } from "../request";
import { readSmallBody, sendPlainHtml } from "../respond";
import { contentOrUnavailable, MAX_FORM_BYTES, visitorKey, type Endpoint } from "./context";

/** "Was this helpful?" on docs and help-desk pages: a regular form, or JSON from the site's script. */
export const feedbackEndpoint: Endpoint = {
  path: "/_/feedback",
  methods: ["POST"],
  servedWhenLocked: false,
  summary: "Records \"was this helpful?\" (form: path, helpful, text).",
  async handler(req, res, site, ctx) {
    if (!isFormPost(req)) return sendPlainHtml(res, 415, "Unsupported form", "Send feedback as a regular form.");
    if (!(await ctx.take("feedback", visitorKey(ctx, req, site)))) return sendPlainHtml(res, 429, "Too many requests", "Thanks — we already have your feedback.");
    const body = await readSmallBody(req, MAX_FORM_BYTES);
    if (body === null) return sendPlainHtml(res, 413, "Too large", "The form was too large.");
    const form = Object.fromEntries(new URLSearchParams(body));
    const parsed = feedbackInput.safeParse({ path: form.path, helpful: form.helpful, text: form.text ?? "" });
    if (!parsed.success) return sendPlainHtml(res, 400, "Please try again", "That feedback could not be read.");
    const content = await contentOrUnavailable(ctx, res, site);
    if (!content) return;
    // Only a page of the site, from the site's own page: anything else is thanked alike and recorded nowhere.
    if (content.model.routes.has(parsed.data.path) && !fromAnotherSite(req)) {
      await recordFeedback(ctx.runtime.db, site.id, { path: parsed.data.path, helpful: form.helpful as "yes" | "no", text: form.text ?? "" });
      recordSiteEvent(ctx.runtime, req, site, { kind: "feedback", path: parsed.data.path, ok: form.helpful === "yes" });
    }
    if (wantsJson(req)) {
      res.writeHead(200, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" }).end('{"ok":true}');
      return;
    }
    sendPlainHtml(res, 200, "Thanks for your feedback!", "It helps make these pages better.");
  },
};
