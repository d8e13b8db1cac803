import { pushRoadmapToNotion, type RoadmapNotionDeps } from "./push-roadmap-to-notion";

const RETRY_AFTER_MS = 60_000;

/**
 * Runs pushRoadmapToNotion in the background, one push per site at a time (a vote during a push queues exactly one
 * more, which sees it). A push with failures is tried again a minute later, and each refresh of the site tries too,
 * so a write Notion refused or never answered is retried until it lands; the votes wait in our database meanwhile.
 */
export function createRoadmapNotionWriter(
  deps: RoadmapNotionDeps & { afterRowsCreated?: (siteId: string) => void; retryAfterMs?: number; log?: (message: string, error?: unknown) => void },
) {
  const log = deps.log ?? ((message: string, error?: unknown) => console.error(message, error instanceof Error ? error.message : (error ?? "")));
  const chains = new Map<string, Promise<void>>();
  const queued = new Set<string>();
  const retries = new Map<string, NodeJS.Timeout>();

  async function run(siteId: string): Promise<void> {
    const result = await pushRoadmapToNotion(deps, siteId).catch((err: unknown) => {
      log(`[roadmap] writing votes to Notion for site ${siteId} failed; retrying later`, err);
      return { created: 0, writes: 0, failed: 1 };
    });
    if (result.created) deps.afterRowsCreated?.(siteId);
    if (result.failed && !retries.has(siteId)) {
      const timer = setTimeout(() => {
        retries.delete(siteId);
        schedule(siteId);
      }, deps.retryAfterMs ?? RETRY_AFTER_MS);
      timer.unref?.();
      retries.set(siteId, timer);
    }
  }

  function schedule(siteId: string): void {
    if (queued.has(siteId)) return;
    queued.add(siteId);
    const next = (chains.get(siteId) ?? Promise.resolve())
      .then(() => {
        queued.delete(siteId);
        return run(siteId);
      })
      .finally(() => {
        if (chains.get(siteId) === next) chains.delete(siteId);
      });
    chains.set(siteId, next);
  }

  return {
    /** After a vote, an approved idea, a settings change or a refresh of a roadmap read through the official API. */
    schedule,
    /** Waits for running pushes (tests, shutdown). */
    async idle(): Promise<void> {
      while (chains.size) await Promise.allSettled([...chains.values()]);
    },
    stop(): void {
      for (const timer of retries.values()) clearTimeout(timer);
      retries.clear();
    },
  };
}

export type RoadmapNotionWriter = ReturnType<typeof createRoadmapNotionWriter>;
