import { describe, expect, it } from "vitest";
import { slugify, slugifyOrFallback } from "@/lib/slug";

describe("slugify (SPEC §5)", () => {
  it.each([
    ["Hello World", "hello-world"],
    ["Release 2.0.1", "release-201"],
    ["What's new?", "whats-new"],
    ["  Leading and trailing  ", "leading-and-trailing"],
    ["Multiple   spaces", "multiple-spaces"],
    ["already-a-slug", "already-a-slug"],
    ["UPPER_case & symbols!", "uppercase-symbols"],
    ["Café crème brûlée", "cafe-creme-brulee"],
    ["Ünïcödé Straße", "unicode-straße"],
    ["日本語のタイトル", "日本語のタイトル"],
    ["Привет мир", "привет-мир"],
    ["v1.2 -- notes", "v12-notes"],
    ["🚀 Launch day", "launch-day"],
    ["...", ""],
    ["", ""],
  ])("%j → %j", (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it("falls back when nothing is left", () => {
    expect(slugifyOrFallback("!!!", "page-1a2b")).toBe("page-1a2b");
    expect(slugifyOrFallback("Hi", "x")).toBe("hi");
  });
});
