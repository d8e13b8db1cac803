import { describe, expect, it } from "vitest";
import { canonicalPath, encodePath, encodePathSegment, headerSafeUrl, readablePath } from "@/lib/url-path";
import { slugifyOrFallback } from "@/lib/slug";

/** Paths of every script must be valid in an HTTP header and a URI (Node refuses a header with raw non-Latin-1). */
const SCRIPTS: [string, string][] = [
  ["CJK", "配置中心"],
  ["Japanese", "データ ベース"],
  ["Korean", "한국어 제목"],
  ["Cyrillic", "Привет мир"],
  ["Arabic", "مرحبا بالعالم"],
  ["Hebrew", "שלום עולם"],
  ["Devanagari", "हिन्दी शीर्षक"],
  ["Thai", "ภาษาไทย"],
];

describe("encodePathSegment", () => {
  it.each(SCRIPTS)("%s slugs become ASCII a header accepts, and decode back to the slug", (_, title) => {
    const slug = slugifyOrFallback(title, "x");
    const encoded = encodePathSegment(slug);
    expect(encoded).toMatch(/^[A-Za-z0-9\-._~%]+$/);
    expect(decodeURIComponent(encoded)).toBe(slug.normalize("NFC"));
    // What a browser sends for the raw path is the same string.
    expect(new URL(`http://x.test/${slug}`).pathname).toBe(`/${encoded}`);
  });

  it("leaves plain Latin slugs as they are, so existing addresses never change", () => {
    for (const slug of ["hello-world", "release-201", "a_b~c.d"]) expect(encodePathSegment(slug)).toBe(slug);
  });

  it("writes one form for composed and decomposed text, with upper-case hex", () => {
    expect(encodePathSegment("cafe\u0301")).toBe("caf%C3%A9");
    expect(encodePathSegment("café")).toBe("caf%C3%A9");
    expect(encodePathSegment("a b?#%/")).toBe("a%20b%3F%23%25%2F");
  });

  it("encodes emoji (four-byte characters) whole", () => {
    expect(encodePathSegment("🚀")).toBe("%F0%9F%9A%80");
  });
});

describe("canonicalPath", () => {
  it.each([
    ["/配置中心", "/%E9%85%8D%E7%BD%AE%E4%B8%AD%E5%BF%83"],
    ["/%e9%85%8d%e7%bd%ae%e4%b8%ad%e5%bf%83", "/%E9%85%8D%E7%BD%AE%E4%B8%AD%E5%BF%83"],
    ["/%E9%85%8D置中心", "/%E9%85%8D%E7%BD%AE%E4%B8%AD%E5%BF%83"],
    ["/tag/привет", "/tag/%D0%BF%D1%80%D0%B8%D0%B2%D0%B5%D1%82"],
    ["/plain-path", "/plain-path"],
  ])("%s → %s", (raw, expected) => expect(canonicalPath(raw)).toBe(expected));

  it("is null for malformed escapes", () => expect(canonicalPath("/%E9%85")).toBeNull());
  it("round-trips with encodePath and readablePath", () => {
    expect(readablePath(encodePath("/公告/שלום"))).toBe("/公告/שלום");
  });
});

describe("headerSafeUrl", () => {
  it.each([
    ["/配置中心?x=公告#标题", "/%E9%85%8D%E7%BD%AE%E4%B8%AD%E5%BF%83?x=%E5%85%AC%E5%91%8A#%E6%A0%87%E9%A2%98"],
    ["/%E5%85%AC%E5%91%8A", "/%E5%85%AC%E5%91%8A"],
    ["https://例え.jp/パス", "https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9"],
    ["https://example.com/a?b=c", "https://example.com/a?b=c"],
    ["mailto:someone@example.com", "mailto:someone@example.com"],
  ])("%s → %s", (target, expected) => {
    const safe = headerSafeUrl(target);
    expect(safe).toBe(expected);
    expect(safe).toMatch(/^[\x21-\x7e]+$/);
  });
});
