import { describe, expect, it } from "vitest";
import { propertyDecorations } from "@/notion/official/convert";

type Value = Parameters<typeof propertyDecorations>[0];
const value = (v: Record<string, unknown>) => ({ id: "x", ...v }) as unknown as Value;

describe("values Notion already computed, through the official API (issue 21)", () => {
  it("keeps rollup results: numbers, dates and the rolled-up values", () => {
    expect(propertyDecorations(value({ type: "rollup", rollup: { type: "number", number: 42, function: "sum" } }))).toEqual([["42"]]);
    expect(propertyDecorations(value({ type: "rollup", rollup: { type: "date", date: { start: "2026-11-10", end: null, time_zone: null }, function: "latest_date" } }))).toEqual([
      ["‣", [["d", expect.objectContaining({ start_date: "2026-11-10" })]]],
    ]);
    expect(
      propertyDecorations(
        value({ type: "rollup", rollup: { type: "array", function: "show_original", array: [{ type: "select", select: { name: "Retail" } }, { type: "number", number: 3 }] } }),
      ),
    ).toEqual([["Retail,3"]]);
    expect(propertyDecorations(value({ type: "rollup", rollup: { type: "number", number: null, function: "sum" } }))).toBeNull();
  });

  it("keeps formula results", () => {
    expect(propertyDecorations(value({ type: "formula", formula: { type: "string", string: "Late" } }))).toEqual([["Late"]]);
    expect(propertyDecorations(value({ type: "formula", formula: { type: "boolean", boolean: true } }))).toEqual([["Yes"]]);
  });
});
