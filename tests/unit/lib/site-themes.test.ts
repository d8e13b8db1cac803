import Color from "color";
import { describe, expect, it } from "vitest";
import { SITE_THEME_NAMES, SITE_THEMES } from "@/lib/site-themes";
import { accentColors, accentStyle } from "@/site-server/render/accent";
import { themeCss } from "@/site-server/assets";
import { parseSiteSettings, siteSettingsSchema } from "@/core/sites/site-settings";

/**
 * The looks' colours in numbers, before any browser: text on the page and on its panels passes WCAG AA (4.5:1) in
 * light and dark, code tokens (site.css's Prism colours) read on a look's panels at least as well as on the default's,
 * and an owner's accent is made readable against the look it is on.
 */
const contrast = (a: string, b: string) => Color(a).contrast(Color(b));
const TOKENS = {
  light: ["#6e7781", "#57606a", "#0550ae", "#0a3069", "#cf222e", "#8250df", "#953800"],
  dark: ["#8b949e", "#c9d1d9", "#79c0ff", "#a5d6ff", "#ff7b72", "#d2a8ff", "#ffa657"],
};
const worstToken = (mode: "light" | "dark", on: string) => Math.min(...TOKENS[mode].map((t) => contrast(t, on)));

describe("the looks", () => {
  it("are four to six, the default among them", () => {
    expect(SITE_THEME_NAMES.length).toBeGreaterThanOrEqual(4);
    expect(SITE_THEME_NAMES.length).toBeLessThanOrEqual(6);
    expect(SITE_THEME_NAMES).toContain("default");
  });

  for (const name of SITE_THEME_NAMES) {
    for (const mode of ["light", "dark"] as const) {
      it(`${name}, ${mode}: text and muted text pass AA on the page and its panels; code reads as on the default`, () => {
        const p = SITE_THEMES[name][mode];
        for (const text of [p.fg, p.muted]) for (const bg of [p.bg, p.soft]) expect(contrast(text, bg), `${text} on ${bg}`).toBeGreaterThanOrEqual(4.5);
        expect(worstToken(mode, p.soft)).toBeGreaterThanOrEqual(worstToken(mode, SITE_THEMES.default[mode].soft) - 0.005);
      });

      it(`${name}, ${mode}: a pale accent becomes readable on this look`, () => {
        const p = SITE_THEMES[name][mode];
        const text = accentColors("#ffd84d", name).text[mode];
        for (const bg of [p.bg, p.soft]) expect(contrast(text, bg)).toBeGreaterThanOrEqual(4.5);
      });
    }
  }

  it("writes one rule of custom properties per look besides the default, light and dark in each", () => {
    const css = themeCss();
    expect(css).not.toContain('"default"');
    for (const name of SITE_THEME_NAMES.filter((n) => n !== "default")) {
      const rule = new RegExp(`:root:where\\(\\[data-look="${name}"\\]\\)\\{([^}]*)\\}`).exec(css)?.[1];
      expect(rule, name).toBeDefined();
      expect(rule).toContain(`--bg:light-dark(${SITE_THEMES[name].light.bg},${SITE_THEMES[name].dark.bg})`);
      expect(rule).toContain(`--radius:${SITE_THEMES[name].radius}`);
    }
    // Variables only: a look costs a few hundred bytes.
    expect(css.length / (SITE_THEME_NAMES.length - 1)).toBeLessThan(500);
  });

  it("keeps the default accent style as it was", () => {
    expect(accentStyle("#2255dd")).toBe(accentStyle("#2255dd", "default"));
    expect(accentStyle("#2255dd")).toContain("--accent-text:light-dark(#2255dd,");
  });
});

describe("settings.theme.name", () => {
  it("defaults to the default look and takes any of the looks", () => {
    expect(parseSiteSettings({}).theme.name).toBe("default");
    for (const name of SITE_THEME_NAMES) expect(siteSettingsSchema.parse({ theme: { name } }).theme.name).toBe(name);
  });

  it("refuses an unknown look with the list", () => {
    const result = siteSettingsSchema.safeParse({ theme: { name: "neon" } });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(`must be one of the themes: ${SITE_THEME_NAMES.join(", ")}`);
    expect(result.error!.issues[0]!.path).toEqual(["theme", "name"]);
  });
});
