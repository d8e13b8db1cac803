import type { IncomingMessage, ServerResponse } from "node:http";
import type { Runtime } from "@/runtime";
import { clientAddress, rateLimitAddress } from "@/http/client-address";
import type { TakeRateLimit } from "@/core/usage/rate-limits";
import type { SiteSnapshot } from "@/notion/site-content";
import { siteIsland, siteStylesheet } from "../assets";
import type { SiteModel } from "@/site-model/site-model";
import { siteTranslator, type RenderContext } from "../render/context";
import { sendPlainHtml } from "../respond";
import { contentSecurityPolicy, inlineScriptHashes } from "../security";
import type { SiteCache } from "../site-cache";
import type { PublishedSite } from "../site-lookup";
import { planAnswersQuestions } from "../admit-question";
import { LOCKED_CACHE_CONTROL } from "../cache-policy";

/**
 * What every endpoint of a published site is given: the request's site-relative path and query, whether the site is
 * locked for this visitor, and the server's shared parts (caches, rate limits, content).
 */

export const ASSET_CACHE = "public, max-age=31536000, immutable";
export const MAX_FORM_BYTES = 4096;

/** Built once per site server. */
export type SiteServices = {
  runtime: Runtime;
  cache: SiteCache;
  /** The limits of src/core/usage/rate-limits.ts (some shared by every process through the database). */
  take: TakeRateLimit;
  htmlCacheControl: string;
  appOrigin: string;
};

export type SiteContent = { snapshot: SiteSnapshot; model: SiteModel };

export type EndpointContext = SiteServices & {
  /** The path below the site's base path, normalised. */
  path: string;
  search: URLSearchParams;
  /** The captures of the endpoint's pattern. */
  params: string[];
  /** A protected site without the visitor's cookie (only endpoints served when locked see this true). */
  locked: boolean;
  /** This host may carry the owner's own code (owner-code.ts): a custom domain, or a subdomain apart from the app. */
  ownerCodeHost: boolean;
};

/** The visitor's address as rate limits count it (an IPv6 address by its /64). */
export const ipOf = (ctx: EndpointContext, req: IncomingMessage) => rateLimitAddress(clientAddress(req, ctx.runtime.env.TRUST_PROXY));

/** Rate-limit key: one visitor (an IPv4 address or an IPv6 /64) on one site. */
export const visitorKey = (ctx: EndpointContext, req: IncomingMessage, site: PublishedSite) => `${site.id}|${ipOf(ctx, req)}`;

/** The stored snapshot; only a site that has never been fetched asks Notion here. */
export async function snapshotOf(ctx: SiteServices, site: PublishedSite): Promise<SiteSnapshot | null> {
  return (await ctx.runtime.content.getSnapshot(site.id)) ?? (await ctx.runtime.content.getContent(site.contentRef));
}

/** The snapshot and model when both are in memory and fresh: the cached page path answers without an await. */
export function contentInMemory(ctx: SiteServices, site: PublishedSite): SiteContent | undefined {
  const snapshot = ctx.runtime.content.peekSnapshot(site.id);
  const model = snapshot && ctx.cache.modelOf(site, snapshot);
  return model ? { snapshot: snapshot!, model } : undefined;
}

/** What a site with no content yet answers: its first sync runs (or will run again), so come back soon. */
export const BEING_PUBLISHED = {
  title: "Being published",
  message: "This site is being published from Notion and will be here in a minute or two. Please try again shortly.",
  retryAfterSeconds: 30,
} as const;

/**
 * The site's snapshot and page model, or a 503 page (answered here) when either cannot be had yet. A site whose first
 * sync has not finished says it is being published — 503 with Retry-After and no-store, so no cache keeps it as the
 * site's content, and nothing of the site in it (a locked site's visitors meet the password form before this).
 */
export async function contentOrUnavailable(ctx: SiteServices, res: ServerResponse, site: PublishedSite): Promise<SiteContent | null> {
  const snapshot = await snapshotOf(ctx, site);
  if (!snapshot) {
    sendPlainHtml(res, 503, BEING_PUBLISHED.title, BEING_PUBLISHED.message, { "retry-after": String(BEING_PUBLISHED.retryAfterSeconds) });
    return null;
  }
  const model = ctx.cache.modelOf(site, snapshot);
  if (!model) {
    sendPlainHtml(res, 503, "Site not ready", "This site's Notion page could not be read as a " + site.siteType + ".");
    return null;
  }
  return { snapshot, model };
}

/** A content page may start a background refresh from Notion (unknown paths never do). */
export const revalidate = (ctx: SiteServices, site: PublishedSite, snapshot: SiteSnapshot) => ctx.runtime.content.revalidate(site.contentRef, snapshot);

export function renderContextOf(ctx: SiteServices, site: PublishedSite, model: SiteModel, subscribed = false): RenderContext {
  return {
    siteId: site.id,
    settings: site.settings,
    model,
    i18n: siteTranslator(site.settings, model),
    origin: site.origin,
    basePath: site.basePath,
    cssHref: `${site.basePath}${siteStylesheet().href}`,
    islandHref: siteIsland().href,
    appUrl: ctx.runtime.env.APP_URL,
    now: new Date(),
    subscribed,
    fileOrigins: ctx.runtime.env.NOTION_FILE_HOSTS,
    roadmapItems: site.roadmapItems,
    mentionLinks: site.mentionLinks,
    connected: site.notionConnectionId !== null,
    answersQuestions: planAnswersQuestions(site) && site.settings.ai.enabled,
    languages: ctx.cache.editionsOf(site, model),
  };
}

/**
 * Headers of every rendered page: its CSP (with the inline scripts' hashes) and referrer policy. Built once per looked-up
 * site (the lookup replaces the object when the site changes), not per request.
 */
const headersBySite = new WeakMap<PublishedSite, Record<string, string>>();
export function pageHeadersOf(ctx: SiteServices, site: PublishedSite): Record<string, string> {
  let headers = headersBySite.get(site);
  if (!headers) {
    headers = {
      "content-security-policy": contentSecurityPolicy(site.settings, inlineScriptHashes(site.settings), ctx.appOrigin),
      "referrer-policy": "strict-origin-when-cross-origin",
    };
    headersBySite.set(site, headers);
  }
  return headers;
}

/**
 * Headers of a page carrying the owner's code: the CSP with this response's nonce and the owner's declared origins.
 * The header is cut once per looked-up site at a placeholder; a response only joins the two halves around its nonce.
 */
const ownerHeadersBySite = new WeakMap<PublishedSite, (nonce: string) => Record<string, string>>();
export function ownerPageHeadersOf(ctx: SiteServices, site: PublishedSite): (nonce: string) => Record<string, string> {
  let headersFor = ownerHeadersBySite.get(site);
  if (!headersFor) {
    const mark = "\u0000nonce\u0000";
    const [before, after] = contentSecurityPolicy(site.settings, inlineScriptHashes(site.settings), ctx.appOrigin, { nonce: mark, origins: site.settings.cspOrigins }).split(mark);
    headersFor = (nonce) => ({ "content-security-policy": `${before}${nonce}${after}`, "referrer-policy": "strict-origin-when-cross-origin" });
    ownerHeadersBySite.set(site, headersFor);
  }
  return headersFor;
}

/** Protected content must never sit in a shared cache. */
export const pageCacheControlOf = (ctx: SiteServices, site: PublishedSite) => (site.passwordHash ? LOCKED_CACHE_CONTROL : ctx.htmlCacheControl);

export type Method = "GET" | "HEAD" | "POST";

export type Endpoint = {
  /** An exact site-relative path, or a pattern whose groups become `ctx.params`. */
  path: string | RegExp;
  /** How the docs name it (patterns only). */
  label?: string;
  methods: readonly Method[];
  /** Answered even on a protected site without the visitor's cookie. */
  servedWhenLocked: boolean;
  /** When locked and not served: a page-like GET gets the password form (otherwise 401, like every other endpoint). */
  passwordFormWhenLocked?: boolean;
  /** The owner's redirects are looked up first (paths a page could have had). */
  ownerRedirectsFirst?: boolean;
  /** Only on sites for which this holds; elsewhere the path is an ordinary page path. */
  appliesTo?: (site: PublishedSite) => boolean;
  /** One line for docs/architecture.md. */
  summary: string;
  handler: (req: IncomingMessage, res: ServerResponse, site: PublishedSite, ctx: EndpointContext) => Promise<void> | void;
};
