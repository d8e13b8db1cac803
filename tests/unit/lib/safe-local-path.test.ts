import { describe, expect, it } from "vitest";
import { safeLocalPath } from "@/lib/safe-local-path";

/**
 * Findings 8 and 9 of the security review: a redirect target from the query or a form must stay on our origin.
 * Browsers read `\` as `/` and drop tabs and newlines, so `/\evil.example` and `/<TAB>/evil.example` leave it.
 */
describe("safeLocalPath", () => {
  it.each([
    ["/dashboard", "/dashboard"],
    ["/", "/"],
    ["/dashboard?tab=sites", "/dashboard?tab=sites"],
    ["/dashboard?tab=sites#billing", "/dashboard?tab=sites#billing"],
    ["/blog/post-1", "/blog/post-1"],
    ["/a%20b", "/a%20b"],
    ["/caf%C3%A9", "/caf%C3%A9"],
    ["/settings?next=https://evil.example", "/settings?next=https://evil.example"], // only the path decides where we go
  ])("keeps the local path %j", (value, expected) => {
    expect(safeLocalPath(value)).toBe(expected);
  });

  it.each([
    // The two reproductions of the review (as the server sees them after one decoding of the query).
    ["/\\evil.example/x", "backslash after the slash"],
    ["/\t/evil.example/x", "tab"],
    // Neighbours of those.
    ["\\\\evil.example", "two backslashes"],
    ["\\/evil.example", "backslash then slash"],
    ["/\\/evil.example", "slash backslash slash"],
    ["/x\\y", "any backslash"],
    ["/\n/evil.example", "line feed"],
    ["/\r/evil.example", "carriage return"],
    ["/\r\n/evil.example", "CR LF"],
    ["/\u0000/evil.example", "NUL"],
    ["/\u001f/evil.example", "other control character"],
    ["/\u007f/evil.example", "DEL"],
    ["/\u00a0/evil.example", "no-break space"],
    ["/\u2028/evil.example", "line separator"],
    ["//evil.example", "protocol-relative"],
    ["///evil.example", "three slashes"],
    ["/%2F/evil.example", "an encoded slash"],
    ["/%2f%2fevil.example", "encoded slashes, lower case"],
    ["/%5Cevil.example", "an encoded backslash"],
    ["/%09/evil.example", "an encoded tab"],
    ["/%0d%0aSet-Cookie:x=1", "encoded CR LF"],
    ["/%E0%A4%A", "malformed percent-encoding"],
    ["javascript:alert(1)", "javascript: URL"],
    ["JaVaScRiPt:alert(1)", "javascript: in mixed case"],
    [" /dashboard", "leading space"],
    ["\t/dashboard", "leading tab"],
    ["data:text/html,<script>alert(1)</script>", "data: URL"],
    ["https://evil.example/x", "an absolute URL"],
    ["http://localhost:3000/dashboard", "an absolute URL, even our own"],
    ["evil.example", "a bare host"],
    ["dashboard", "a relative path"],
    ["./dashboard", "a dot-relative path"],
    ["?next=/x", "a query alone"],
    ["#top", "a fragment alone"],
    ["/" + "a".repeat(2048), "a very long value"],
    ["", "empty"],
  ])("refuses %j (%s)", (value) => {
    expect(safeLocalPath(value)).toBeNull();
  });

  it("refuses what is not a string", () => {
    expect(safeLocalPath(null)).toBeNull();
    expect(safeLocalPath(undefined)).toBeNull();
  });

  it("whatever it returns resolves to our own origin, for every value in the table", () => {
    const values = ["/dashboard", "/a/../b", "/./x", "/%2e%2e/x", "/x?y=//evil.example", "/@evil.example", "/:@evil.example"];
    for (const value of values) {
      const path = safeLocalPath(value);
      if (path === null) continue;
      expect(new URL(path, "https://app.example").origin, value).toBe("https://app.example");
      expect(path.startsWith("/") && !path.startsWith("//"), value).toBe(true);
    }
  });
});
