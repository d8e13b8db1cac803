import { describe, expect, it, vi } from "vitest";
import { currencyMinorDigits, formatPrice, fromMinorUnits } from "@/lib/currency";
import { formatAccounting, formatNumber, formatShort } from "@/lib/number-format";
import { scaleBox } from "@/lib/scale";
import { safeJsonParse } from "@/lib/safe-json";
import { toDate } from "@/lib/to-date";
import { validateLinkField, linkFieldSchema } from "@/lib/link-field";
import { IMAGE_DEVICE_SIZES, IMAGE_QUALITY, IMAGE_SIZES, PAGE_MAX_WIDTH, PROGRESS_BAR } from "@/lib/layout";

describe("currency minor digits (SPEC §9)", () => {
  it.each([
    ["USD", 2], ["eur", 2], ["JPY", 0], ["krw", 0], ["VND", 0], ["BHD", 3], ["KWD", 3], ["JOD", 3], ["CLF", 4], ["UYW", 4], ["XYZ", 2],
  ])("%s → %i", (code, digits) => {
    expect(currencyMinorDigits(code)).toBe(digits);
  });

  it.each([
    ["1900", "USD", 19],
    [1900, "JPY", 1900],
    ["12345", "KWD", 12.345],
    ["0", "USD", 0],
  ])("fromMinorUnits(%j, %s) → %d", (minor, code, major) => {
    expect(fromMinorUnits(minor, code)).toBe(major);
  });

  it("refuses a non-number amount", () => {
    expect(() => fromMinorUnits("abc", "USD")).toThrow(/Not an amount/);
  });

  it.each([
    [19, "USD", "$19.00"],
    [1900, "JPY", "¥1,900"],
    [12.345, "KWD", "KWD 12.345"],
  ])("formatPrice(%d, %s) → %s", (amount, code, text) => {
    expect(formatPrice(amount, code).replace(/\u00a0/g, " ")).toBe(text);
  });
});

describe("English number format (SPEC §9)", () => {
  it.each([
    [1234567.891, "1,234,567.89"],
    [0, "0"],
    [-42.5, "-42.5"],
  ])("formatNumber(%d) → %s", (n, text) => {
    expect(formatNumber(n)).toBe(text);
  });

  it.each([
    [0, "0"], [999, "999"], [1000, "1K"], [1234, "1.2K"], [15_500, "15.5K"], [999_950, "1M"], [1_000_000, "1M"],
    [2_500_000_000, "2.5B"], [1_500_000_000_000, "1.5T"], [-1234, "-1.2K"],
  ])("formatShort(%d) → %s", (n, text) => {
    expect(formatShort(n)).toBe(text);
  });

  it.each([
    [1234.5, "1,234.50"], [-1234.5, "(1,234.50)"], [0, "0.00"], [-0.01, "(0.01)"],
  ])("formatAccounting(%d) → %s", (n, text) => {
    expect(formatAccounting(n)).toBe(text);
  });
});

describe("scale helper (SPEC §9)", () => {
  it.each([
    [1, "100.0%"], [0.75, "133.3%"], [2, "50.0%"], [3, "33.3%"],
  ])("scale %d → %s", (scale, size) => {
    expect(scaleBox(scale)).toEqual({ width: size, height: size });
  });

  it.each([[0], [-1], [Number.NaN], [Number.POSITIVE_INFINITY]])("refuses %d", (scale) => {
    expect(() => scaleBox(scale)).toThrow();
  });
});

describe("safe JSON parse and date conversion (SPEC §8)", () => {
  it("parses JSON and gives null (logged) on failure", () => {
    const log = vi.fn();
    expect(safeJsonParse('{"a":1}', log)).toEqual({ a: 1 });
    expect(log).not.toHaveBeenCalled();
    expect(safeJsonParse("{oops", log)).toBeNull();
    expect(log).toHaveBeenCalledOnce();
  });

  it.each([
    ["2026-11-22T10:00:00Z", "2026-11-22T10:00:00.000Z"],
    [0, "1970-01-01T00:00:00.000Z"],
    [new Date("2020-01-01T00:00:00Z"), "2020-01-01T00:00:00.000Z"],
  ])("toDate(%j) → %s", (input, iso) => {
    const log = vi.fn();
    expect(toDate(input, log).toISOString()).toBe(iso);
    expect(log).not.toHaveBeenCalled();
  });

  it.each([["not a date"], [null], [undefined], [""], [Number.NaN]])("toDate(%j) falls back to now, logged", (input) => {
    const log = vi.fn();
    const now = new Date("2026-11-22T00:00:00Z");
    expect(toDate(input, log, () => now)).toBe(now);
    expect(log).toHaveBeenCalledOnce();
  });
});

describe("link field (SPEC §5)", () => {
  it.each([
    ["", null], ["https://example.com", null], ["http://x", null], ["/docs", null], ["#top", null], ["mailto:a@b.c", null],
    ["example.com", "Must be an url"], ["javascript:alert(1)", "Must be an url"], ["ftp://x", "Must be an url"], [" https://x", "Must be an url"],
  ])("%j → %j", (value, expected) => {
    expect(validateLinkField(value)).toBe(expected);
    const parsed = linkFieldSchema.safeParse(value);
    expect(parsed.success).toBe(expected === null);
    if (!parsed.success) expect(parsed.error.issues[0]?.message).toBe("Must be an url");
  });
});

describe("layout constants (SPEC §9)", () => {
  it("match the spec", () => {
    expect(PAGE_MAX_WIDTH).toBe("1200px");
    expect(IMAGE_DEVICE_SIZES).toEqual([640, 750, 828, 1080, 1200, 1920, 2048, 3840]);
    expect(IMAGE_SIZES[0]).toBe(16);
    expect(IMAGE_SIZES.at(-1)).toBe(384);
    expect(IMAGE_QUALITY).toBe(75);
    expect(PROGRESS_BAR).toEqual({ color: "#29D", startPosition: 0.3, stopDelayMs: 200, heightDashboard: 4, heightDefault: 3 });
  });
});
