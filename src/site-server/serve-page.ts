import type { IncomingMessage, ServerResponse } from "node:http";
import { makeCachedResponse, sendCached } from "@/http/page-cache";
import { makeNonceResponse, sendNoncePage } from "@/http/nonce-page";
import { hasOwnerCode, newNoncePlaceholder, withOwnerCode } from "./owner-code";
import { renderNotFound, renderRoute } from "./render/render-route";
import { ownerPageHeadersOf, pageCacheControlOf, pageHeadersOf, renderContextOf, revalidate, type SiteContent, type SiteServices } from "./endpoints/context";
import type { PublishedSite } from "./site-lookup";
import { servedLanguageOf } from "./languages";
import type { Route } from "@/site-model/site-model";
import type { RenderContext, RoadmapState } from "./render/context";
import { LOCKED_CACHE_CONTROL, NOT_FOUND_CACHE_CONTROL, PER_VISITOR_CACHE_CONTROL, pageTagHeaders, siteTagHeaders } from "./cache-policy";

/**
 * A page of the site from the page cache, rendered on a miss. Known paths come from the snapshot's slug map;
 * anything else is a 404 answered from memory, never a Notion fetch.
 */
export function servePage(
  req: IncomingMessage,
  res: ServerResponse,
  site: PublishedSite,
  ctx: SiteServices & { path: string; search: URLSearchParams; ownerCodeHost?: boolean },
  { snapshot, model }: SiteContent,
  roadmap: { state: RoadmapState; key: string } | null = null,
  comments: { state: NonNullable<RenderContext["comments"]>; key: string } | null = null,
): void {
  const { path } = ctx;
  const route = model.routes.get(path);
  if (!route) {
    const notFound = ctx.cache.cached(site, snapshot, "\n404", () => ({ ...makeCachedResponse(404, "text/html; charset=utf-8", renderNotFound(renderContextOf(ctx, site, model), path)), headers: siteTagHeaders(site) }));
    return sendCached(req, res, notFound, site.passwordHash ? LOCKED_CACHE_CONTROL : NOT_FOUND_CACHE_CONTROL, pageHeadersOf(ctx, site));
  }
  // Only a real page can start a refresh: unknown paths never reach Notion.
  revalidate(ctx, site, snapshot);
  const subscribed = ctx.search.get("subscribed") === "1";
  // The owner's code goes only into the site's own pages (never the 404, the password form or an endpoint), and only
  // on a host where it can reach no one else (owner-code.ts).
  const ownerCode = Boolean(ctx.ownerCodeHost) && hasOwnerCode(site.settings);
  const key = `${path}${subscribed ? "\nsubscribed" : ""}${roadmap?.key ?? ""}${comments?.key ?? ""}${ownerCode ? "\nowner" : ""}`;
  const response = ctx.cache.cached(site, snapshot, key, () => {
    const page = renderRoute({ ...renderContextOf(ctx, site, model, subscribed), roadmap: roadmap?.state, comments: comments?.state }, route);
    const placeholder = ownerCode ? newNoncePlaceholder() : "";
    const made = ownerCode ? makeNonceResponse(200, "text/html; charset=utf-8", withOwnerCode(page, site.settings, placeholder), placeholder) : makeCachedResponse(200, "text/html; charset=utf-8", page);
    // A site in several languages redirects a first visit to `/` by Accept-Language (languages.ts): caches keep
    // `/` per Accept-Language, and every other page as before.
    const varies = path === "/" && site.settings.languages.length > 0 && !servedLanguageOf(site) ? { vary: "Accept-Language" } : undefined;
    return { ...made, headers: { ...markdownTwinLink(site, path, route), ...pageTagHeaders(site, path), ...varies } };
  });
  // A fresh nonce per response: one visitor's copy is not another's, so no shared cache may keep it.
  if (response.nonceBody) return sendNoncePage(req, res, response, site.passwordHash ? LOCKED_CACHE_CONTROL : PER_VISITOR_CACHE_CONTROL, ownerPageHeadersOf(ctx, site));
  sendCached(req, res, response, pageCacheControlOf(ctx, site), pageHeadersOf(ctx, site));
}

/** A page with a Markdown twin (`<path>.md`) points agents at it; computed once per cached page. */
function markdownTwinLink(site: PublishedSite, path: string, route: Route): Record<string, string> | undefined {
  const hasTwin = route.kind === "page" || (route.kind === "entry" && route.entry.recordMap) || (route.kind === "index" && route.page === 1);
  if (!hasTwin) return undefined;
  return { link: `<${site.origin}${site.basePath}${path === "/" ? "/index.md" : `${path}.md`}>; rel="alternate"; type="text/markdown"` };
}
