import Color, { type ColorInstance } from "color";
import { SITE_THEMES, type SiteThemeName } from "@/lib/site-themes";

/**
 * The owner's accent colour as text and fills that pass WCAG AA (4.5:1) wherever the stylesheet puts them: links and
 * current items on the page and on its soft panels, in light and in dark mode, and white text on an accent fill. The
 * accent is moved towards black (light mode, fills) or white (dark mode) only as far as it needs; a colour that
 * already passes is kept as it is.
 */

/** Backgrounds accent text sits on: the page and its panels (--bg and --soft) of the site's look, light and dark. */
const backgroundsOf = (look: SiteThemeName, mode: "light" | "dark") => [SITE_THEMES[look][mode].bg, SITE_THEMES[look][mode].soft];
const AA = 4.5;

export type AccentColors = { text: { light: string; dark: string }; fill: string };

function readableOn(accent: ColorInstance, backgrounds: string[], towards: string): string {
  const target = Color(towards);
  for (let step = 0; step <= 20; step++) {
    const candidate = accent.mix(target, step / 20);
    if (backgrounds.every((b) => candidate.contrast(Color(b)) >= AA)) return candidate.hex().toLowerCase();
  }
  return target.hex().toLowerCase();
}

const cache = new Map<string, AccentColors>();

export function accentColors(accent: string, look: SiteThemeName = "default"): AccentColors {
  const key = `${accent} ${look}`;
  const known = cache.get(key);
  if (known) return known;
  let base: ColorInstance;
  try {
    base = Color(accent);
  } catch {
    base = Color("#2255dd");
  }
  const colors = {
    text: { light: readableOn(base, backgroundsOf(look, "light"), "#000000"), dark: readableOn(base, backgroundsOf(look, "dark"), "#ffffff") },
    fill: readableOn(base, ["#ffffff"], "#000000"),
  };
  if (cache.size > 1000) cache.clear();
  cache.set(key, colors);
  return colors;
}

/** The custom properties site.css reads: --accent as the owner chose it, --accent-text and --accent-fill readable. */
export function accentStyle(accent: string, look: SiteThemeName = "default"): string {
  const { text, fill } = accentColors(accent, look);
  return `:root{--accent:${accent};--accent-text:light-dark(${text.light},${text.dark});--accent-fill:${fill}}`;
}
