import type { Translator } from "./translator";

/**
 * The words the site's scripts print (search as you type, feedback, copy as Markdown), made on the server from the
 * catalogue and put in the page as JSON (`#site-strings`), so the scripts stay the same file for every language.
 * `{query}` is left for the script to fill in.
 */
export function islandStrings(i18n: Translator) {
  const { t } = i18n;
  return {
    noResults: t("noResultsFor", { query: "{query}" }),
    contactUs: t("contactUs"),
    askTheAssistant: t("askTheAssistant"),
    results: t("searchResults"),
    search: t("search"),
    searchEllipsis: t("searchEllipsis"),
    sendFeedback: t("sendFeedback"),
    whatWasMissing: t("whatWasMissingOptional"),
    anythingToAdd: t("anythingToAddOptional"),
    feedbackThanks: t("feedbackThanks"),
    feedbackFailed: t("feedbackFailed"),
    copyAsMarkdown: t("copyAsMarkdown"),
    copied: t("copied"),
    newSinceLastVisit: t("newSinceLastVisit", { count: "{count}" }),
  };
}

export type IslandStrings = ReturnType<typeof islandStrings>;
