/**
 * Text as search sees it, the same at index time and at query time, so every script is found alike on PGlite and
 * PostgreSQL without an extension (docs/decisions.md, "Search in every script"):
 * - Arabic diacritics (harakat, tanwin, shadda, sukun, the superscript alef) and the tatweel are dropped, so "كَتَبَ"
 *   and "كتب" are one word;
 * - Chinese, Japanese and Korean runs, which have no spaces between words, also become their overlapping character
 *   pairs ("配置中心" → 配置 置中 中心), so a two-character word is found anywhere in a run and a longer phrase is all
 *   of its pairs. A single character stays itself (a prefix of the pairs it starts).
 */

const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E8\u06EA-\u06ED\u0640]/g;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー]+/gu;

/** NFKC (full-width Latin and half-width kana folded) without Arabic diacritics: what both sides are compared as. */
export function foldForSearch(text: string): string {
  return text.normalize("NFKC").replace(ARABIC_MARKS, "");
}

/** The overlapping pairs of one CJK run (the run itself when it is one character). */
export function characterPairs(run: string): string[] {
  const chars = [...run];
  if (chars.length < 2) return chars;
  return chars.slice(0, -1).map((c, i) => c + chars[i + 1]);
}

/** Every CJK run's pairs in a text, space-separated (for `to_tsvector('simple', …)`); "" when it has none. */
export function cjkPairsOf(text: string): string {
  return (foldForSearch(text).match(CJK_RUN) ?? []).flatMap(characterPairs).join(" ");
}

/**
 * A query's terms: each Latin, Cyrillic or Arabic word as itself, each CJK run as its pairs (all required), at most
 * `max` terms. The last term is what the reader is still typing.
 */
export function queryTerms(query: string, max = 24): { term: string; cjk: boolean }[] {
  const terms: { term: string; cjk: boolean }[] = [];
  for (const word of foldForSearch(query).match(/[\p{L}\p{N}]+/gu) ?? []) {
    let rest = word;
    for (const run of word.match(CJK_RUN) ?? []) {
      for (const part of rest.split(run)[0]!.match(/[\p{L}\p{N}]+/gu) ?? []) terms.push({ term: part.toLowerCase(), cjk: false });
      rest = rest.slice(rest.indexOf(run) + run.length);
      for (const pair of characterPairs(run)) terms.push({ term: pair, cjk: true });
    }
    if (rest) terms.push({ term: rest.toLowerCase(), cjk: false });
  }
  return terms.slice(0, max);
}
