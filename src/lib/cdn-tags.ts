import crypto from "node:crypto";

/**
 * The cache tags a published response carries, so a CDN in front can drop a whole site (every change) or one page
 * with a single purge by tag. Short and ASCII only: Bunny limits its tag header to 1024 bytes, Fastly takes printable
 * ASCII without spaces, Cloudflare comma-separated values.
 */

/** Every cacheable response of the site carries this tag; a change to the site purges it. */
export const siteCacheTag = (siteId: string) => `pw-site-${siteId}`;

/** One path of one site (a page, a feed, a Markdown twin): a hash, so any path fits and no two sites share one. */
export const pageCacheTag = (siteId: string, path: string) => `pw-page-${crypto.createHash("sha256").update(`${siteId}\n${path}`).digest("base64url").slice(0, 16)}`;

/**
 * The tag headers for these tags, one per CDN, each in the form its CDN reads: `Cache-Tag` (Cloudflare, comma list),
 * `Surrogate-Key` (Fastly, space list), `CDN-Tag` (Bunny, comma list). All three are sent whatever CDN is used: each
 * CDN reads its own and the header costs a few dozen bytes.
 */
export function cacheTagHeaders(tags: readonly string[]): Record<string, string> {
  const commas = tags.join(",");
  return { "cache-tag": commas, "surrogate-key": tags.join(" "), "cdn-tag": commas };
}
