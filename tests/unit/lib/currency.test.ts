import { describe, expect, it } from "vitest";
import { currencyMinorDigits, formatPrice, fromMinorUnits } from "@/lib/currency";

const nbspToSpace = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

const ZERO = ["BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV", "XAF", "XOF", "XPF"];
const THREE = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"];

describe("currencyMinorDigits (docs/product.md §9)", () => {
  it.each<[string, number]>([
    // Default 2, unknown codes included.
    ["USD", 2], ["EUR", 2], ["GBP", 2], ["XYZ", 2], ["", 2],
    // Zero-decimal, the whole list.
    ...ZERO.map((c): [string, number] => [c, 0]),
    // Three decimals.
    ...THREE.map((c): [string, number] => [c, 3]),
    // Four decimals.
    ["CLF", 4], ["UYW", 4],
    // Case-insensitive.
    ["jpy", 0], ["Kwd", 3], ["uyw", 4], ["eur", 2],
  ])("%j → %i", (code, digits) => {
    expect(currencyMinorDigits(code)).toBe(digits);
  });
});

describe("fromMinorUnits", () => {
  it.each([
    ["1900", "USD", 19],
    ["1999", "usd", 19.99],
    [1900, "USD", 19],
    ["1", "USD", 0.01],
    ["0", "USD", 0],
    [1900, "JPY", 1900],
    ["12345", "KWD", 12.345],
    ["12345", "CLF", 1.2345],
    ["-500", "EUR", -5],
    [" 250 ", "EUR", 2.5],
  ])("(%j, %s) → %d", (minor, code, major) => {
    expect(fromMinorUnits(minor, code)).toBe(major);
  });

  it.each([["abc"], [""], ["  "], ["12abc"], ["1e3"], [Number.NaN], [Number.POSITIVE_INFINITY]])("refuses %j", (minor) => {
    expect(() => fromMinorUnits(minor, "USD")).toThrow(/Not an amount/);
  });
});

describe("formatPrice", () => {
  it.each([
    [19, "USD", undefined, "$19.00"],
    [19.5, "usd", undefined, "$19.50"],
    [1234567.891, "USD", undefined, "$1,234,567.89"],
    [0, "USD", undefined, "$0.00"],
    [-5, "USD", undefined, "-$5.00"],
    [1900, "JPY", undefined, "¥1,900"],
    [1900.6, "JPY", undefined, "¥1,901"],
    [12.345, "KWD", undefined, "KWD 12.345"],
    [1.5, "BHD", undefined, "BHD 1.500"],
    [1.2345, "CLF", undefined, "CLF 1.2345"],
    [1234.5, "EUR", "de-DE", "1.234,50 €"],
    [1900, "JPY", "ja-JP", "￥1,900"],
  ])("(%d, %s, %s) → %s", (amount, code, locale, text) => {
    expect(nbspToSpace(formatPrice(amount, code, locale))).toBe(text);
  });

  it("throws on a malformed currency code", () => {
    expect(() => formatPrice(1, "US")).toThrow(RangeError);
  });
});

describe("formatPrice for a price list (review M5)", () => {
  it("writes whole amounts without zero cents, and keeps cents that are there", () => {
    expect(formatPrice(12, "USD", "en-US", { wholeAsWhole: true })).toBe("$12");
    expect(formatPrice(0, "USD", "en-US", { wholeAsWhole: true })).toBe("$0");
    expect(formatPrice(9.5, "USD", "en-US", { wholeAsWhole: true })).toBe("$9.50");
    expect(formatPrice(12, "USD")).toBe("$12.00");
  });
});
