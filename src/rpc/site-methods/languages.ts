/** One site in several languages: adding a language with its Notion page, removing it, each language's sync state. */
import { addSiteLanguage, addSiteLanguageInput } from "@/core/sites/add-site-language";
import { getSiteLanguages, getSiteLanguagesInput } from "@/core/sites/get-site-languages";
import { removeSiteLanguage, removeSiteLanguageInput } from "@/core/sites/remove-site-language";
import { method } from "../method";
import { limited, siteWrites } from "./shared";

export const languageMethods = {
  addSiteLanguage: method({
    role: "admin",
    summary: "Adds a language served under /<language>/: its Notion page (the same tree in that language) must pass the page check; a sync reads it at once",
    params: addSiteLanguageInput,
    result: "{siteId, settings: SiteSettings}",
    errors: ["NOT_FOUND", "RATE_LIMITED"],
    run: limited("notion-inspect", (ctx, p) =>
      addSiteLanguage({ ...siteWrites(ctx), gateway: ctx.runtime.notion, connections: ctx.runtime.notionConnections, content: ctx.runtime.content }, ctx.ownerId, p),
    ),
    audit: { action: "language.added", details: (p) => ({ language: p.language }) },
  }),
  removeSiteLanguage: method({
    role: "admin",
    summary: "Takes a language off the site: /<language>/ stops answering",
    params: removeSiteLanguageInput,
    result: "{siteId, settings: SiteSettings}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => removeSiteLanguage(siteWrites(ctx), ctx.ownerId, p),
    audit: { action: "language.removed", details: (p) => ({ language: p.language }) },
  }),
  getSiteLanguages: method({
    role: "viewer",
    readOnly: true,
    summary: "The site's language and its extra languages, each with its Notion page and sync state (synced, syncing, unreadable) and pages",
    params: getSiteLanguagesInput,
    result: "{siteId, language, languages: [{language, notionPageUrl, state: 'synced' | 'syncing' | 'unreadable', pages}]}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => getSiteLanguages({ db: ctx.runtime.db, content: ctx.runtime.content }, ctx.ownerId, p),
  }),
};
