import type { IncomingMessage, ServerResponse } from "node:http";
import type { SiteModel } from "@/site-model/site-model";
import { AGENT_USER_AGENT_TOKENS } from "@/lib/agent-user-agents";
import { catalogueLanguageOf, canonicalTag } from "@/lib/i18n/languages";
import { languageRootsOf } from "@/notion/language-roots";
import type { PublishedSite } from "./site-lookup";

/**
 * One site in several languages on one host (docs/languages.md): an extra language is served under /<language>/
 * as the same site seen through its own Notion root — its base path carries the prefix, so every link, feed,
 * sitemap and search of that language stays under it — and shares the site's snapshot, password and caches' site id.
 */

/** The cookie the language switcher sets: the reader's language, so `/` no longer follows Accept-Language. */
export const LANGUAGE_COOKIE = "site_lang";

const CHOSEN = new RegExp(`(?:^|;)\\s*${LANGUAGE_COOKIE}=`);

type Served = { language: string; main: PublishedSite };
const servedOf = new WeakMap<PublishedSite, Served>();
const editionsOfSite = new WeakMap<PublishedSite, Map<string, PublishedSite>>();

/** The extra language this site object serves (a view made by languageSitesOf), or undefined for the site's own. */
export const servedLanguageOf = (site: PublishedSite): string | undefined => servedOf.get(site)?.language;

/** The site as looked up, whichever language view of it this is. */
export const mainSiteOf = (site: PublishedSite): PublishedSite => servedOf.get(site)?.main ?? site;

/** The base path of the whole site (no language prefix): where cookies for every language live. */
export const rootBasePathOf = (site: PublishedSite): string => mainSiteOf(site).basePath;

/** The site's extra languages as site views, by tag (made once per looked-up site object). */
export function languageSitesOf(site: PublishedSite): Map<string, PublishedSite> {
  const main = mainSiteOf(site);
  let views = editionsOfSite.get(main);
  if (!views) {
    views = new Map();
    for (const { language, pageId } of languageRootsOf(main)) {
      const view: PublishedSite = {
        ...main,
        notionPageId: pageId,
        basePath: `${main.basePath}/${language}`,
        // The language's own words; the docs versions belong to the site's own tree only.
        settings: { ...main.settings, language, versions: [] },
      };
      servedOf.set(view, { language, main });
      views.set(language, view);
    }
    editionsOfSite.set(main, views);
  }
  return views;
}

/** A path under an extra language's prefix: that language's view of the site and the path below the prefix. */
export function splitLanguagePath(site: PublishedSite, path: string): { site: PublishedSite; path: string } | null {
  if (!site.settings.languages.length) return null;
  const end = path.indexOf("/", 1);
  const first = end < 0 ? path.slice(1) : path.slice(1, end);
  if (!first) return null;
  const view = languageSitesOf(site).get(first);
  return view ? { site: view, path: end < 0 ? "/" : path.slice(end) } : null;
}

/** Crawlers and agents always get `/` as it is: the languages are theirs to find through hreflang, never guessed. */
const CRAWLER = new RegExp(`bot|crawl|spider|slurp|preview|facebookexternalhit|lighthouse|${AGENT_USER_AGENT_TOKENS.map((t) => t.replace(/[^A-Za-z0-9-]/g, "")).join("|")}`, "i");

/**
 * Where a first visit to `/` goes: the extra language the browser prefers over the site's own (Accept-Language, by
 * q-value), unless the visitor chose a language with the switcher (its cookie) or is a crawler. Null: serve `/`.
 */
export function preferredLanguagePath(req: IncomingMessage, site: PublishedSite, siteLanguage: string): string | null {
  const header = req.headers["accept-language"];
  if (typeof header !== "string" || !header || CRAWLER.test(String(req.headers["user-agent"] ?? ""))) return null;
  if (CHOSEN.test(String(req.headers.cookie ?? ""))) return null;
  const views = languageSitesOf(site);
  const own = catalogueLanguageOf(siteLanguage);
  for (const tag of acceptedTags(header)) {
    const wanted = catalogueLanguageOf(tag);
    if (!wanted) continue;
    if (wanted === own) return null;
    for (const [language, view] of views) if (catalogueLanguageOf(language) === wanted) return `${view.basePath}/`;
  }
  return null;
}

/** Accept-Language's tags, most wanted first ("ja-JP,ja;q=0.9,en;q=0.8"); q=0 and "*" left out. */
function acceptedTags(header: string): string[] {
  return header
    .split(",")
    .slice(0, 20)
    .map((part, i) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: canonicalTag(tag.trim()) ?? "", q: q === undefined ? 1 : Number(q), i };
    })
    .filter((t) => t.tag && t.tag !== "*" && t.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((t) => t.tag);
}

/** The switcher's cookie: a year, for the whole site (every language's path). */
export function languageCookie(site: PublishedSite, language: string, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; Path=${rootBasePathOf(site) || "/"}; SameSite=Lax; Max-Age=${365 * 24 * 3600}${secure ? "; Secure" : ""}`;
}

/**
 * A first visit to the site's own `/` from a browser preferring one of its extra languages: 302 there (private, never
 * kept by a shared cache). The page `/` itself stays cacheable, varying by Accept-Language only.
 */
export function redirectToPreferredLanguage(req: IncomingMessage, res: ServerResponse, site: PublishedSite, model: Pick<SiteModel, "contentLanguage"> | undefined): boolean {
  if (servedLanguageOf(site)) return false;
  const to = preferredLanguagePath(req, site, site.settings.language ?? model?.contentLanguage ?? "");
  if (!to) return false;
  res.writeHead(302, { location: to, "cache-control": "private, no-store", vary: "Accept-Language, Cookie" }).end();
  return true;
}
