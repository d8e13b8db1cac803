/**
 * SPEC §5 slug: spaces → hyphens, dots removed, anything but letters, digits and hyphens removed, lowercase.
 * "Letters" is read as Unicode letters so non-Latin titles (日本語, Русский) still give a usable slug; accented Latin
 * is folded to ASCII first (Café → cafe) because that is what people type.
 */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/\s+/g, "-")
    .replace(/\./g, "")
    .replace(/[^\p{L}\p{N}-]+/gu, "")
    .toLowerCase()
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
}

export function slugifyOrFallback(text: string, fallback: string): string {
  return slugify(text) || fallback;
}
