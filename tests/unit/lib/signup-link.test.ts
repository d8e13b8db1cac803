import { describe, expect, it } from "vitest";
import { signupHref, signupReasonFromSearch, utcOffsetHours } from "@/lib/signup-link";

describe("signupHref", () => {
  it("leads to sign-in with the reason on top and the destination as callback", () => {
    const url = new URL(signupHref("pricing-pro"), "http://x");
    expect(url.pathname).toBe("/signin");
    expect(url.searchParams.get("signupReason")).toBe("pricing-pro");
    expect(url.searchParams.get("callbackUrl")).toBe("/new-site");
    expect(new URL(signupHref("site-type-blog", "/new-site?siteType=blog"), "http://x").searchParams.get("callbackUrl")).toBe("/new-site?siteType=blog");
  });
});

describe("signupReasonFromSearch", () => {
  it.each([
    ["?signupReason=hero", "hero"],
    ["?signupReason=%20hero%20", "hero"],
    ["?signupReason=", null],
    ["", null],
    ["?error=SessionRequired&callbackUrl=%2Fnew-site%3FsignupReason%3Dpricing-pro", "pricing-pro"],
    ["?callbackUrl=%2Fdashboard", null],
    ["?signupReason=own&callbackUrl=%2Fnew-site%3FsignupReason%3Dnested", "own"],
  ])("%s → %s", (search, expected) => {
    expect(signupReasonFromSearch(search)).toBe(expected);
  });

  it("keeps at most 200 characters (what trackUserData accepts)", () => {
    expect(signupReasonFromSearch(`?signupReason=${"a".repeat(500)}`)).toHaveLength(200);
  });
});

describe("utcOffsetHours", () => {
  it("is the whole-hour offset, within trackUserData's -12…14", () => {
    const at = (minutes: number) => utcOffsetHours({ getTimezoneOffset: () => minutes } as Date);
    expect(at(0)).toBe(0);
    expect(at(-120)).toBe(2); // UTC+2
    expect(at(300)).toBe(-5); // UTC-5
    expect(at(-330)).toBe(6); // UTC+5:30 rounds
    expect(at(-14 * 60 - 60)).toBe(14);
    expect(at(13 * 60)).toBe(-12);
  });
});
