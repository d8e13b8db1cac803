import { notionPageIdFromUrl } from "./inspect-page";

/** An extra language of a site as its settings keep it: the language's tag and its own Notion page. */
export type SiteLanguageSource = { language: string; notionPageUrl: string };
export type LanguageRoot = { language: string; pageId: string };

/**
 * A site's extra languages with their Notion page ids, in the owner's order (docs/languages.md). Any site type: each
 * language is a page tree or database of the same shape as the site's own page.
 */
export function languageRootsOf(site: { notionPageId?: string; settings: { languages?: readonly SiteLanguageSource[] } }): LanguageRoot[] {
  return (site.settings.languages ?? [])
    .map((l) => ({ language: l.language, pageId: notionPageIdFromUrl(l.notionPageUrl) ?? "" }))
    .filter((l) => l.pageId && l.pageId !== site.notionPageId);
}
