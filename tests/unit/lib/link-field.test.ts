import { describe, expect, it } from "vitest";
import { LINK_FIELD_ERROR, linkFieldSchema, validateLinkField } from "@/lib/link-field";

describe("link field (docs/product.md §5)", () => {
  it("uses the spec's message", () => {
    expect(LINK_FIELD_ERROR).toBe("Must be an url");
  });

  it.each([
    // Allowed: empty, or starting with http, /, # or mailto:.
    ["", null],
    ["https://example.com", null],
    ["http://x", null],
    ["/docs", null],
    ["/", null],
    ["#top", null],
    ["#", null],
    ["mailto:a@b.c", null],
    // Refused.
    ["example.com", "Must be an url"],
    ["www.example.com", "Must be an url"],
    ["javascript:alert(1)", "Must be an url"],
    ["ftp://x", "Must be an url"],
    ["mailto", "Must be an url"],
    ["tel:+123", "Must be an url"],
    ["HTTPS://EXAMPLE.COM", "Must be an url"],
    [" https://x", "Must be an url"],
    [" ", "Must be an url"],
  ])("%j → %j", (value, expected) => {
    expect(validateLinkField(value)).toBe(expected);
  });

  it.each([
    ["", true],
    ["https://example.com", true],
    ["/pricing", true],
    ["example.com", false],
    ["javascript:alert(1)", false],
  ])("linkFieldSchema %j → success %s, same message", (value, ok) => {
    const parsed = linkFieldSchema.safeParse(value);
    expect(parsed.success).toBe(ok);
    if (!parsed.success) expect(parsed.error.issues.map((i) => i.message)).toEqual(["Must be an url"]);
  });

  it("linkFieldSchema refuses a non-string", () => {
    expect(linkFieldSchema.safeParse(42).success).toBe(false);
  });
});
