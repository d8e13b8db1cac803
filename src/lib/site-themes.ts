/**
 * The complete looks an owner picks with `settings.theme.name`: colours for light and dark, the type scale, spacing
 * and how cards are drawn. Each is only a set of the custom properties site.css reads (themeCss in
 * src/site-server/assets.ts writes them), so a look adds a few hundred bytes, not rules, and the owner's custom CSS
 * still comes after it. Text colours are chosen to pass WCAG AA on the look's page and panels in both modes
 * (tests/unit/lib/site-themes.test.ts checks them).
 */

type Palette = { bg: string; fg: string; muted: string; line: string; soft: string };

export type SiteTheme = {
  label: string;
  light: Palette;
  dark: Palette;
  /** Body text size, and the page titles' size as a multiple of the default clamp. */
  fontSize: string;
  titleScale: number;
  /** Space above the main column, the corners of cards and panels, a card's border width and shadow. */
  space: string;
  radius: string;
  cardBorder: string;
  cardShadow: string;
  /** The reading column's width. */
  text: string;
};

export const SITE_THEMES = {
  default: {
    label: "Default",
    light: { bg: "#ffffff", fg: "#1f2328", muted: "#59636e", line: "#e5e7eb", soft: "#f6f8fa" },
    dark: { bg: "#0f1115", fg: "#e6e8eb", muted: "#a1a9b3", line: "#2a2f36", soft: "#181b20" },
    fontSize: "17px",
    titleScale: 1,
    space: "32px",
    radius: "12px",
    cardBorder: "1px",
    cardShadow: "none",
    text: "720px",
  },
  paper: {
    label: "Paper: warm, bookish, generous type",
    light: { bg: "#fffdf8", fg: "#2b2520", muted: "#675b4f", line: "#e8e1d4", soft: "#fcfaf4" },
    dark: { bg: "#14120f", fg: "#ece6dc", muted: "#b3a896", line: "#322c24", soft: "#1a1713" },
    fontSize: "18px",
    titleScale: 1.1,
    space: "48px",
    radius: "4px",
    cardBorder: "1px",
    cardShadow: "none",
    text: "680px",
  },
  slate: {
    label: "Slate: cool and compact, raised cards",
    light: { bg: "#f8fafc", fg: "#0f172a", muted: "#475569", line: "#dfe5ec", soft: "#ffffff" },
    dark: { bg: "#0b1120", fg: "#e2e8f0", muted: "#94a3b8", line: "#243044", soft: "#111827" },
    fontSize: "16px",
    titleScale: 0.9,
    space: "24px",
    radius: "8px",
    cardBorder: "1px",
    cardShadow: "0 1px 3px rgb(15 23 42 / 0.12)",
    text: "760px",
  },
  contrast: {
    label: "Contrast: black and white, square, strong borders",
    light: { bg: "#ffffff", fg: "#000000", muted: "#3f3f3f", line: "#1a1a1a", soft: "#f9f9f9" },
    dark: { bg: "#000000", fg: "#ffffff", muted: "#c7c7c7", line: "#e0e0e0", soft: "#0f0f0f" },
    fontSize: "18px",
    titleScale: 1,
    space: "32px",
    radius: "0px",
    cardBorder: "2px",
    cardShadow: "none",
    text: "700px",
  },
  friendly: {
    label: "Friendly: rounded, soft shadows, airy",
    light: { bg: "#ffffff", fg: "#231f2e", muted: "#5b566d", line: "#ebe8f2", soft: "#faf9fd" },
    dark: { bg: "#121016", fg: "#ece9f3", muted: "#aaa4bb", line: "#2e2a38", soft: "#1a1720" },
    fontSize: "17px",
    titleScale: 1.05,
    space: "40px",
    radius: "20px",
    cardBorder: "1px",
    cardShadow: "0 6px 20px rgb(35 31 46 / 0.08)",
    text: "720px",
  },
} as const satisfies Record<string, SiteTheme>;

export type SiteThemeName = keyof typeof SITE_THEMES;
export const SITE_THEME_NAMES = Object.keys(SITE_THEMES) as [SiteThemeName, ...SiteThemeName[]];
