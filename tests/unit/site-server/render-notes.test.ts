import { afterEach, describe, expect, it, vi } from "vitest";
import { withRenderNotes } from "@/site-server/render/notion-render-notes";

afterEach(() => vi.restoreAllMocks());

describe("react-notion-x's notes while a page renders (issue 21)", () => {
  it("writes one line per page instead of one per missing block, and lets other logs through", () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const html = withRenderNotes("/guide", () => {
      for (let i = 0; i < 40; i++) console.log('"p" missing block', `id-${i}`);
      console.log('"‣" missing user', "u1");
      console.log("missing user", "u2");
      console.log("something else");
      return "<p>ok</p>";
    });
    expect(html).toBe("<p>ok</p>");
    expect(log.mock.calls).toEqual([["something else"], ["[render] /guide: missing block ×40, missing user ×2 (react-notion-x)"]]);
  });

  it("restores console.log even when the render throws, and says nothing when there was nothing", () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const before = console.log;
    expect(() => withRenderNotes("/x", () => { throw new Error("boom"); })).toThrow("boom");
    expect(console.log).toBe(before);
    withRenderNotes("/y", () => "");
    expect(log).not.toHaveBeenCalled();
  });
});
