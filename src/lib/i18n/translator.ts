import { IntlMessageFormat, type PrimitiveType } from "intl-messageformat";
import { CATALOGUES, catalogueLanguageOf, canonicalTag, textDirection, type SiteLanguage } from "./languages";
import type { MessageKey } from "./catalogues/en";

/**
 * A site's words in one language: messages from its catalogue (ICU MessageFormat, compiled once per language and key),
 * dates and numbers through Intl. Formatting happens when a page is rendered on the server; the cached HTML carries
 * the result, so readers' browsers run none of this.
 */
export type Translator = {
  /** The BCP 47 tag pages declare in `<html lang>` (the owner's own spelling, e.g. "pt-BR"). */
  lang: string;
  /** The catalogue the words come from. */
  language: SiteLanguage;
  dir: "ltr" | "rtl";
  t(key: MessageKey, values?: Record<string, PrimitiveType>): string;
  /** A message with rich values (elements, `<a>` tags as functions): its parts, for a template to place. */
  parts<T>(key: MessageKey, values: Record<string, PrimitiveType | T | ((chunks: (string | T)[]) => T)>): (string | T)[];
  /** A calendar date (YYYY-MM-DD, read as UTC) in the language's long form. */
  date(isoDate: string): string;
  number(value: number): string;
};

const compiled = new Map<string, IntlMessageFormat>();
const translators = new Map<string, Translator>();

function messageOf(language: SiteLanguage, lang: string, key: MessageKey): IntlMessageFormat {
  const id = `${lang}\n${key}`;
  let message = compiled.get(id);
  if (!message) {
    message = new IntlMessageFormat(CATALOGUES[language][key], [lang, language]);
    compiled.set(id, message);
  }
  return message;
}

/** The translator for a tag; a tag without a catalogue (or no tag) falls back to English. */
export function translatorFor(tag: string | null | undefined): Translator {
  const lang = (tag && catalogueLanguageOf(tag) && canonicalTag(tag)) || "en";
  const cached = translators.get(lang);
  if (cached) return cached;
  const language = catalogueLanguageOf(lang) ?? "en";
  const dates = new Intl.DateTimeFormat([lang, language], { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
  const numbers = new Intl.NumberFormat([lang, language]);
  const translator: Translator = {
    lang,
    language,
    dir: textDirection(lang),
    t: (key, values) => String(messageOf(language, lang, key).format(values)),
    parts<T>(key: MessageKey, values: Record<string, PrimitiveType | T | ((chunks: (string | T)[]) => T)>) {
      const out = messageOf(language, lang, key).format<T>(values as never);
      return Array.isArray(out) ? (out as (string | T)[]) : [out as string | T];
    },
    date: (isoDate) => dates.format(new Date(`${isoDate}T00:00:00Z`)),
    number: (value) => numbers.format(value),
  };
  translators.set(lang, translator);
  return translator;
}
