import type { ServerResponse } from "node:http";
import { confirmSubscription } from "@/core/subscribers/confirm-subscription";
import { findSubscriptionForUnsubscribe, unsubscribeFromSite } from "@/core/subscribers/unsubscribe-from-site";
import { CONFIRM_PATH } from "@/core/subscribers/subscribe-to-site";
import { escapeHtml } from "@/lib/escape-html";
import { LINK_AGAIN_PATH } from "@/core/readers/mail-reader-link";
import { NOTICE_PAGE_CSP } from "../security";
import type { PublishedSite } from "../site-lookup";
import type { Endpoint } from "./context";
import { lockedSiteTranslator } from "../render/context";
import type { MessageKey } from "@/lib/i18n/catalogues/en";
import type { Translator } from "@/lib/i18n/translator";

/**
 * The pages behind the links in subscription emails, on the site's own host: confirm (double opt-in) and
 * unsubscribe. Plain HTML in the site's colours, no scripts. On a password-protected site they still work (a
 * subscriber must always be able to leave) but name nothing about the site.
 */

/**
 * A notice with an optional form: one-click (the unsubscribe marker) or, with `fields`, visible inputs (the vote's
 * email). Its words are catalogue keys, printed in the language the owner set (these pages don't load the content the
 * detected language comes from, and on a protected site must not hint at it).
 */
export type Notice = {
  status: number;
  title: MessageKey;
  message: MessageKey;
  values?: Record<string, string>;
  form?: { action: string; button: MessageKey; fields?: { hidden: Record<string, string>; email: boolean } };
};

function formFields(form: NonNullable<Notice["form"]>, t: Translator["t"]): string {
  if (!form.fields) return `<input type="hidden" name="List-Unsubscribe" value="One-Click">`;
  const hidden = Object.entries(form.fields.hidden).map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`).join("");
  const email = form.fields.email ? `<p><label>${escapeHtml(t("yourEmail"))} <input type="email" name="email" required maxlength="254" autocomplete="email"></label></p>` : "";
  return hidden + email;
}

/** The owner's logo (an upload on the app's host) for the notice, with the origin the page's CSP must allow for it. */
function logoOf(site: PublishedSite): { url: string; origin: string } | null {
  const url = site.settings.theme.logo?.url;
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) ? { url: parsed.href, origin: parsed.origin } : null;
  } catch {
    return null;
  }
}

export function sendSiteNotice(res: ServerResponse, site: PublishedSite, locked: boolean, notice: Notice): void {
  const accent = locked ? "#111111" : site.settings.theme.accentColor;
  const name = locked ? "" : site.settings.name;
  // The site's logo beside its name, never on a protected site's notices, which name nothing about it.
  const logo = locked ? null : logoOf(site);
  const home = `${site.basePath}/`;
  const i18n = lockedSiteTranslator(site);
  const { t } = i18n;
  const title = t(notice.title);
  const form = notice.form
    ? `<form method="post" action="${escapeHtml(notice.form.action)}">${formFields(notice.form, t)}<button type="submit">${escapeHtml(t(notice.form.button))}</button></form>`
    : "";
  const body =
    `<!doctype html><html lang="${escapeHtml(i18n.lang)}"${i18n.dir === "rtl" ? ' dir="rtl"' : ""}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)}${name ? ` · ${escapeHtml(name)}` : ""}</title>` +
    `<style>:root{color-scheme:light dark;--accent:${accent}}body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh}` +
    `main{max-width:32rem;text-align:center;padding:2rem}h1{font-size:1.5rem;margin:0 0 .5rem}p{opacity:.8;margin:0 0 1.25rem}` +
    `a{color:var(--accent)}.site{font-weight:600;color:var(--accent);margin-bottom:1rem;opacity:1;display:flex;align-items:center;justify-content:center;gap:.5rem}.site img{border-radius:6px}` +
    `input{font:inherit;padding:.5rem;border:1px solid #8886;border-radius:.5rem;margin-inline-start:.5rem}button{font:inherit;font-weight:600;border:0;border-radius:.5rem;padding:.65rem 1.25rem;background:var(--accent);color:#fff;cursor:pointer}</style></head>` +
    `<body><main>${name || logo ? `<p class="site">${logo ? `<img src="${escapeHtml(logo.url)}" alt="" width="32" height="32">` : ""}${escapeHtml(name)}</p>` : ""}<h1>${escapeHtml(title)}</h1><p>${escapeHtml(t(notice.message, notice.values))}</p>${form}` +
    `${locked ? "" : `<p><a href="${escapeHtml(home)}">${escapeHtml(t("backToSite"))}</a></p>`}</main></body></html>`;
  res.writeHead(notice.status, {
    "content-type": "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-robots-tag": "noindex",
    "content-security-policy": logo ? `${NOTICE_PAGE_CSP}; img-src ${logo.origin}` : NOTICE_PAGE_CSP,
  });
  res.end(body);
}

/**
 * A confirmation link opened a second time, or after its day: it says so and offers a new one (mailed to the link's
 * own address) instead of signing this browser in again.
 */
export function sendSpentLink(res: ServerResponse, site: PublishedSite, locked: boolean, state: "used" | "expired", token: string): void {
  sendSiteNotice(res, site, locked, {
    status: 410,
    title: state === "used" ? "noticeLinkUsed" : "noticeLinkExpired",
    message: state === "used" ? "noticeLinkUsedLead" : "noticeLinkExpiredLead",
    form: { action: `${site.basePath}${LINK_AGAIN_PATH}`, button: "sendANewLink", fields: { hidden: { token }, email: false } },
  });
}

const INVALID_LINK: Notice = { status: 404, title: "noticeLinkNotValid", message: "noticeLinkNotValidSubscribe" };

/** GET /_/subscribe/confirm?token=… — the link in the confirmation email. */
export const confirmEndpoint: Endpoint = {
  path: CONFIRM_PATH,
  methods: ["GET", "HEAD"],
  servedWhenLocked: true,
  summary: "The link in the confirmation email (`?token=`): confirms the subscription.",
  async handler(req, res, site, { runtime, search, locked }) {
    const token = search.get("token") ?? "";
    // A HEAD (a mail scanner's look) must not use up the single-use link.
    if (req.method === "HEAD") return sendSiteNotice(res, site, locked, { status: 200, title: "noticeCheckInbox", message: "noticeNewPostsArrive" });
    const result = await confirmSubscription(runtime.db, site.id, token);
    if (result === "invalid") return sendSiteNotice(res, site, locked, INVALID_LINK);
    if (result === "expired") return sendSpentLink(res, site, locked, "expired", token);
    sendSiteNotice(res, site, locked, {
      status: 200,
      title: result === "confirmed" ? "noticeSubscribed" : "noticeAlreadySubscribed",
      message: "noticeNewPostsArrive",
    });
  },
};

/**
 * /_/unsubscribe?token=… — GET asks (so mail scanners following links unsubscribe nobody), POST unsubscribes: the
 * page's button, and mail clients' one-click unsubscribe (RFC 8058, `List-Unsubscribe-Post`).
 */
export const unsubscribeEndpoint: Endpoint = {
  path: "/_/unsubscribe",
  methods: ["GET", "HEAD", "POST"],
  servedWhenLocked: true,
  summary: "The unsubscribe link (`?token=`): GET asks, POST unsubscribes (also RFC 8058 one-click).",
  async handler(req, res, site, { runtime, search, locked }) {
    const token = search.get("token") ?? "";
    if (req.method === "POST") {
      req.resume();
      if (!(await unsubscribeFromSite(runtime.db, site.id, token))) return sendSiteNotice(res, site, locked, INVALID_LINK);
      return sendSiteNotice(res, site, locked, { status: 200, title: "noticeUnsubscribed", message: "noticeNoMoreEmails" });
    }
    const subscription = await findSubscriptionForUnsubscribe(runtime.db, site.id, token);
    if (!subscription) return sendSiteNotice(res, site, locked, INVALID_LINK);
    if (subscription.status === "unsubscribed") {
      return sendSiteNotice(res, site, locked, { status: 200, title: "noticeUnsubscribed", message: "noticeNoMoreEmails" });
    }
    sendSiteNotice(res, site, locked, {
      status: 200,
      title: "noticeUnsubscribeQuestion",
      message: "noticeNoMorePostEmails",
      values: { email: subscription.email },
      form: { action: `${site.basePath}/_/unsubscribe?token=${encodeURIComponent(token)}`, button: "unsubscribe" },
    });
  },
};
