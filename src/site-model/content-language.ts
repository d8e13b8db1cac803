import { franc } from "franc-min";
import { getTextContent } from "notion-utils";
import type { Decoration } from "notion-types";
import type { SnapshotPage } from "@/notion/fetch-site-content";
import { blockOf } from "@/notion/record-map";
import type { SiteLanguage } from "@/lib/i18n/languages";

/** franc's ISO 639-3 codes for the Latin-script languages we have catalogues for. */
const LATIN_BY_ISO_639_3: Record<string, SiteLanguage> = { eng: "en", deu: "de", fra: "fr", spa: "es", por: "pt", ita: "it", nld: "nl" };

/**
 * Below this many letters a trigram model mistakes short English titles ("Hello world", "Release notes") for French
 * or Italian; a short Latin-script site stays English (the owner can set the language).
 */
const MIN_LATIN_LETTERS = 200;

const SCRIPTS = {
  kana: /[\p{Script=Hiragana}\p{Script=Katakana}]/gu,
  han: /\p{Script=Han}/gu,
  hangul: /\p{Script=Hangul}/gu,
  arabic: /\p{Script=Arabic}/gu,
  cyrillic: /\p{Script=Cyrillic}/gu,
  latin: /\p{Script=Latin}/gu,
};
const count = (text: string, re: RegExp) => text.match(re)?.length ?? 0;

/**
 * The language of a sample: its script first (exact even for a few words: kana means Japanese, Hangul Korean, Han
 * alone Chinese, Arabic and Cyrillic script our Arabic and Russian), then among Latin-script languages franc's trigrams.
 */
export function languageOfText(text: string): SiteLanguage {
  const n = Object.fromEntries(Object.entries(SCRIPTS).map(([k, re]) => [k, count(text, re)])) as Record<keyof typeof SCRIPTS, number>;
  const cjk = n.kana + n.han + n.hangul;
  const top = Math.max(cjk, n.arabic, n.cyrillic, n.latin);
  if (top === 0) return "en";
  if (top === cjk) return n.kana > 0 && n.kana >= n.hangul ? "ja" : n.hangul > 0 ? "ko" : "zh-Hans";
  if (top === n.arabic) return "ar";
  if (top === n.cyrillic) return "ru";
  if (n.latin < MIN_LATIN_LETTERS) return "en";
  return LATIN_BY_ISO_639_3[franc(text, { only: Object.keys(LATIN_BY_ISO_639_3) })] ?? "en";
}

/** Enough text to tell languages apart reliably; more only costs time when a snapshot's model is built. */
const SAMPLE_CHARS = 4000;

/** The language the owner writes the site in, from the text of its pages (root page first; see languageOfText). */
export function contentLanguageOf(pages: Iterable<SnapshotPage>): SiteLanguage {
  const sample: string[] = [];
  let length = 0;
  for (const page of pages) {
    for (const id of Object.keys(page.recordMap.block ?? {})) {
      const title = (blockOf(page.recordMap, id)?.properties as { title?: Decoration[] } | undefined)?.title;
      const text = title ? getTextContent(title).trim() : "";
      if (!text) continue;
      sample.push(text);
      length += text.length;
      if (length >= SAMPLE_CHARS) break;
    }
    if (length >= SAMPLE_CHARS) break;
  }
  return languageOfText(sample.join("\n"));
}
