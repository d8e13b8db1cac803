import fs from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import type { PublishedSite } from "../site-lookup";

/**
 * The visitor chat page (/_/chat), opened in a frame by the launcher and the widget. Its stylesheet (chat.css) is
 * inlined; its only script is /_/chat.js (chat.ts), configured by a JSON block.
 */

let chatCss: string | null = null;
const css = () => (chatCss ??= fs.readFileSync(path.join(import.meta.dirname, "chat.css"), "utf8"));

/** JSON inside <script>: `<` escaped so no text can close the element. */
const safeJson = (value: Record<string, unknown>) => JSON.stringify(value).replace(/</g, "\\u003c");

export function renderChatPage({ site, siteName, embed, scriptSrc }: { site: PublishedSite; siteName: string; embed: "launcher" | "widget"; scriptSrc: string }): string {
  const { ai, theme } = site.settings;
  const withSearch = embed === "widget" || !ai.enabled;
  const accent = ai.enabled ? ai.accentColor : site.settings.widget.color;
  const title = ai.enabled ? ai.assistantName : `Search ${siteName}`;
  return `<!doctype html>${renderToStaticMarkup(
    // The site's default theme and a hidden toggle apply in the chat too (chat.ts reads the visitor's choice otherwise).
    <html lang="en" data-theme={theme.defaultTheme === "system" ? undefined : theme.defaultTheme} data-theme-fixed={theme.hideThemeToggle ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} · ${siteName}`}</title>
        <style dangerouslySetInnerHTML={{ __html: `:root{--accent:${accent}}\n${css()}` }} />
        <script type="application/json" id="chat-config" dangerouslySetInnerHTML={{ __html: safeJson({ base: site.basePath, embed }) }} />
        <script type="module" src={scriptSrc} />
      </head>
      <body>
        <header>
          {title}
          <small>{siteName}</small>
        </header>
        {withSearch ? (
          <div className="search" role="search">
            <input id="search" type="search" placeholder={`Search ${siteName}…`} aria-label="Search" maxLength={200} autoComplete="off" />
            <ul id="results" aria-label="Search results" />
          </div>
        ) : null}
        {ai.enabled ? (
          <>
            <div id="log" aria-live="polite">
              <div className="msg assistant">{ai.welcomeMessage}</div>
              {ai.suggestedQuestions.length ? (
                <div className="suggested" role="group" aria-label="Suggested questions">
                  {ai.suggestedQuestions.map((q) => (
                    <button key={q} type="button" data-question={q}>
                      {q}
                    </button>
                  ))}
                </div>
              ) : null}
            </div>
            <form id="ask">
              <textarea id="question" rows={2} maxLength={1000} placeholder="Ask a question…" aria-label="Your question" required />
              <button id="send" type="submit">
                Send
              </button>
            </form>
          </>
        ) : (
          <p className="note">Search this site&apos;s pages above.</p>
        )}
      </body>
    </html>,
  )}`;
}
