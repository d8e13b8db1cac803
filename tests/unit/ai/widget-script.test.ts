import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { widgetScript } from "@/site-server/assets";

// The script served at /_/widget.js and at the app's /widget.js, as bundled from src/site-server/browser/widget.ts.
const WIDGET = widgetScript().body;

describe("widget.js", () => {
  it("stays within 10 KB compressed and needs no other file", () => {
    expect(zlib.gzipSync(WIDGET, { level: 9 }).length).toBeLessThanOrEqual(10 * 1024);
    expect(WIDGET.toString()).not.toMatch(/\bimport\b|\brequire\(/);
  });
  it("defines one global only", () => {
    const assignments = WIDGET.toString().match(/window\.[A-Za-z_$]+\s*=(?!=)/g) ?? [];
    expect(assignments.map((a) => a.replace(/\s/g, ""))).toEqual(["window.PagewrightWidget="]);
  });
});
