/**
 * Plain per-process counters for the operator's metrics: integers bumped where the work happens, read by
 * the Prometheus endpoint when it is scraped. A bump is one integer add, so the page path pays nothing measurable;
 * on globalThis so the Next bundle and the server count into one table.
 */
export type ProcessCounters = {
  /** Requests through the front door, by what they were for. */
  requests: { app: number; site: number; other: number };
  /** Rendered-response cache of the site server: lookups, and renders on a miss. */
  pageCache: { lookups: number; renders: number };
};

const COUNTERS_KEY = Symbol.for("app.process-counters");

export function processCounters(): ProcessCounters {
  const g = globalThis as typeof globalThis & { [COUNTERS_KEY]?: ProcessCounters };
  return (g[COUNTERS_KEY] ??= { requests: { app: 0, site: 0, other: 0 }, pageCache: { lookups: 0, renders: 0 } });
}
