import { cacheTagHeaders, pageCacheTag, siteCacheTag } from "@/lib/cdn-tags";
import type { PublishedSite } from "./site-lookup";

/**
 * What published responses tell caches, a CDN in front especially (docs/operations.md, "Behind a CDN"). A public
 * site's pages: browsers check back every time (an ETag makes that a 304), a shared cache keeps them `s-maxage`
 * seconds, serves a stale copy while it fetches a new one and while the origin is failing; every change purges them by
 * tag (src/core/sites/cdn-purges.ts), so `s-maxage` only bounds how stale a copy can be if a purge is lost.
 */

/** How long a shared cache may serve a stale copy while refetching it, or while the origin fails: a day. */
const STALE_SECONDS = 86_400;

export const sharedCacheControl = (sMaxAgeSeconds: number) =>
  `public, max-age=0, s-maxage=${sMaxAgeSeconds}, stale-while-revalidate=${STALE_SECONDS}, stale-if-error=${STALE_SECONDS}`;

/** A path the site does not have: kept a minute, so a page published meanwhile shows soon even without a purge. */
export const NOT_FOUND_CACHE_CONTROL = "public, max-age=0, s-maxage=60";

/** A protected site's content: never in a shared cache, nor in the browser's once the tab is gone. */
export const LOCKED_CACHE_CONTROL = "private, no-store";

/** Made for one visitor (a fresh nonce, their own state): the browser may keep it, checking back every time; no CDN may. */
export const PER_VISITOR_CACHE_CONTROL = "private, no-cache";

/** The site's tag only (the 404 page: no page of its own). */
export const siteTagHeaders = (site: PublishedSite) => cacheTagHeaders([siteCacheTag(site.id)]);

/** The site's tag and this path's own. */
export const pageTagHeaders = (site: PublishedSite, path: string) => cacheTagHeaders([siteCacheTag(site.id), pageCacheTag(site.id, path)]);
