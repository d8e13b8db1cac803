import { describe, expect, it, vi } from "vitest";
import { safeJsonParse } from "@/lib/safe-json";

describe("safeJsonParse (docs/product.md §8)", () => {
  it.each([
    ['{"a":1}', { a: 1 }],
    ["[1,2,3]", [1, 2, 3]],
    ['"text"', "text"],
    ["42", 42],
    ["true", true],
    [" {\"nested\":{\"b\":[null]}} ", { nested: { b: [null] } }],
  ])("%j parses", (text, value) => {
    const log = vi.fn();
    expect(safeJsonParse(text, log)).toEqual(value);
    expect(log).not.toHaveBeenCalled();
  });

  it.each([["{oops"], [""], ["undefined"], ["{'a':1}"], ['{"a":1,}'], ["NaN"]])("%j gives null, logged once", (text) => {
    const log = vi.fn();
    expect(safeJsonParse(text, log)).toBeNull();
    expect(log).toHaveBeenCalledOnce();
    expect(log.mock.calls[0]?.[0]).toMatch(/^Could not parse JSON \(\d+ chars/);
  });

  it("logs a short message without echoing the input", () => {
    const log = vi.fn();
    const secret = `{"token":"sk_live_${"x".repeat(500)}" oops}`;
    expect(safeJsonParse(secret, log)).toBeNull();
    const message = String(log.mock.calls[0]?.[0]);
    expect(message).not.toContain("sk_live");
    expect(message.length).toBeLessThan(80);
    expect(message).toContain(`${secret.length} chars`);
    expect(message).toMatch(/position \d+/);
  });
});
