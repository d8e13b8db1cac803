import fs from "node:fs";
import path from "node:path";
import { RATE_LIMITS } from "../src/core/usage/rate-limits";

// npm run security:docs — writes the limits table of docs/security.md from RATE_LIMITS.
export const LIMITS_START = "<!-- limits:start (generated from RATE_LIMITS by `npm run security:docs`) -->";
export const LIMITS_END = "<!-- limits:end -->";

const per = (minutes: number) => (minutes === 1 ? "a minute" : minutes === 60 ? "an hour" : minutes === 24 * 60 ? "a day" : `per ${minutes} minutes`);
const cell = (text: string) => text.replace(/\|/g, "\\|");

export function renderLimitsTable(): string {
  const rows = Object.entries(RATE_LIMITS).map(([name, l]) => `| \`${name}\` | ${l.limit} ${per(l.minutes)} | ${cell(l.key)} | ${cell(l.atLimit)} |`);
  return ["| limit | value | counted per | at the limit |", "|---|---|---|---|", ...rows].join("\n");
}

/** docs/security.md with the generated table between its markers. */
export function withLimitsTable(markdown: string): string {
  const start = markdown.indexOf(LIMITS_START);
  const end = markdown.indexOf(LIMITS_END);
  if (start < 0 || end < start) throw new Error("docs/security.md has no limits markers");
  return `${markdown.slice(0, start + LIMITS_START.length)}\n${renderLimitsTable()}\n${markdown.slice(end)}`;
}

export const SECURITY_DOC = path.resolve(import.meta.dirname, "../docs/security.md");

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  fs.writeFileSync(SECURITY_DOC, withLimitsTable(fs.readFileSync(SECURITY_DOC, "utf8")));
  console.log(`wrote the limits table in ${path.relative(process.cwd(), SECURITY_DOC)}`);
}
