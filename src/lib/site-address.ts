import { isSiteType, SITE_TYPE_INFO } from "./site-types";
import { slugify } from "./slug";

/** Site addresses (docs/product.md §5, docs/contracts.md §4): `{prefix}{subdomain}.APPS_DOMAIN`, the prefix from the site type. */

export function siteHostPrefix(siteType: string): string {
  if (!isSiteType(siteType)) throw new Error(`Unknown site type: ${siteType}`);
  return SITE_TYPE_INFO[siteType].prefix;
}

type AddressInput = { siteType: string; subdomain: string; appsDomain: string };

/** The part of the host before APPS_DOMAIN, unique per site: "blog.acme". */
export function siteHostKey({ siteType, subdomain }: Omit<AddressInput, "appsDomain">): string {
  return `${siteHostPrefix(siteType)}${subdomain}`.toLowerCase();
}

export function siteHost(input: AddressInput): string {
  return `${siteHostKey(input)}.${input.appsDomain}`.toLowerCase();
}

/** http for a localhost apps domain (development), https otherwise. */
export function siteUrl(input: AddressInput): string {
  const hostname = input.appsDomain.replace(/:\d+$/, "").toLowerCase();
  const local = hostname === "localhost" || hostname.endsWith(".localhost") || hostname === "127.0.0.1";
  return `${local ? "http" : "https"}://${siteHost(input)}`;
}

export const RESERVED_SUBDOMAINS = new Set([
  "www", "app", "api", "admin", "auth", "mail", "static", "assets", "cdn", "dashboard", "status", "blog", "changelog", "roadmap", "doc",
]);
export const SUBDOMAIN_RE = /^[a-z0-9](?:[a-z0-9-]{1,61})[a-z0-9]$/;
export const SUBDOMAIN_FORMAT_ERROR = "Subdomain must be 3 to 63 characters: lowercase letters, digits and hyphens, not starting or ending with a hyphen";
export const SUBDOMAIN_RESERVED_ERROR = "That subdomain is reserved";

export function validateSubdomain(subdomain: string): string | null {
  if (!SUBDOMAIN_RE.test(subdomain)) return SUBDOMAIN_FORMAT_ERROR;
  if (RESERVED_SUBDOMAINS.has(subdomain)) return SUBDOMAIN_RESERVED_ERROR;
  return null;
}

/**
 * A subdomain suggested from a Notion link's title part ("…/Lumen-Blog-3805c529…" → "lumen-blog"), or "" when the
 * link has none that makes a valid, unreserved subdomain (the address pre-filled from the page).
 */
export function suggestedSubdomain(notionUrl: string, siteType?: string): string {
  const title = titleFromNotionUrl(notionUrl);
  // Non-Latin titles slug to Unicode letters, which a host name can't carry: those get no suggestion.
  const full = slugify(title).slice(0, 63).replace(/-+$/, "");
  // The address already says the type ("blog.lumen-blog"): the title without that word, when something is left.
  const typeWord = siteType && isSiteType(siteType) ? SITE_TYPE_INFO[siteType].prefix.replace(/\.$/, "") : "";
  const trimmed = typeWord ? full.replace(new RegExp(`^${typeWord}s?-|-${typeWord}s?$`, "g"), "") : full;
  const slug = trimmed && !validateSubdomain(trimmed) ? trimmed : full;
  return validateSubdomain(slug) ? "" : slug;
}

/** The page's title as its Notion link spells it ("…/Lumen-Blog-3805…" → "Lumen Blog"); "" when the link has none. */
export function titleFromNotionUrl(notionUrl: string): string {
  let last: string;
  try {
    last = decodeURIComponent(new URL(notionUrl.trim()).pathname.split("/").filter(Boolean).pop() ?? "");
  } catch {
    return "";
  }
  return last.replace(/-?[0-9a-f]{32}$/i, "").replace(/-+/g, " ").trim();
}
