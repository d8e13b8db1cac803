import { describe, expect, it } from "vitest";
import { formatAccounting, formatNumber, formatShort } from "@/lib/number-format";

describe("formatNumber (docs/product.md §9: comma grouping, decimal point)", () => {
  // Without options: up to two decimals, trailing zeros dropped. With `decimals`: exactly that many.
  it.each([
    [1234567.891, undefined, "1,234,567.89"],
    [1000, undefined, "1,000"],
    [999, undefined, "999"],
    [0, undefined, "0"],
    [-42.5, undefined, "-42.5"],
    [0.005, undefined, "0.01"],
    [1234.5, { decimals: 2 }, "1,234.50"],
    [1234.5678, { decimals: 0 }, "1,235"],
    [1.5, { decimals: 3 }, "1.500"],
    [-1e9, undefined, "-1,000,000,000"],
  ])("(%d, %j) → %s", (n, opts, text) => {
    expect(formatNumber(n, opts)).toBe(text);
  });
});

describe("formatShort (docs/product.md §9: K/M/B/T)", () => {
  // One decimal at most, rounded half away from zero, ".0" dropped; a value that rounds up to 1000 of a unit moves up.
  it.each([
    [0, "0"],
    [12.34, "12.3"],
    [0.04, "0"],
    [999, "999"],
    [999.94, "999.9"],
    [999.95, "1K"],
    [1000, "1K"],
    [1150, "1.2K"],
    [1234, "1.2K"],
    [15_500, "15.5K"],
    [999_949, "999.9K"],
    [999_950, "1M"],
    [1_000_000, "1M"],
    [1_050_000, "1.1M"],
    [2_500_000_000, "2.5B"],
    [1_000_000_000_000, "1T"],
    [1_500_000_000_000, "1.5T"],
    [1_234_000_000_000_000, "1,234T"],
    [-1234, "-1.2K"],
    [-999_950, "-1M"],
    [-1_500_000_000_000, "-1.5T"],
    [-0.01, "0"],
    [Number.NaN, "NaN"],
  ])("%d → %s", (n, text) => {
    expect(formatShort(n)).toBe(text);
  });
});

describe("formatAccounting (docs/product.md §9: negatives in parentheses)", () => {
  // Always two decimals.
  it.each([
    [1234.5, "1,234.50"],
    [-1234.5, "(1,234.50)"],
    [0, "0.00"],
    [-0, "0.00"],
    [-0.01, "(0.01)"],
    [-0.001, "0.00"],
    [1_000_000, "1,000,000.00"],
    [-1_000_000.456, "(1,000,000.46)"],
  ])("%d → %s", (n, text) => {
    expect(formatAccounting(n)).toBe(text);
  });
});
