/**
 * docs/product.md §5 slug: spaces → hyphens, dots removed, anything but letters, digits and hyphens removed, lowercase.
 *
 * Choices for non-ASCII titles:
 * - Accented Latin is folded to ASCII (Café → cafe) via NFKD + dropping the combining marks, since that is what people
 *   type in an address bar. NFKD also turns compatibility forms into plain ones (ﬁ → fi, ① → 1, Ａ → a).
 * - Marks are dropped only after Latin letters: in other scripts they carry meaning (Й is not И, デ is not テ, Hindi
 *   vowel signs are marks), so those scripts are kept as Unicode letters, marks and digits and recomposed with NFC
 *   rather than producing an empty slug. Browsers percent-encode them in the URL and show them readably.
 * - Emoji, punctuation and symbols are removed; repeated hyphens collapse; no leading or trailing hyphen.
 */
export function slugify(text: string): string {
  return (
    text
      .normalize("NFKD")
      .replace(/(\p{Script=Latin})\p{M}+/gu, "$1")
      .normalize("NFC")
      .replace(/\s+/gu, "-")
      .replace(/\./g, "")
      .replace(/[^\p{L}\p{M}\p{N}-]+/gu, "")
      // A mark left without a letter to sit on (emoji variation selectors, keycaps) is noise.
      .replace(/(?<![\p{L}\p{M}])\p{M}+/gu, "")
      .toLowerCase()
      .replace(/-{2,}/g, "-")
      .replace(/^-+|-+$/g, "")
  );
}

/** Slug of `text`, or `fallback` when nothing usable is left (a title of only emoji or punctuation). */
export function slugifyOrFallback(text: string, fallback: string): string {
  return slugify(text) || fallback;
}

/**
 * A short stable id for text that has no slug (an emoji-only tag: "🔥" and "🚀" must stay two pages): FNV-1a over
 * its UTF-16 units, base 36. Not a security hash; only distinct labels in one site need distinct ids.
 */
export function textId(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}
