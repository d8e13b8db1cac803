import { clientProtocol } from "@/http/client-address";
import { catalogueLanguageOf } from "@/lib/i18n/languages";
import { languageCookie, languageSitesOf, mainSiteOf, rootBasePathOf } from "../languages";
import { safeNext } from "../password-gate";
import type { Endpoint } from "./context";

/**
 * The language switcher's links (docs/languages.md): remembers the reader's choice in a cookie, so a later visit to
 * `/` no longer follows Accept-Language, and sends them on to the page's pair in that language. Plain links, no script.
 */
export const languageEndpoint: Endpoint = {
  path: "/_/language",
  methods: ["GET", "HEAD"],
  servedWhenLocked: false,
  passwordFormWhenLocked: true,
  appliesTo: (site) => site.settings.languages.length > 0,
  summary: "The language switcher (`?set=<language>&next=<path>`): remembers the choice in a cookie and redirects to `next`.",
  handler(req, res, site, ctx) {
    const main = mainSiteOf(site);
    const language = ctx.search.get("set") ?? "";
    const view = languageSitesOf(main).get(language);
    // The site's own language is a choice too (its tag may be the detected one): any tag we have words for.
    const known = Boolean(view) || (language.length <= 35 && catalogueLanguageOf(language) !== null);
    const home = `${(view ?? main).basePath}/`;
    const next = safeNext(ctx.search.get("next") ?? home, rootBasePathOf(site));
    const secure = main.origin.startsWith("https:") && clientProtocol(req, ctx.runtime.env.TRUST_PROXY) === "https";
    const headers: Record<string, string> = { location: next, "cache-control": "private, no-store", "x-robots-tag": "noindex" };
    if (known) headers["set-cookie"] = languageCookie(main, language, secure);
    res.writeHead(302, headers).end();
  },
};
