import { CHAT_LIMIT_MESSAGES } from "@/core/ai/chat-limit-messages";
import type { IncomingMessage, ServerResponse } from "node:http";
import { answerVisitorQuestion, visitorChatInput, type VisitorChatEvent } from "@/core/ai/answer-visitor-question";
import { ensureSitePassages } from "@/core/ai/index-site-passages";
import { sendJsonError } from "@/http/json-error";
import { chatScript } from "../assets";
import { renderChatPage } from "../render/chat-page";
import { siteTranslator } from "../render/context";
import { readSmallBody, sendPlainHtml, visitorFacingError } from "../respond";
import { chatPageCsp } from "../security";
import { admitQuestion } from "../admit-question";
import { recordSiteEvent } from "../record-site-event";
import type { PublishedSite } from "../site-lookup";
import { contentOrUnavailable, visitorKey, type Endpoint, type EndpointContext, type SiteContent } from "./context";

/**
 * The visitor chat of a published site: GET /_/chat is the chat page the launcher and the widget open in an
 * iframe (served from the site's own host, so a protected site's password cookie applies); POST /_/chat answers one
 * question as server-sent events. The widget frame may be embedded by any origin; otherwise only by the site itself.
 */

const MAX_CHAT_BODY = 64 * 1024;

/** Chat is on and the site's plan allows it (site.settings are the settings as they apply now). */
export const chatAvailable = (site: PublishedSite) => site.settings.ai.enabled || site.settings.widget.enabled;
/** The owner turned chat on but the site's plan no longer allows it (a lapsed subscription). */
const chatPaused = (site: PublishedSite) => site.paused.includes("aiChatbot") || site.paused.includes("widget");

export const chatEndpoint: Endpoint = {
  path: "/_/chat",
  methods: ["GET", "HEAD", "POST"],
  servedWhenLocked: false,
  passwordFormWhenLocked: true,
  summary: "The visitor chat: GET the page the launcher and widget frame, POST a question (answer as SSE).",
  async handler(req, res, site, ctx) {
    if (!chatAvailable(site)) {
      // A chat a visitor still has open when the plan lapses is told the assistant is unavailable, in its own words.
      if (chatPaused(site)) return req.method === "POST" ? sendJsonError(res, 404, CHAT_LIMIT_MESSAGES.off) : sendPlainHtml(res, 404, "Assistant unavailable", CHAT_LIMIT_MESSAGES.off);
      return sendPlainHtml(res, 404, "Not found", "This site has no assistant.");
    }
    const content = await contentOrUnavailable(ctx, res, site);
    if (!content) return;
    const i18n = siteTranslator(site.settings, content.model);
    const name = site.settings.name || content.model.title || i18n.t("untitled");
    if (req.method === "POST") return answer(ctx, req, res, site, content, name);
    // The launcher and the widget load this page when a visitor opens them.
    if (req.method === "GET") recordSiteEvent(ctx.runtime, req, site, { kind: "widget_open" });
    const body = renderChatPage({ site, siteName: name, embed: ctx.search.get("embed") === "widget" ? "widget" : "launcher", scriptSrc: `${site.basePath}${chatScript().href}`, i18n });
    res.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "cache-control": site.passwordHash ? "private, no-store" : "no-store",
      "content-security-policy": chatPageCsp(site),
      "referrer-policy": "strict-origin-when-cross-origin",
      "x-content-type-options": "nosniff",
      "x-robots-tag": "noindex",
    });
    res.end(req.method === "HEAD" ? undefined : body);
  },
};

/** The owner's switch, then the plan gate, the per-minute limits and the daily cap every question passes (admitQuestion). */
async function answer(ctx: EndpointContext, req: IncomingMessage, res: ServerResponse, site: PublishedSite, { snapshot, model }: SiteContent, siteName: string): Promise<void> {
  const { runtime } = ctx;
  if (!site.settings.ai.enabled) return sendJsonError(res, 404, CHAT_LIMIT_MESSAGES.off);
  if (!String(req.headers["content-type"] ?? "").startsWith("application/json")) return sendJsonError(res, 415, "Send the question as JSON.");
  const raw = await readSmallBody(req, MAX_CHAT_BODY);
  if (raw === null) return sendJsonError(res, 413, "This conversation is too long. Please start a new chat.");
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return sendJsonError(res, 400, "That question could not be read.");
  }
  const parsed = visitorChatInput.safeParse(body);
  if (!parsed.success) return sendJsonError(res, 400, parsed.error.issues[0]?.message ?? "That question could not be read.");
  const where = { where: "visitor-chat", siteId: site.id };
  try {
    await admitQuestion(ctx, site, visitorKey(ctx, req, site));
    await ensureSitePassages(runtime.db, site.id, () => snapshot.pages);
  } catch (err) {
    const failure = visitorFacingError(err, where);
    return sendJsonError(res, failure.status, failure.message);
  }

  res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store, no-transform", "x-accel-buffering": "no", "x-content-type-options": "nosniff" });
  const abort = new AbortController();
  res.on("close", () => abort.abort());
  const send = (event: VisitorChatEvent) => {
    // Answered from the site = passages were found (otherwise the visitor is told the site doesn't cover it).
    if (event.type === "sources") recordSiteEvent(runtime, req, site, { kind: "question", label: parsed.data.messages.at(-1)!.content, ok: event.sources.length > 0 });
    if (!res.writableEnded) res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  };
  try {
    await answerVisitorQuestion(
      { db: runtime.db, model: runtime.ai },
      {
        id: site.id,
        name: siteName,
        ai: site.settings.ai,
        contactUrl: site.settings.contactUrl,
        urlOf: (pageId) => {
          const path = model.pathOfPage.get(pageId);
          return path === undefined ? null : `${site.basePath}${path}`;
        },
      },
      parsed.data,
      send,
      abort.signal,
    );
  } catch (err) {
    // The stream has started: the failure goes down it as an error event.
    const failure = visitorFacingError(err, where);
    if (!res.writableEnded) res.write(`event: error\ndata: ${JSON.stringify({ message: failure.message })}\n\n`);
  }
  res.end();
}
