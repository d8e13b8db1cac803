import type { BenchRow } from "./sync";

/**
 * `npm run bench`: benchmarks that print tables. Figures are wall times on this machine; compare rows of one run
 * (ratios), not runs on different machines. Never used as assertions in tests.
 */

// React and friends pick their production builds at import time, like the server does: set it before loading them.
(process.env as Record<string, string | undefined>).NODE_ENV ??= "production";

const benches: Record<string, () => Promise<BenchRow[]>> = {
  sync: async () => (await import("./sync")).benchSync(),
  sites: async () => (await import("./sites")).benchSites(),
  lighthouse: async () => (await import("./lighthouse")).benchLighthouse(),
  ai: async () => (await import("./ai")).benchAi(),
  answers: async () => (await import("./answers")).benchAnswers(),
  memory: async () => (await import("./memory")).benchMemory(),
  roles: async () => (await import("./roles")).benchRoles(),
  analytics: async () => (await import("./analytics")).benchAnalytics(),
  webhooks: async () => (await import("./webhooks")).benchWebhooks(),
  scale: async () => (await import("./scale")).benchScale(),
  "first-sync": async () => (await import("./first-sync")).benchFirstSync(),
  cards: async () => (await import("./cards")).benchCards(),
  search: async () => (await import("./search")).benchSearch(),
  cdn: async () => (await import("./cdn")).benchCdn(),
  "a11y-lighthouse": async () => (await import("./a11y-lighthouse")).benchA11yLighthouse(),
  export: async () => (await import("./export")).benchExport(),
  newsletters: async () => (await import("./newsletters")).benchNewsletters(),
};
/** Long runs left out of the default `npm run bench`; name them to run them (`npm run bench -- memory`). */
const ON_REQUEST = new Set(["memory", "roles", "analytics", "webhooks", "scale", "first-sync", "cdn", "a11y-lighthouse", "export", "newsletters"]);

// Options such as `--seconds=N` (bench/scale.ts) are not bench names.
const only = process.argv.slice(2).filter((a) => !a.startsWith("--"));
for (const [name, run] of Object.entries(benches)) {
  if (only.length ? !only.includes(name) : ON_REQUEST.has(name)) continue;
  console.log(`\n## ${name}\n`);
  printTable(await run());
}

function printTable(rows: BenchRow[]): void {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const width = (c: string) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? "").length));
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  console.log(line(columns.map((c) => c.padEnd(width(c)))));
  console.log(line(columns.map((c) => "-".repeat(width(c)))));
  for (const r of rows) console.log(line(columns.map((c) => (typeof r[c] === "number" ? String(r[c]).padStart(width(c)) : String(r[c] ?? "").padEnd(width(c))))));
}
