import { describe, expect, it } from "vitest";
import { slugify, slugifyOrFallback } from "@/lib/slug";

describe("slugify (docs/product.md §5)", () => {
  it.each([
    // The spec's own rules.
    ["Hello World", "hello-world"],
    ["Release 2.0.1", "release-201"],
    ["What's new?", "whats-new"],
    ["UPPER_case & symbols!", "uppercase-symbols"],
    ["already-a-slug", "already-a-slug"],
    ["tabs\tand\nnewlines", "tabs-and-newlines"],
    // Tidying: repeated and edge hyphens.
    ["  Leading and trailing  ", "leading-and-trailing"],
    ["Multiple   spaces", "multiple-spaces"],
    ["v1.2 -- notes", "v12-notes"],
    ["--dashes--", "dashes"],
    ["a - b", "a-b"],
    // Accented Latin is folded to ASCII; compatibility forms become plain ones.
    ["Café crème brûlée", "cafe-creme-brulee"],
    ["Ünïcödé Straße", "unicode-straße"],
    ["İstanbul", "istanbul"],
    ["Łódź", "łodz"],
    ["ﬁne ① ＡＢＣ", "fine-1-abc"],
    ["e\u0301te\u0301", "ete"],
    // Other scripts are kept, marks included, so the meaning survives.
    ["日本語のタイトル", "日本語のタイトル"],
    ["データ ベース", "データ-ベース"],
    ["Привет мир", "привет-мир"],
    ["Йошкар-Ола", "йошкар-ола"],
    ["한국어 제목", "한국어-제목"],
    ["हिन्दी शीर्षक", "हिन्दी-शीर्षक"],
    ["مرحبا بالعالم", "مرحبا-بالعالم"],
    // Emoji and their variation selectors / keycaps disappear.
    ["🚀 Launch day", "launch-day"],
    ["I ❤️ you", "i-you"],
    ["1️⃣ First", "1-first"],
    // Nothing usable left.
    ["...", ""],
    ["!!! ???", ""],
    ["🎉", ""],
    ["", ""],
  ])("%j → %j", (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it("recomposes non-Latin text (NFC) so equal titles give byte-equal slugs", () => {
    expect(slugify("한국어")).toBe("한국어".normalize("NFC"));
    expect(slugify("한국어")).toHaveLength(3);
  });

  it("is idempotent", () => {
    for (const title of ["Café crème", "データ ベース", "v1.2 -- notes"]) expect(slugify(slugify(title))).toBe(slugify(title));
  });
});

describe("slugifyOrFallback", () => {
  it.each([
    ["!!!", "page-1a2b", "page-1a2b"],
    ["🎉", "untitled", "untitled"],
    ["", "untitled", "untitled"],
    ["Hi", "x", "hi"],
    ["Привет", "x", "привет"],
  ])("(%j, %j) → %j", (text, fallback, expected) => {
    expect(slugifyOrFallback(text, fallback)).toBe(expected);
  });
});
