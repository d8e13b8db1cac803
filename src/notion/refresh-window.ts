/**
 * How long a read site's snapshot stays fresh, following the site's life (docs/notion.md, "Freshness"): a site edited in the
 * last hour is refreshed every `activeMs` while read, one quiet for over an hour every `quietMs`, one unchanged for
 * over a day every `idleMs` (never below `activeMs`). A site nobody reads is never refreshed: reads start refreshes.
 */
export type RefreshWindows = { activeMs: number; quietMs: number; idleMs: number };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export function refreshWindowMs(lastEditedAt: number, now: number, windows: RefreshWindows): number {
  const age = lastEditedAt > 0 ? now - lastEditedAt : Infinity;
  if (age <= HOUR_MS) return windows.activeMs;
  if (age <= DAY_MS) return Math.max(windows.activeMs, windows.quietMs);
  return Math.max(windows.activeMs, windows.idleMs);
}
