import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * The faces a social card needs, from the fontsource packages we ship (Inter for Latin, Greek and Cyrillic; Noto Sans
 * SC for Chinese, Japanese kana and the rest of CJK). Each package is cut into subsets by Unicode range (its
 * `unicode.json`); a card loads only the subsets its text uses, each file read once per process and kept.
 */

export type CardFont = { name: string; data: Buffer; weight: 400 | 700; style: "normal" };

type Family = { name: string; pkg: string; prefix: string };
/** In fallback order: a glyph missing from the first comes from the next. */
const FAMILIES: Family[] = [
  { name: "Inter", pkg: "@fontsource/inter", prefix: "inter" },
  { name: "Noto Sans SC", pkg: "@fontsource/noto-sans-sc", prefix: "noto-sans-sc" },
];
const WEIGHTS = [400, 700] as const;

type Subset = { family: Family; key: string; file: string; ranges: [number, number][] };

const require = createRequire(import.meta.url);
let subsets: Subset[] | null = null;
/** Font selections kept (oldest out first): Latin-only titles share one; CJK titles vary by the slices they touch. */
const MAX_SELECTIONS = 16;
const selections = new Map<string, CardFont[]>();
/** Each font file read once per process, shared by every selection. */
const files = new Map<string, Buffer>();
const readFont = (file: string) => {
  let data = files.get(file);
  if (!data) {
    data = fs.readFileSync(file);
    files.set(file, data);
  }
  return data;
};

function parseRanges(spec: string): [number, number][] {
  return spec.split(",").map((part) => {
    const [lo, hi] = part.trim().replace(/^U\+/i, "").split("-");
    return [parseInt(lo!, 16), parseInt(hi ?? lo!, 16)];
  });
}

function allSubsets(): Subset[] {
  if (subsets) return subsets;
  subsets = FAMILIES.flatMap((family) => {
    const dir = path.dirname(require.resolve(`${family.pkg}/package.json`));
    const table = JSON.parse(fs.readFileSync(path.join(dir, "unicode.json"), "utf8")) as Record<string, string>;
    // "[12]" names a numbered slice (file "<prefix>-12-…"), anything else a named subset ("latin").
    return Object.entries(table).map(([key, spec]) => ({ family, key, file: path.join(dir, "files", `${family.prefix}-${key.replace(/^\[(\d+)\]$/, "$1")}`), ranges: parseRanges(spec) }));
  });
  return subsets;
}

const covers = (subset: Subset, cp: number) => subset.ranges.some(([lo, hi]) => cp >= lo && cp <= hi);

/**
 * The faces (regular and bold) of every subset that holds a character of `text`; Latin basics always. The same
 * selection returns the same array, which satori keeps its parsed fonts by: a card reuses them instead of parsing
 * every face again.
 */
export function cardFontsFor(text: string): CardFont[] {
  const codePoints = new Set<number>([0x41]);
  for (const ch of text) codePoints.add(ch.codePointAt(0)!);
  // Per character the first subset that has it, in the families' order: Inter for Latin, Noto only for the rest.
  const chosen = [...new Set([...codePoints].map((cp) => allSubsets().find((subset) => covers(subset, cp))).filter((x): x is Subset => Boolean(x)))];
  const key = chosen.map((s) => s.file).join("\n");
  let fonts = selections.get(key);
  if (fonts) return fonts;
  fonts = chosen.flatMap((subset) =>
    // One name per subset: satori keeps one face per name and weight, and falls back across names glyph by glyph.
    WEIGHTS.map((weight) => ({ name: `${subset.family.name} ${subset.key}`, data: readFont(`${subset.file}-${weight}-normal.woff`), weight, style: "normal" as const })),
  );
  if (selections.size >= MAX_SELECTIONS) selections.delete(selections.keys().next().value!);
  selections.set(key, fonts);
  return fonts;
}
