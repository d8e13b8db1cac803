import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";

const WIDGET = fs.readFileSync(path.resolve(import.meta.dirname, "../../../public/widget.js"));

describe("widget.js", () => {
  it("stays within 10 KB compressed and needs no other file", () => {
    expect(zlib.gzipSync(WIDGET, { level: 9 }).length).toBeLessThanOrEqual(10 * 1024);
    expect(WIDGET.toString()).not.toMatch(/\bimport\b|\brequire\(/);
  });
  it("defines one global only", () => {
    const assignments = WIDGET.toString().match(/window\.[A-Za-z_$]+\s*=/g) ?? [];
    expect(assignments).toEqual(["window.PagewrightWidget ="]);
  });
});
