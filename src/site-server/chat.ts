import type { IncomingMessage, ServerResponse } from "node:http";
import type { Runtime } from "@/runtime";
import { answerVisitorQuestion, visitorChatInput, type VisitorChatEvent } from "@/core/ai/answer-visitor-question";
import { takeChatAllowance } from "@/core/ai/take-chat-allowance";
import { ensureSitePassages } from "@/core/ai/index-site-passages";
import type { SiteSnapshot } from "@/notion/site-content";
import { createRateLimiter } from "@/http/rate-limit";
import { chatScript } from "./assets";
import type { SiteModel } from "@/site-model/site-model";
import { escapeHtml, readSmallBody } from "./respond";
import type { PublishedSite } from "./site-lookup";

/**
 * The visitor chat of a published site (issue 12): GET /_/chat is the chat page the launcher and the widget open in an
 * iframe (served from the site's own host, so a protected site's password cookie applies); POST /_/chat answers one
 * question as server-sent events. The widget frame may be embedded by any origin; otherwise only by the site itself.
 */

const MAX_CHAT_BODY = 64 * 1024;
export const CHAT_RATE_MESSAGES = {
  visitor: "You're sending messages too quickly. Please wait a minute and try again.",
  site: "This site's assistant is busy right now. Please try again in a few minutes.",
  daily: "This site's assistant has answered all the questions it can today. Please try again tomorrow.",
  off: "The assistant is not available on this site.",
} as const;

export const chatAvailable = (site: PublishedSite) => site.settings.ai.enabled || site.settings.widget.enabled;

export function chatPageCsp(site: PublishedSite): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    // The widget lives on the owner's other sites: any origin may frame this page then, and only then.
    `frame-ancestors ${site.settings.widget.enabled ? "*" : "'self'"}`,
  ].join("; ");
}

type Json = Record<string, unknown>;
const safeJson = (value: Json) => JSON.stringify(value).replace(/</g, "\\u003c");

export function renderChatPage(site: PublishedSite, siteName: string, embed: "launcher" | "widget"): string {
  const { ai } = site.settings;
  const withSearch = embed === "widget" || !ai.enabled;
  const accent = ai.enabled ? ai.accentColor : site.settings.widget.color;
  const title = ai.enabled ? ai.assistantName : `Search ${siteName}`;
  const suggestions = ai.enabled && ai.suggestedQuestions.length
    ? `<div class="suggested" aria-label="Suggested questions">${ai.suggestedQuestions.map((q) => `<button type="button" data-question="${escapeHtml(q)}">${escapeHtml(q)}</button>`).join("")}</div>`
    : "";
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(siteName)}</title>` +
    // Colours as variables: light, dark by the system, or the visitor's choice on the site (data-theme, set by chat.js).
    `<style>:root{--accent:${accent};--bg:#fff;--fg:#111;--bubble:#f1f3f5;--line:#e5e7eb;--muted:#555;--err-bg:#fde8ea;--err-fg:#8a0010;color-scheme:light}` +
    `:root[data-theme=dark]{--bg:#0f1115;--fg:#e6e8eb;--bubble:#1c2027;--line:#2a2f37;--muted:#a1a9b3;--err-bg:#3a1218;--err-fg:#ffb4bd;color-scheme:dark}` +
    `@media (prefers-color-scheme:dark){:root:not([data-theme=light]){--bg:#0f1115;--fg:#e6e8eb;--bubble:#1c2027;--line:#2a2f37;--muted:#a1a9b3;--err-bg:#3a1218;--err-fg:#ffb4bd;color-scheme:dark}}` +
    `*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,sans-serif;color:var(--fg);background:var(--bg);display:flex;flex-direction:column;height:100vh}` +
    `header{padding:12px 48px 12px 16px;border-bottom:1px solid var(--line);font-weight:600}header small{display:block;font-weight:400;color:var(--muted)}` +
    `#log{flex:1;overflow-y:auto;padding:16px;display:flex;flex-direction:column;gap:10px}.msg{max-width:90%;padding:8px 12px;border-radius:12px;white-space:pre-wrap;overflow-wrap:anywhere}` +
    `.msg.user{align-self:flex-end;background:var(--accent);color:#fff}.msg.assistant{align-self:flex-start;background:var(--bubble)}.msg.error{background:var(--err-bg);color:var(--err-fg)}` +
    `.msg[aria-busy=true]:empty::after{content:"…"}a{color:var(--accent)}.msg.user a{color:#fff}a.cite{font-size:.8em;vertical-align:super;text-decoration:none;margin:0 1px}` +
    `.sources{margin:8px 0 0;padding-left:1.4em;font-size:.9em;white-space:normal}.suggested{display:flex;flex-wrap:wrap;gap:6px}` +
    `.suggested button{border:1px solid var(--accent);color:var(--accent);background:transparent;border-radius:999px;padding:4px 10px;font:inherit;font-size:.9em;cursor:pointer}` +
    `form{display:flex;gap:8px;padding:12px;border-top:1px solid var(--line)}textarea,input[type=search]{flex:1;font:inherit;padding:8px 10px;border:1px solid #9ca3af;border-radius:10px;resize:none;background:transparent;color:inherit}` +
    `#send{border:0;border-radius:10px;background:var(--accent);color:#fff;font:inherit;font-weight:600;padding:0 14px;cursor:pointer}#send:disabled{opacity:.5}` +
    `.search{padding:12px 16px;border-bottom:1px solid var(--line)}.search input{width:100%}#results{list-style:none;margin:0;padding:0;max-height:40vh;overflow-y:auto}#results li{padding:8px 0;border-bottom:1px solid var(--line)}#results p{margin:2px 0 0;font-size:.9em;color:var(--muted)}` +
    `.note{padding:12px 16px;color:var(--muted);font-size:.9em}</style>` +
    `<script type="application/json" id="chat-config">${safeJson({ base: site.basePath, embed })}</script>` +
    `<script type="module" src="${site.basePath}${chatScript().href}"></script></head><body>` +
    `<header>${escapeHtml(title)}<small>${escapeHtml(siteName)}</small></header>` +
    (withSearch
      ? `<div class="search" role="search"><input id="search" type="search" placeholder="Search ${escapeHtml(siteName)}…" aria-label="Search" maxlength="200" autocomplete="off"><ul id="results" aria-label="Search results"></ul></div>`
      : "") +
    (ai.enabled
      ? `<div id="log" aria-live="polite"><div class="msg assistant">${escapeHtml(ai.welcomeMessage)}</div>${suggestions}</div>` +
        `<form id="ask"><textarea id="question" rows="2" maxlength="1000" placeholder="Ask a question…" aria-label="Your question" required></textarea><button id="send" type="submit">Send</button></form>`
      : `<p class="note">Search this site's pages above.</p>`) +
    `</body></html>`
  );
}

function jsonError(res: ServerResponse, status: number, error: string): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" }).end(JSON.stringify({ error }));
}

/** Per visitor and per site limits (in memory, per process) in front of the daily cap per site (in the database). */
export function createChatHandler(runtime: Runtime) {
  const visitorLimit = createRateLimiter({ limit: 10, windowMs: 60_000 });
  const siteLimit = createRateLimiter({ limit: 120, windowMs: 60_000 });

  return async function answer(req: IncomingMessage, res: ServerResponse, site: PublishedSite, snapshot: SiteSnapshot, model: SiteModel, siteName: string, ip: string): Promise<void> {
    if (!site.settings.ai.enabled) return jsonError(res, 404, CHAT_RATE_MESSAGES.off);
    if (!String(req.headers["content-type"] ?? "").startsWith("application/json")) return jsonError(res, 415, "Send the question as JSON.");
    const raw = await readSmallBody(req, MAX_CHAT_BODY);
    if (raw === null) return jsonError(res, 413, "This conversation is too long. Please start a new chat.");
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return jsonError(res, 400, "That question could not be read.");
    }
    const parsed = visitorChatInput.safeParse(body);
    if (!parsed.success) return jsonError(res, 400, parsed.error.issues[0]?.message ?? "That question could not be read.");
    if (!visitorLimit.take(`${site.id}|${ip}`)) return jsonError(res, 429, CHAT_RATE_MESSAGES.visitor);
    if (!siteLimit.take(site.id)) return jsonError(res, 429, CHAT_RATE_MESSAGES.site);
    if (!(await takeChatAllowance(runtime.db, site.id))) return jsonError(res, 429, CHAT_RATE_MESSAGES.daily);
    await ensureSitePassages(runtime.db, site.id, () => snapshot.pages);

    res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store, no-transform", "x-accel-buffering": "no", "x-content-type-options": "nosniff" });
    const abort = new AbortController();
    res.on("close", () => abort.abort());
    const send = (event: VisitorChatEvent) => {
      if (!res.writableEnded) res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    };
    try {
      await answerVisitorQuestion(
        { db: runtime.db, model: runtime.ai },
        {
          id: site.id,
          name: siteName,
          ai: site.settings.ai,
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
      console.error("[chat] answer failed:", err);
      if (!res.writableEnded) res.write(`event: error\ndata: ${JSON.stringify({ message: "Something went wrong, please try again" })}\n\n`);
    }
    res.end();
  };
}
