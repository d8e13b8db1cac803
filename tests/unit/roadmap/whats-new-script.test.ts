import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { votesScript, whatsNewScript } from "@/site-server/assets";

// The What's-new widget owners embed in their own app: the same rules as the chat widget (issue 26).
const WIDGET = whatsNewScript().body;

describe("whats-new.js", () => {
  it("stays within 10 KB compressed and needs no other file", () => {
    expect(zlib.gzipSync(WIDGET, { level: 9 }).length).toBeLessThanOrEqual(10 * 1024);
    expect(WIDGET.toString()).not.toMatch(/\bimport\b|\brequire\(/);
  });
  it("defines one global only and draws inside its own shadow DOM", () => {
    const assignments = WIDGET.toString().match(/window\.[A-Za-z_$]+\s*=(?!=)/g) ?? [];
    expect(assignments.map((a) => a.replace(/\s/g, ""))).toEqual(["window.PagewrightWhatsNew="]);
    expect(WIDGET.toString()).toContain("attachShadow");
  });
  it("the roadmap's vote island is small", () => {
    expect(zlib.gzipSync(votesScript().body, { level: 9 }).length).toBeLessThanOrEqual(2 * 1024);
  });
});
