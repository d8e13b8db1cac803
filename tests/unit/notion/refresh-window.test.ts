import { describe, expect, it } from "vitest";
import { refreshWindowMs } from "@/notion/refresh-window";

const windows = { activeMs: 10_000, quietMs: 60_000, idleMs: 300_000 };
const now = Date.parse("2026-11-27T12:00:00Z");
const HOUR = 3_600_000;

describe("refreshWindowMs", () => {
  it("follows the site's newest edit: active within the hour, quiet within the day, idle past it", () => {
    expect(refreshWindowMs(now - 5 * 60_000, now, windows)).toBe(10_000);
    expect(refreshWindowMs(now - 2 * HOUR, now, windows)).toBe(60_000);
    expect(refreshWindowMs(now - 3 * 24 * HOUR, now, windows)).toBe(300_000);
  });

  it("treats an unknown edit time as idle", () => {
    expect(refreshWindowMs(0, now, windows)).toBe(300_000);
  });

  it("never goes below the active interval", () => {
    expect(refreshWindowMs(now - 3 * 24 * HOUR, now, { activeMs: 600_000, quietMs: 60_000, idleMs: 0 })).toBe(600_000);
  });
});
