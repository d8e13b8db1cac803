import type { CdnPurger } from "@/integrations/cdn";
import { siteCacheTag } from "@/lib/cdn-tags";
import type { SiteEvents } from "./site-events";

/**
 * Purges the CDN in front of published sites when a site changes, by the site's cache tag. Never in the way of the
 * change itself: a purge runs in the background, a failed one is logged and tried again (RETRY_DELAYS_MS), and after
 * the last try the CDN's copies still expire by their `s-maxage`. Purges asked for together go out as one request.
 *
 * Each purge is sent again SETTLE_MS later: another process may still have answered the CDN's refetch from its old
 * snapshot (a process re-reads a site's version at most once a second), and that copy must not stay.
 */

export const RETRY_DELAYS_MS = [1_000, 5_000, 30_000] as const;
export const SETTLE_MS = 2_000;

export type CdnPurges = {
  /** Drop every cached response of this site from the CDN (now, and once more after SETTLE_MS). */
  purgeSite(siteId: string): void;
  stop(): void;
};

export function createCdnPurges(
  purger: CdnPurger | null,
  { retryDelaysMs = RETRY_DELAYS_MS, settleMs = SETTLE_MS, log = (line: string) => console.error(line) }: { retryDelaysMs?: readonly number[]; settleMs?: number; log?: (line: string) => void } = {},
): CdnPurges {
  if (!purger) return { purgeSite: () => {}, stop: () => {} };
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timer.unref?.();
    timers.add(timer);
  };
  let batch: Set<string> | null = null;

  function send(tags: string[], attempt: number): void {
    purger!.purgeTags(tags).then(
      () => {
        if (attempt > 0) log(`[cdn] ${purger!.provider} purge of ${tags.join(" ")} went through on try ${attempt + 1}`);
      },
      (err: Error) => {
        const delay = retryDelaysMs[attempt];
        log(`[cdn] ${err.message}${delay === undefined ? " (giving up; cached copies expire by s-maxage)" : ` (trying again in ${delay} ms)`}`);
        if (delay !== undefined) later(delay, () => send(tags, attempt + 1));
      },
    );
  }

  function queue(tag: string): void {
    if (batch) return void batch.add(tag);
    batch = new Set([tag]);
    // Everything asked for in this turn of the event loop goes in one request.
    setImmediate(() => {
      const tags = [...batch!];
      batch = null;
      send(tags, 0);
    });
  }

  return {
    purgeSite(siteId) {
      const tag = siteCacheTag(siteId);
      queue(tag);
      later(settleMs, () => queue(tag));
    },
    stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

/** Site events whose every emit here (an operation that changed a site) also purges the CDN; received ones do not. */
export function withCdnPurges<T extends SiteEvents>(events: T, purges: CdnPurges): T {
  return {
    ...events,
    emitSiteChanged(siteId: string) {
      events.emitSiteChanged(siteId);
      purges.purgeSite(siteId);
    },
    async close() {
      purges.stop();
      await events.close();
    },
  };
}
