import type { IncomingMessage, ServerResponse } from "node:http";
import type { Runtime } from "@/runtime";
import type { HostTarget } from "./classify-host";
import { createRateLimits } from "@/core/usage/rate-limits";
import { contentInMemory, contentOrUnavailable, type EndpointContext, type Method, type SiteServices } from "./endpoints/context";
import { matchEndpoint } from "./endpoints";
import { hasAccess, hasAgentToken } from "./password-gate";
import { isPagePath, methodNotAllowed, refuseLocked } from "./refusals";
import { normalizePath } from "./request";
import { sendPlainHtml } from "./respond";
import { servePage } from "./serve-page";
import { siteTypeHas } from "@/lib/site-types";
import { roadmapStateOf } from "./roadmap-state";
import { commentsStateOf, readsComments } from "./comments-state";
import { createSiteCache } from "./site-cache";
import { createSiteLookup, type PublishedSite } from "./site-lookup";
import { createHttpsStamp } from "./https-stamp";
import { createOwnerCodeHosts } from "./owner-code";
import { sharedCacheControl } from "./cache-policy";
import { redirectToPreferredLanguage, splitLanguagePath } from "./languages";


/** A paused site's answer on every path: it comes back, so clients and search engines are told to try again later. */
export const PAUSED_MESSAGE = "The owner has paused this site for now. Please come back later.";
export const PAUSED_RETRY_AFTER_SECONDS = 3600;
/**
 * Published sites, served outside Next.js (docs/product.md D3). One pipeline: host → site → gates (method, custom domain,
 * paused, path prefix, password) → the endpoint table (./endpoints) → the site's page from the cache.
 */

const SITE_METHODS: readonly Method[] = ["GET", "HEAD", "POST"];
const PAGE_METHODS: readonly Method[] = ["GET", "HEAD"];

function siteServicesOf(runtime: Runtime): SiteServices {
  return {
    runtime,
    cache: createSiteCache(runtime.env.PAGE_CACHE_MB * 1024 * 1024),
    take: createRateLimits(runtime.db),
    htmlCacheControl: sharedCacheControl(runtime.env.REVALIDATE_SECONDS),
    appOrigin: new URL(runtime.env.APP_URL).origin,
  };
}

export function createSiteServer(runtime: Runtime) {
  const lookup = createSiteLookup({ db: runtime.db, billingEnabled: runtime.env.billingEnabled }, runtime.env.APPS_DOMAIN);
  const stampHttps = createHttpsStamp(runtime.db, runtime.env.TRUST_PROXY);
  const isOwnerCodeHost = createOwnerCodeHosts(runtime.env.APP_URL);
  const services = siteServicesOf(runtime);

  runtime.siteEvents.onSiteChanged((siteId) => {
    lookup.invalidate(siteId);
    if (siteId) {
      services.cache.forget(siteId);
      runtime.content.forget(siteId);
    }
  });

  /** No await on the hot path: a known host with its content in memory is answered in one synchronous pass. */
  return function handleSiteRequest(req: IncomingMessage, res: ServerResponse, target: SiteTarget): void | Promise<void> {
    if (!SITE_METHODS.includes(req.method as Method)) return methodNotAllowed(res, SITE_METHODS);
    const site = lookup.peek(target);
    return site === undefined ? lookup.find(target).then((found) => answer(req, res, target, found)) : answer(req, res, target, site);
  };

  function answer(req: IncomingMessage, res: ServerResponse, target: SiteTarget, site: PublishedSite | null): void | Promise<void> {
    if (!site) {
      // A site's former address (Change subdomain): 301 to its new one, path and query kept.
      const movedTo = lookup.movedTo(target);
      if (movedTo && (req.url ?? "/").length <= 4096) {
        res.writeHead(301, { location: `${movedTo}${req.url ?? "/"}`, "cache-control": "public, max-age=3600" }).end();
        return;
      }
      return sendPlainHtml(res, 404, "Site not found", "There is no site at this address.");
    }
    const method = req.method as Method;

    if ((req.url ?? "").length > 4096) return sendPlainHtml(res, 414, "Address too long", "This address is too long.");
    const [rawPath = "/", query = ""] = (req.url ?? "/").split("?");
    // A custom domain whose plan lapsed (featuresOf): its visitors are sent, temporarily, to the site's own address.
    // Not served for free forever, not broken either: every old link still lands on its page, and renewing makes the
    // domain the site's address again (a 302, so search engines don't move the site for good).
    if (target.customDomain && site.paused.includes("customDomain")) {
      res.writeHead(302, { location: `${site.origin}${req.url ?? "/"}`, "cache-control": "no-store" }).end();
      return;
    }
    // A verified custom domain is the site's address; the subdomain sends visitors there (docs/contracts.md §4).
    if (site.customDomain && target.hostKey && !site.settings.publicUrl) {
      res.writeHead(301, { location: `https://${site.customDomain}${req.url ?? "/"}`, "cache-control": "public, max-age=3600" }).end();
      return;
    }
    if (target.customDomain && site.httpsPending) stampHttps(req, site, target.customDomain);
    // Paused for now, not gone: every path answers 503 with Retry-After, so search engines keep the pages.
    if (site.status === "paused") return sendPlainHtml(res, 503, "Site paused", PAUSED_MESSAGE, { "retry-after": String(PAUSED_RETRY_AFTER_SECONDS) });

    // Under a path prefix the site answers only below it; "/" leads there.
    let below = rawPath;
    if (site.basePath) {
      if (below === "/" || below === "") {
        res.writeHead(302, { location: `${site.basePath}/` }).end();
        return;
      }
      if (below !== site.basePath && !below.startsWith(`${site.basePath}/`)) return sendPlainHtml(res, 404, "Page not found", "There is nothing at this address.");
      below = below.slice(site.basePath.length) || "/";
    }
    const normalized = normalizePath(below);
    if (normalized === null) return sendPlainHtml(res, 400, "Bad request", "This address is not valid.");
    // An extra language's prefix (/ja/…): the rest of the pipeline, password gate included, sees that language's view.
    const { site: served, path } = splitLanguagePath(site, normalized) ?? { site, path: normalized };
    const found = matchEndpoint(path, served);
    // A protected site without the visitor's cookie: only the endpoints that say so answer (the password form, the
    // links in subscription emails, the stylesheet); an AI agent's token opens it like the cookie; a page asks for the
    // password, anything else gets 401. Whatever the plan: a protected site whose plan lapsed stays locked (it must never
    // become public silently); the password keeps working and the dashboard tells the owner.
    const request = { method, path, query, found, ownerCodeHost: isOwnerCodeHost(target) };
    if (served.passwordHash && !hasAccess(req, runtime.authSecret, served)) return hasAgentToken(req, runtime.db, served).then((agent) => serve(req, res, served, request, !agent));
    return serve(req, res, served, request, false);
  }

  function serve(req: IncomingMessage, res: ServerResponse, site: PublishedSite, { method, path, query, found, ownerCodeHost }: RequestParts, locked: boolean): void | Promise<void> {
    const endpoint = found?.endpoint;
    if (locked && !endpoint?.servedWhenLocked) return refuseLocked(req, res, site, path, endpoint ? Boolean(endpoint.passwordFormWhenLocked) : isPagePath(path));

    const allowed = endpoint?.methods ?? PAGE_METHODS;
    if (!allowed.includes(method)) return methodNotAllowed(res, allowed);
    // Owner redirects and renamed posts' old slugs, before anything is rendered.
    const redirect = !endpoint || endpoint.ownerRedirectsFirst ? site.redirects.find((r) => r.fromPath === path) : undefined;
    if (redirect) {
      const location = redirect.toUrl.startsWith("/") ? `${site.basePath}${redirect.toUrl}` : redirect.toUrl;
      res.writeHead(redirect.permanent ? 301 : 302, { location, "cache-control": "public, max-age=300" }).end();
      return;
    }

    // Written out, not `{ ...services, path, … }`: on Node 20 (V8 11.3) a spread followed by more properties makes a
    // new hidden class on every call once optimized (about 1 µs per request, and megamorphic code behind it).
    const ctx: EndpointContext = {
      runtime: services.runtime,
      cache: services.cache,
      take: services.take,
      htmlCacheControl: services.htmlCacheControl,
      appOrigin: services.appOrigin,
      path,
      search: new URLSearchParams(query),
      params: found?.params ?? [],
      locked,
      ownerCodeHost,
    };
    if (endpoint) return endpoint.handler(req, res, site, ctx);
    const content = contentInMemory(services, site);
    if (path === "/" && site.settings.languages.length && redirectToPreferredLanguage(req, res, site, content?.model)) return;
    // A roadmap's pages show its votes (roadmap-state.ts), read per view; every other page answers without an await.
    // Pages with comments read the page's shown comments (comments-state.ts) the same way.
    if (content && !siteTypeHas(site.siteType, "votes") && !readsComments(site)) return servePage(req, res, site, ctx, content);
    return Promise.all([content ?? contentOrUnavailable(services, res, site), roadmapStateOf(runtime.db, site, ctx.search)]).then(async ([loaded, roadmap]) => {
      if (!loaded) return;
      servePage(req, res, site, ctx, loaded, roadmap, await commentsStateOf(runtime.db, site, loaded.model, ctx.path));
    });
  }
}

type SiteTarget = Extract<HostTarget, { kind: "site" }>;
type RequestParts = { method: Method; path: string; query: string; found: ReturnType<typeof matchEndpoint>; ownerCodeHost: boolean };
