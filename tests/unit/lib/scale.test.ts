import { describe, expect, it } from "vitest";
import { scaleBox } from "@/lib/scale";

describe("scaleBox (docs/product.md §9: 100 / scale, one decimal)", () => {
  it.each([
    [1, "100.0%"],
    [0.75, "133.3%"],
    [0.5, "200.0%"],
    [0.8, "125.0%"],
    [2, "50.0%"],
    [3, "33.3%"],
    [0.3, "333.3%"],
    [1.5, "66.7%"],
    [1000, "0.1%"],
  ])("scale %d → %s", (scale, size) => {
    expect(scaleBox(scale)).toEqual({ width: size, height: size });
  });

  it.each([[0], [-0], [-1], [Number.NaN], [Number.POSITIVE_INFINITY], [Number.NEGATIVE_INFINITY]])("refuses %d", (scale) => {
    expect(() => scaleBox(scale)).toThrow(/Scale must be a positive number/);
  });
});
