import type { IncomingMessage, ServerResponse } from "node:http";
import type { Runtime } from "@/runtime";
import { contentSiteOf } from "@/core/sites/content-site-of";
import { CONFIRM_PATH, subscribeInput, subscribeToSite } from "@/core/subscribers/subscribe-to-site";
import { subscriptionSiteOf } from "@/core/subscribers/subscription-site";
import { createSubscribeLimits } from "@/core/subscribers/subscribe-limits";
import { createRateLimiter } from "@/http/rate-limit";
import type { SiteSnapshot } from "@/notion/site-content";
import { chatScript, katexFont, siteIsland, siteStylesheet, widgetScript } from "./assets";
import { chatAvailable, chatPageCsp, createChatHandler, renderChatPage } from "./chat";
import { feedbackInput, recordFeedback } from "@/core/feedback/record-feedback";
import { searchSite } from "@/core/search/search-site";
import { notionPageIdFromUrl } from "@/notion/inspect-page";
import { llmsFullTxt, llmsTxt, markdownOf } from "./llms";
import type { HostTarget } from "./classify-host";
import { robotsTxt, rssFeed, sitemap } from "./feeds";
import { buildSiteModel, type SiteModel } from "./model/site-model";
import { faviconSvg } from "./render/favicon";
import { makeCachedResponse, PageCache, sendCached, type CachedResponse } from "./page-cache";
import type { RenderContext } from "./render/context";
import { renderNotFound, renderRoute, renderSearchPage } from "./render/render-route";
import { readSmallBody, sendPlainHtml } from "./respond";
import { accessCookie, checkPassword, hasAccess, safeNext, sendPasswordForm } from "./password-gate";
import { contentSecurityPolicy, inlineScriptHashes } from "./security";
import { serveSiteImage } from "./serve-image";
import { handleConfirmSubscription, handleUnsubscribe } from "./subscription-pages";
import { createSiteLookup, SITE_CHANGED, type PublishedSite } from "./site-lookup";

/**
 * Published sites, served outside Next.js (DESIGN §3): host → site → snapshot → page model → HTML from a cache.
 * Known paths come from the snapshot's slug map; anything else is a 404 answered from memory, never a Notion fetch.
 */

const ASSET_CACHE = "public, max-age=31536000, immutable";
const MAX_FORM_BYTES = 4096;

export function createSiteServer(runtime: Runtime) {
  const lookup = createSiteLookup(runtime.db, runtime.env.APPS_DOMAIN);
  const pages = new PageCache();
  const models = new Map<string, { version: number; model: SiteModel | null }>();
  const subscribeLimit = createSubscribeLimits();
  const feedbackLimit = createRateLimiter({ limit: 10, windowMs: 10 * 60_000 });
  const searchLimit = createRateLimiter({ limit: 120, windowMs: 60_000 });
  const passwordLimit = createRateLimiter({ limit: 5, windowMs: 60_000 });
  const answerChat = createChatHandler(runtime);
  const htmlCacheControl = `public, max-age=0, s-maxage=${runtime.env.REVALIDATE_SECONDS}, stale-while-revalidate=86400`;
  const appOrigin = new URL(runtime.env.APP_URL).origin;

  runtime.bus.on(SITE_CHANGED, (siteId?: string) => {
    lookup.invalidate(siteId);
    if (siteId) {
      pages.deleteSite(siteId);
      models.delete(siteId);
      runtime.content.forget(siteId);
    }
  });

  function modelOf(site: PublishedSite, snapshot: SiteSnapshot): SiteModel | null {
    const cached = models.get(site.id);
    if (cached && cached.version === snapshot.version) return cached.model;
    const versionRoots = site.settings.versions
      .map((v) => ({ label: v.label, pageId: notionPageIdFromUrl(v.notionPageUrl) ?? "" }))
      .filter((v) => v.pageId);
    const model = buildSiteModel(site.siteType, site.notionPageId, snapshot, new Date(), versionRoots);
    models.set(site.id, { version: snapshot.version, model });
    return model;
  }

  function contextOf(site: PublishedSite, model: SiteModel, subscribed = false): RenderContext {
    return {
      siteId: site.id,
      settings: site.settings,
      model,
      origin: site.origin,
      basePath: site.basePath,
      cssHref: `${site.basePath}${siteStylesheet().href}`,
      islandHref: siteIsland().href,
      appUrl: runtime.env.APP_URL,
      now: new Date(),
      subscribed,
    };
  }

  /** A cached response for this site, path and content version, rendered on a miss. */
  function cached(site: PublishedSite, snapshot: SiteSnapshot, key: string, render: () => CachedResponse): CachedResponse {
    const full = `${site.id}\n${snapshot.version}:${site.stamp}\n${key}`;
    let hit = pages.get(full);
    if (!hit) {
      hit = render();
      pages.set(full, hit);
    }
    return hit;
  }

  return async function handleSiteRequest(req: IncomingMessage, res: ServerResponse, target: Extract<HostTarget, { kind: "site" }>): Promise<void> {
    const isPost = req.method === "POST";
    if (req.method !== "GET" && req.method !== "HEAD" && !isPost) {
      res.writeHead(405, { allow: "GET, HEAD, POST", "content-type": "text/plain; charset=utf-8" }).end("Method not allowed");
      return;
    }
    const site = await lookup.find(target);
    if (!site) return sendPlainHtml(res, 404, "Site not found", "There is no site at this address.");

    if ((req.url ?? "").length > 4096) return sendPlainHtml(res, 414, "Address too long", "This address is too long.");
    const rawPath = (req.url ?? "/").split("?")[0]!;
    const search = new URLSearchParams((req.url ?? "").split("?")[1] ?? "");

    // A verified custom domain is the site's address; the subdomain sends visitors there (CONTRACTS §4).
    if (site.customDomain && target.hostKey && !site.settings.publicUrl) {
      res.writeHead(301, { location: `https://${site.customDomain}${req.url ?? "/"}`, "cache-control": "public, max-age=3600" }).end();
      return;
    }
    if (site.status === "paused") return sendPlainHtml(res, 404, "Site paused", "The owner has paused this site.");

    // Under a path prefix the site answers only below it; "/" leads there.
    let path = rawPath;
    if (site.basePath) {
      if (path === "/" || path === "") {
        res.writeHead(302, { location: `${site.basePath}/` }).end();
        return;
      }
      if (path !== site.basePath && !path.startsWith(`${site.basePath}/`)) return sendPlainHtml(res, 404, "Page not found", "There is nothing at this address.");
      path = path.slice(site.basePath.length) || "/";
    }
    const normalized = normalizePath(path);
    if (normalized === null) return sendPlainHtml(res, 400, "Bad request", "This address is not valid.");
    path = normalized;

    // A protected site: the password form and its POST, the stylesheet and fonts; everything else needs the cookie.
    const isPublicAsset = path === "/_/site.css" || path.startsWith("/_/katex/");
    if (site.passwordHash && path === "/_/password") return handlePassword(req, res, site, search);
    const locked = Boolean(site.passwordHash) && !hasAccess(req, runtime.authSecret, site);
    // The links in subscription emails work even behind a password: nobody may be kept from unsubscribing.
    if (path === CONFIRM_PATH) return handleConfirmSubscription(runtime.db, req, res, site, search, locked);
    if (path === "/_/unsubscribe") return handleUnsubscribe(runtime.db, req, res, site, search, locked);
    if (locked && !isPublicAsset) {
      const wantsPage =
        req.method === "GET" && !/\.(xml|txt|md)$/.test(path) && (!path.startsWith("/_/") || path === "/_/chat") && !(req.headers.accept ?? "").includes("application/json");
      if (wantsPage) return sendPasswordForm(res, site, safeNext(`${site.basePath}${path === "/" ? "/" : path}`, site.basePath));
      res.writeHead(401, { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store", "x-robots-tag": "noindex" }).end("Password required");
      return;
    }
    // Protected content must never sit in a shared cache.
    const pageCacheControl = site.passwordHash ? "private, no-store" : htmlCacheControl;
    const pageHeaders = {
      "content-security-policy": contentSecurityPolicy(site.settings, inlineScriptHashes(site.settings), appOrigin),
      "referrer-policy": "strict-origin-when-cross-origin",
    };

    // The site's own endpoints, under /_/ so they never collide with slugs.
    if (path === "/_/site.css") return sendCached(req, res, { ...siteStylesheet(), status: 200, size: 0 }, ASSET_CACHE);
    if (path === "/_/site.js") return sendCached(req, res, { ...siteIsland(), status: 200, size: 0 }, ASSET_CACHE);
    const font = /^\/_\/katex\/([^/]+)$/.exec(path);
    if (font) {
      const asset = katexFont(font[1]!);
      return asset ? sendCached(req, res, { ...asset, status: 200, size: 0 }, ASSET_CACHE) : sendPlainHtml(res, 404, "Not found", "No such file.");
    }
    if (path === "/_/subscribe") return handleSubscribe(req, res, site);
    if (path === "/_/feedback") return handleFeedback(req, res, site);
    if (path === "/_/chat.js") return sendCached(req, res, { ...chatScript(), status: 200, size: 0 }, ASSET_CACHE);
    if (path === "/_/widget.js") return sendCached(req, res, { ...widgetScript(), status: 200, size: 0 }, ASSET_CACHE);
    if (path === "/_/chat") return handleChat(req, res, site, search);
    if (isPost) {
      res.writeHead(405, { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8" }).end("Method not allowed");
      return;
    }

    // Owner redirects and renamed posts' old slugs, before anything is rendered.
    const redirect = site.redirects.find((r) => r.fromPath === path);
    if (redirect) {
      const location = redirect.toUrl.startsWith("/") ? `${site.basePath}${redirect.toUrl}` : redirect.toUrl;
      res.writeHead(redirect.permanent ? 301 : 302, { location, "cache-control": "public, max-age=300" }).end();
      return;
    }

    const ref = contentSiteOf({ id: site.id, siteType: site.siteType, notionPageId: site.notionPageId, settings: site.rawSettings });
    const image = /^\/_\/img\/([^/]+)$/.exec(path);
    if (image) {
      // Only a site that has never been fetched asks Notion here; otherwise the stored snapshot answers.
      const snapshot = (await runtime.content.getSnapshot(site.id)) ?? (await runtime.content.getContent(ref));
      return serveSiteImage(runtime, res, snapshot, image[1]!, search, req.headers["if-none-match"], req.method === "HEAD", Boolean(site.passwordHash));
    }

    const snapshot = (await runtime.content.getSnapshot(site.id)) ?? (await runtime.content.getContent(ref));
    if (!snapshot) return sendPlainHtml(res, 503, "Site not ready", "This site's content could not be loaded yet. Please try again in a minute.");
    const model = modelOf(site, snapshot);
    if (!model) return sendPlainHtml(res, 503, "Site not ready", "This site's Notion page could not be read as a " + site.siteType + ".");

    if (path === "/_/favicon.svg") {
      const icon = cached(site, snapshot, path, () => makeCachedResponse(200, "image/svg+xml", faviconSvg(model.icon, site.settings.theme.accentColor)));
      return sendCached(req, res, icon, site.passwordHash ? "private, no-store" : ASSET_CACHE);
    }
    if (path === "/_/search") {
      const ip = clientIp(req, runtime.env.TRUST_PROXY ?? false);
      if (!searchLimit.take(`${site.id}|${ip}`)) return sendPlainHtml(res, 429, "Too many requests", "Please slow down.");
      const query = search.get("q") ?? "";
      if (query.length > 200) return sendPlainHtml(res, 400, "Search too long", "Please search with at most 200 characters.");
      const hits = await searchSite(runtime.db, site.id, query);
      // Only pages the site publishes: hidden and future posts are indexed with the snapshot but never shown.
      const results = hits
        .filter((h) => model.pathOfPage.has(h.pageId))
        .map((h) => ({ title: h.title || "Untitled", url: `${site.basePath}${model.pathOfPage.get(h.pageId)}`, snippet: h.snippet }));
      if ((req.headers.accept ?? "").includes("application/json")) {
        res.writeHead(200, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" }).end(JSON.stringify({ results }));
        return;
      }
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...pageHeaders }).end(renderSearchPage(contextOf(site, model), query, results));
      return;
    }

    const ctxFor = () => contextOf(site, model);
    if (path === "/llms.txt" || path === "/llms-full.txt") {
      const response = cached(site, snapshot, path, () =>
        makeCachedResponse(200, "text/plain; charset=utf-8", path === "/llms.txt" ? llmsTxt(ctxFor()) : llmsFullTxt(ctxFor())),
      );
      return sendCached(req, res, response, pageCacheControl, pageHeaders);
    }
    if (path.endsWith(".md")) {
      const pagePath = path === "/index.md" ? "/" : path.slice(0, -3);
      const mdRoute = model.routes.get(pagePath);
      const body = mdRoute ? markdownOf(ctxFor(), mdRoute) : null;
      if (body !== null) {
        const response = cached(site, snapshot, path, () => makeCachedResponse(200, "text/markdown; charset=utf-8", body));
        return sendCached(req, res, response, pageCacheControl, pageHeaders);
      }
    }

    const special = specialFile(path);
    if (special) {
      const response = cached(site, snapshot, path, () => {
        const ctx = contextOf(site, model);
        const body = special === "rss" ? rssFeed(ctx) : special === "sitemap" ? sitemap(ctx) : robotsTxt(ctx);
        return body === null
          ? makeCachedResponse(404, "text/plain; charset=utf-8", "Not found")
          : makeCachedResponse(200, special === "robots" ? "text/plain; charset=utf-8" : special === "rss" ? "application/rss+xml; charset=utf-8" : "application/xml; charset=utf-8", body);
      });
      runtime.content.revalidate(ref, snapshot);
      return sendCached(req, res, response, pageCacheControl, pageHeaders);
    }

    const route = model.routes.get(path);
    if (!route) {
      const notFound = cached(site, snapshot, "\n404", () => makeCachedResponse(404, "text/html; charset=utf-8", renderNotFound(contextOf(site, model), path)));
      return sendCached(req, res, notFound, site.passwordHash ? "private, no-store" : "public, max-age=0, s-maxage=60", pageHeaders);
    }
    // Only a real page can start a refresh: unknown paths never reach Notion.
    runtime.content.revalidate(ref, snapshot);
    const subscribed = search.get("subscribed") === "1";
    const response = cached(site, snapshot, `${path}${subscribed ? "\nsubscribed" : ""}`, () =>
      makeCachedResponse(200, "text/html; charset=utf-8", renderRoute(contextOf(site, model, subscribed), route)),
    );
    sendCached(req, res, response, pageCacheControl, pageHeaders);
  };

  async function handlePassword(req: IncomingMessage, res: ServerResponse, site: PublishedSite, search: URLSearchParams): Promise<void> {
    if (req.method === "GET") return sendPasswordForm(res, site, safeNext(search.get("next"), site.basePath));
    if (req.method !== "POST") {
      res.writeHead(405, { allow: "GET, POST", "content-type": "text/plain; charset=utf-8" }).end("Method not allowed");
      return;
    }
    const ip = clientIp(req, runtime.env.TRUST_PROXY ?? false);
    const body = await readSmallBody(req, MAX_FORM_BYTES);
    const form = new URLSearchParams(body ?? "");
    const next = safeNext(form.get("next"), site.basePath);
    if (!passwordLimit.take(`${site.id}|${ip}`)) {
      return sendPasswordForm(res, site, next, { status: 429, error: "Too many attempts. Please wait a minute and try again." });
    }
    if (body === null || !(await checkPassword(site, form.get("password") ?? ""))) {
      return sendPasswordForm(res, site, next, { status: 401, error: "That password is not right." });
    }
    const secure = site.origin.startsWith("https:") && (req.headers["x-forwarded-proto"] === "https" || (req.socket as { encrypted?: boolean }).encrypted === true);
    res.writeHead(303, { location: next, "set-cookie": accessCookie(runtime.authSecret, site, secure), "cache-control": "no-store" }).end();
  }

  /** The visitor chat: the page (GET) the launcher and the widget frame, and the answers (POST, SSE). */
  async function handleChat(req: IncomingMessage, res: ServerResponse, site: PublishedSite, search: URLSearchParams): Promise<void> {
    if (!chatAvailable(site)) return sendPlainHtml(res, 404, "Not found", "This site has no assistant.");
    const ref = contentSiteOf({ id: site.id, siteType: site.siteType, notionPageId: site.notionPageId, settings: site.rawSettings });
    const snapshot = (await runtime.content.getSnapshot(site.id)) ?? (await runtime.content.getContent(ref));
    const model = snapshot ? modelOf(site, snapshot) : null;
    if (!snapshot || !model) return sendPlainHtml(res, 503, "Site not ready", "This site's content could not be loaded yet. Please try again in a minute.");
    const name = site.settings.name || model.title || "Untitled";
    if (req.method === "POST") return answerChat(req, res, site, snapshot, model, name, clientIp(req, runtime.env.TRUST_PROXY ?? false));
    const body = renderChatPage(site, name, search.get("embed") === "widget" ? "widget" : "launcher");
    res.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "cache-control": site.passwordHash ? "private, no-store" : "no-store",
      "content-security-policy": chatPageCsp(site),
      "referrer-policy": "strict-origin-when-cross-origin",
      "x-content-type-options": "nosniff",
      "x-robots-tag": "noindex",
    });
    res.end(req.method === "HEAD" ? undefined : body);
  }

  async function handleFeedback(req: IncomingMessage, res: ServerResponse, site: PublishedSite): Promise<void> {
    if (req.method !== "POST") {
      res.writeHead(405, { allow: "POST", "content-type": "text/plain; charset=utf-8" }).end("Method not allowed");
      return;
    }
    if (!String(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) return sendPlainHtml(res, 415, "Unsupported form", "Send feedback as a regular form.");
    const ip = clientIp(req, runtime.env.TRUST_PROXY ?? false);
    if (!feedbackLimit.take(`${site.id}|${ip}`)) return sendPlainHtml(res, 429, "Too many requests", "Thanks — we already have your feedback.");
    const body = await readSmallBody(req, MAX_FORM_BYTES);
    if (body === null) return sendPlainHtml(res, 413, "Too large", "The form was too large.");
    const form = Object.fromEntries(new URLSearchParams(body));
    const parsed = feedbackInput.safeParse({ path: form.path, helpful: form.helpful, text: form.text ?? "" });
    if (!parsed.success) return sendPlainHtml(res, 400, "Please try again", "That feedback could not be read.");
    await recordFeedback(runtime.db, site.id, { path: form.path!, helpful: form.helpful as "yes" | "no", text: form.text ?? "" });
    if ((req.headers.accept ?? "").includes("application/json")) {
      res.writeHead(200, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" }).end('{"ok":true}');
      return;
    }
    sendPlainHtml(res, 200, "Thanks for your feedback!", "It helps make these pages better.");
  }

  async function handleSubscribe(req: IncomingMessage, res: ServerResponse, site: PublishedSite): Promise<void> {
    if (req.method !== "POST") {
      res.writeHead(405, { allow: "POST", "content-type": "text/plain; charset=utf-8" }).end("Method not allowed");
      return;
    }
    if (site.siteType !== "blog" && site.siteType !== "changelog") return sendPlainHtml(res, 404, "Not found", "This site has no subscriptions.");
    const type = String(req.headers["content-type"] ?? "");
    if (!type.startsWith("application/x-www-form-urlencoded")) return sendPlainHtml(res, 415, "Unsupported form", "Send the subscribe form as a regular form.");
    const ip = clientIp(req, runtime.env.TRUST_PROXY ?? false);
    if (!subscribeLimit.take(site.id, ip)) return sendPlainHtml(res, 429, "Too many requests", "Please wait a few minutes before subscribing again.");
    const body = await readSmallBody(req, MAX_FORM_BYTES);
    if (body === null) return sendPlainHtml(res, 413, "Too large", "The form was too large.");
    const parsed = subscribeInput.safeParse({ email: new URLSearchParams(body).get("email") ?? "" });
    if (!parsed.success) return sendPlainHtml(res, 400, "Please check your email address", "Please enter a valid email address and try again.");
    try {
      await subscribeToSite({ db: runtime.db, email: runtime.email }, subscriptionSiteOf(site, new URL(site.origin).host), parsed.data);
    } catch (err) {
      console.error(`[email] could not send a confirmation email for site ${site.id}:`, err instanceof Error ? err.message : err);
      return sendPlainHtml(res, 502, "Please try again", "We could not send the confirmation email just now. Please try again in a minute.");
    }
    const back = String(req.headers.referer ?? "");
    let path = `${site.basePath}/`;
    try {
      const url = new URL(back);
      if (url.host === req.headers.host) path = url.pathname;
    } catch {
      // no usable referer: back to the home page
    }
    res.writeHead(303, { location: `${path}?subscribed=1#subscribe`, "cache-control": "no-store" }).end();
  }
}

/** Decodes and normalises a request path: no trailing slash, NFC; null for malformed or traversal attempts. */
export function normalizePath(raw: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (path.length > 1024 || path.includes("\0") || /(^|\/)\.\.?(\/|$)/.test(path)) return null;
  path = path.normalize("NFC").replace(/\/{2,}/g, "/");
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  return path.startsWith("/") ? path : `/${path}`;
}

function specialFile(path: string): "rss" | "sitemap" | "robots" | null {
  return path === "/rss.xml" ? "rss" : path === "/sitemap.xml" ? "sitemap" : path === "/robots.txt" ? "robots" : null;
}

function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = String(req.headers["x-forwarded-for"] ?? "").split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return req.socket.remoteAddress ?? "unknown";
}
