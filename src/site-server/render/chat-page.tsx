import fs from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import type { PublishedSite } from "../site-lookup";
import type { Translator } from "@/lib/i18n/translator";
import { assistantName, assistantWelcome } from "./context";

/**
 * The visitor chat page (/_/chat), opened in a frame by the launcher and the widget. Its stylesheet (chat.css) is
 * inlined; its only script is /_/chat.js (chat.ts), configured by a JSON block.
 */

let chatCss: string | null = null;
const css = () => (chatCss ??= fs.readFileSync(path.join(import.meta.dirname, "chat.css"), "utf8"));

/** JSON inside <script>: `<` escaped so no text can close the element. */
const safeJson = (value: Record<string, unknown>) => JSON.stringify(value).replace(/</g, "\\u003c");

export function renderChatPage({ site, siteName, embed, scriptSrc, i18n }: { site: PublishedSite; siteName: string; embed: "launcher" | "widget"; scriptSrc: string; i18n: Translator }): string {
  const { ai, theme } = site.settings;
  const { t } = i18n;
  const withSearch = embed === "widget" || !ai.enabled;
  const accent = ai.enabled ? ai.accentColor : site.settings.widget.color;
  const title = ai.enabled ? assistantName({ settings: site.settings, i18n }) : t("searchSite", { name: siteName });
  // The script's own words, made here from the catalogue; `{query}` is filled in by the script.
  const strings = { noResults: t("noResultsFor", { query: "{query}" }) };
  return `<!doctype html>${renderToStaticMarkup(
    // The site's default theme and a hidden toggle apply in the chat too (chat.ts reads the visitor's choice otherwise).
    <html lang={i18n.lang} dir={i18n.dir === "rtl" ? "rtl" : undefined} data-theme={theme.defaultTheme === "system" ? undefined : theme.defaultTheme} data-theme-fixed={theme.hideThemeToggle ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} · ${siteName}`}</title>
        <style dangerouslySetInnerHTML={{ __html: `:root{--accent:${accent}}\n${css()}` }} />
        <script type="application/json" id="chat-config" dangerouslySetInnerHTML={{ __html: safeJson({ base: site.basePath, embed, strings }) }} />
        <script type="module" src={scriptSrc} />
      </head>
      <body>
        <header>
          {title}
          <small>{siteName}</small>
        </header>
        {withSearch ? (
          <div className="search" role="search">
            <input id="search" type="search" placeholder={t("searchSiteEllipsis", { name: siteName })} aria-label={t("search")} maxLength={200} autoComplete="off" />
            <ul id="results" aria-label={t("searchResults")} />
          </div>
        ) : null}
        {ai.enabled ? (
          <>
            <div id="log" aria-live="polite">
              <div className="msg assistant">{assistantWelcome({ settings: site.settings, i18n })}</div>
              {ai.suggestedQuestions.length ? (
                <div className="suggested" role="group" aria-label={t("suggestedQuestions")}>
                  {ai.suggestedQuestions.map((q) => (
                    <button key={q} type="button" data-question={q}>
                      {q}
                    </button>
                  ))}
                </div>
              ) : null}
            </div>
            <form id="ask">
              <textarea id="question" rows={2} maxLength={1000} placeholder={t("askAQuestion")} aria-label={t("yourQuestion")} required />
              <button id="send" type="submit">
                {t("send")}
              </button>
            </form>
          </>
        ) : (
          <p className="note">{t("searchThisSiteAbove")}</p>
        )}
      </body>
    </html>,
  )}`;
}
