import { pairedPaths } from "@/site-model/site-languages";
import type { RenderContext } from "./context";

/**
 * A site in several languages (docs/languages.md): every paired page declares its twins (`hreflang`, and x-default
 * for the site's own language), and the header's switcher links to the page's pair in each language — plain links
 * through `/_/language`, which remembers the choice in a cookie and sends the reader on.
 */

/** The page's address in every language that has a page at its position (none when the site has one language). */
function twinsOf(ctx: RenderContext, path: string): { language: string; path: string }[] {
  const languages = ctx.languages;
  if (!languages) return [];
  const current = languages.all.find((e) => e.language === languages.current);
  return current ? pairedPaths(languages.all, current, path) : [];
}

/** `<link rel="alternate" hreflang>` for each twin, and x-default: the site's own language's. */
export function HreflangLinks({ ctx, path }: { ctx: RenderContext; path: string }) {
  const twins = twinsOf(ctx, path);
  if (twins.length < 2) return null;
  const main = ctx.languages!.all[0]!;
  const fallback = twins.find((t) => t.language === main.language);
  return (
    <>
      {twins.map((t) => (
        <link key={t.language} rel="alternate" hrefLang={t.language} href={`${ctx.origin}${t.path}`} />
      ))}
      {fallback ? <link rel="alternate" hrefLang="x-default" href={`${ctx.origin}${fallback.path}`} /> : null}
    </>
  );
}

/** A language's name in that language ("日本語", "Deutsch"), for the switcher. */
export function languageName(tag: string): string {
  try {
    const name = new Intl.DisplayNames([tag], { type: "language" }).of(tag) ?? tag;
    return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
  } catch {
    return tag;
  }
}

/** The switcher: each language by its own name, to the pair of this page there (or that language's home). */
export function LanguageSwitcher({ ctx, path }: { ctx: RenderContext; path: string }) {
  const languages = ctx.languages;
  if (!languages || languages.all.length < 2) return null;
  const twins = new Map(twinsOf(ctx, path).map((t) => [t.language, t.path]));
  const rootBase = languages.all[0]!.basePath;
  return (
    <nav className="language-switcher" aria-label={ctx.i18n.t("language")}>
      <ul>
        {languages.all.map((edition) => {
          const to = twins.get(edition.language) ?? `${edition.basePath}/`;
          const isCurrent = edition.language === languages.current;
          const link = `${rootBase}/_/language?set=${encodeURIComponent(edition.language)}&next=${encodeURIComponent(to)}`;
          return (
            <li key={edition.language}>
              <a href={link} hrefLang={edition.language} lang={edition.language} aria-current={isCurrent ? "true" : undefined}>
                {languageName(edition.language)}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
