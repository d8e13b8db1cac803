import { describe, expect, it, vi } from "vitest";
import { toDate } from "@/lib/to-date";

describe("toDate (docs/product.md §8)", () => {
  it.each([
    ["2026-11-22T10:00:00Z", "2026-11-22T10:00:00.000Z"],
    ["2026-11-22", "2026-11-22T00:00:00.000Z"],
    ["2026-11-22T10:00:00+02:00", "2026-11-22T08:00:00.000Z"],
    [0, "1970-01-01T00:00:00.000Z"],
    [1_700_000_000_000, "2023-11-14T22:13:20.000Z"],
    [-86_400_000, "1969-12-31T00:00:00.000Z"],
    [new Date("2020-01-01T00:00:00Z"), "2020-01-01T00:00:00.000Z"],
  ])("%j → %s", (input, iso) => {
    const log = vi.fn();
    expect(toDate(input, log).toISOString()).toBe(iso);
    expect(log).not.toHaveBeenCalled();
  });

  it("returns a copy of a Date, not the caller's object", () => {
    const input = new Date("2020-01-01T00:00:00Z");
    const out = toDate(input, vi.fn());
    expect(out).not.toBe(input);
    expect(out.getTime()).toBe(input.getTime());
  });

  it.each([
    ["not a date"],
    [""],
    [null],
    [undefined],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [new Date("nope")],
  ])("%j falls back to now(), logged once", (input) => {
    const log = vi.fn();
    const now = new Date("2026-11-22T00:00:00Z");
    expect(toDate(input, log, () => now)).toBe(now);
    expect(log).toHaveBeenCalledOnce();
    expect(log.mock.calls[0]?.[0]).toMatch(/Could not convert .* to a date/);
  });
});
