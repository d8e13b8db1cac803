import type { Catalogue } from "./catalogues/en";
import { en } from "./catalogues/en";
import { de } from "./catalogues/de";
import { fr } from "./catalogues/fr";
import { es } from "./catalogues/es";
import { pt } from "./catalogues/pt";
import { it } from "./catalogues/it";
import { nl } from "./catalogues/nl";
import { ja } from "./catalogues/ja";
import { zhHans } from "./catalogues/zh-Hans";
import { ko } from "./catalogues/ko";
import { ru } from "./catalogues/ru";
import { ar } from "./catalogues/ar";

/** The languages a published site can print its own words in (docs/languages.md): one catalogue each. */
export const SITE_LANGUAGES = ["en", "de", "fr", "es", "pt", "it", "nl", "ja", "zh-Hans", "ko", "ru", "ar"] as const;
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];

export const CATALOGUES: Record<SiteLanguage, Catalogue> = { en, de, fr, es, pt, it, nl, ja, "zh-Hans": zhHans, ko, ru, ar };

/** Scripts written right to left (ISO 15924), for `dir` on a tag whose script is one of them. */
const RTL_SCRIPTS = new Set(["Arab", "Hebr", "Thaa", "Syrc", "Nkoo", "Adlm", "Rohg", "Mand", "Samr"]);

/** A well-formed BCP 47 tag in its canonical spelling ("pt-br" → "pt-BR"), or null. */
export function canonicalTag(tag: string): string | null {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical ?? null;
  } catch {
    return null;
  }
}

/**
 * The catalogue for a BCP 47 tag: its language, and for Chinese its script (zh, zh-CN and zh-SG are written in
 * simplified characters; zh-TW and zh-Hant are not, and have no catalogue yet). Null when none fits.
 */
export function catalogueLanguageOf(tag: string): SiteLanguage | null {
  const canonical = canonicalTag(tag);
  if (!canonical) return null;
  const locale = new Intl.Locale(canonical).maximize();
  if (locale.language === "zh") return locale.script === "Hans" ? "zh-Hans" : null;
  return (SITE_LANGUAGES as readonly string[]).includes(locale.language) ? (locale.language as SiteLanguage) : null;
}

/** Text direction of a language: from its (likely) script, so "ar", "ar-EG", "he" and "fa" are all right to left. */
export function textDirection(tag: string): "ltr" | "rtl" {
  const canonical = canonicalTag(tag);
  if (!canonical) return "ltr";
  const script = new Intl.Locale(canonical).maximize().script;
  return script && RTL_SCRIPTS.has(script) ? "rtl" : "ltr";
}
