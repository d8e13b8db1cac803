import { LRUCache } from "lru-cache";
import type { Db } from "@/db/client";
import { monotonicMs } from "@/lib/clock";
import { readSnapshotPages, readSyncState, type SyncState } from "./snapshot-store";
import type { SiteSnapshot } from "./site-content";

/** How long a reader trusts the in-memory snapshot version before checking the database again. */
export const STATE_TTL_MS = 1_000;

/** Parsed JSON takes a few times its text size in memory; the bound counts text bytes times this. */
const PARSED_SIZE_FACTOR = 3;

/** This process's copies of sites' snapshots, bounded by bytes, each checked against the database's version. */
export function createSnapshotCache(db: Db, cacheBytes: number) {
  const cache = new LRUCache<string, { snapshot: SiteSnapshot; checkedAt: number; bytes: number; askedAt?: number }>({
    maxSize: cacheBytes,
    sizeCalculation: (entry) => Math.max(1, entry.bytes * PARSED_SIZE_FACTOR),
  });

  /**
   * The stored snapshot (null when none yet). Page bodies come from memory while the version is unchanged, and the
   * version itself is re-read at most once per STATE_TTL_MS, so a busy site costs no query per request.
   */
  async function getSnapshot(siteId: string, opts: { fresh?: boolean } = {}): Promise<SiteSnapshot | null> {
    const cached = opts.fresh ? undefined : peekSnapshot(siteId);
    if (cached) return cached;
    const held = cache.get(siteId);
    let state: SyncState | null;
    try {
      state = await readSyncState(db, siteId);
    } catch (err) {
      // The database is unavailable: the snapshot this process holds is still the last good one (asked again later).
      if (!held || opts.fresh) throw err;
      held.checkedAt = monotonicMs();
      return held.snapshot;
    }
    if (!state || state.version === 0) {
      cache.delete(siteId);
      return null;
    }
    if (held && held.snapshot.version === state.version) {
      Object.assign(held.snapshot, state);
      held.checkedAt = monotonicMs();
      return held.snapshot;
    }
    const { pages, bytes } = await readSnapshotPages(db, siteId);
    let lastEditedAt = 0;
    for (const page of pages.values()) lastEditedAt = Math.max(lastEditedAt, page.lastEditedTime || 0);
    const snapshot: SiteSnapshot = { ...state, siteId, pages, lastEditedAt };
    cache.set(siteId, { snapshot, checkedAt: monotonicMs(), bytes });
    return snapshot;
  }

  /** The snapshot held in memory while its version was checked within STATE_TTL_MS; the cached page path needs no await. */
  function peekSnapshot(siteId: string): SiteSnapshot | undefined {
    const cached = cache.get(siteId);
    return cached && monotonicMs() - cached.checkedAt < STATE_TTL_MS ? cached.snapshot : undefined;
  }

  return { cache, getSnapshot, peekSnapshot };
}
