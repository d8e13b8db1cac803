import { runWantedRefreshes } from "@/core/refresh/run-wanted-refreshes";
import { reportError } from "@/integrations/error-reporting";
import type { Runtime } from "./index";

/** How often an idle worker looks for refreshes that sites-role processes asked for. */
const POLL_MS = 1_000;
/** Refreshes one worker runs at once (Notion's own queue still bounds the requests). */
const BATCH = 4;

/**
 * The background loop of worker (and all-in-one) processes on PostgreSQL: runs the refreshes readers of sites-role
 * processes asked for. Returns a stop function that waits for the batch under way.
 */
export function startRefreshWorker(runtime: Pick<Runtime, "db" | "content">): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = runWantedRefreshes({ db: runtime.db, content: runtime.content, log: (m) => console.error(m) }, BATCH).then(
      (done) => schedule(done.length === BATCH ? 0 : POLL_MS),
      (err: unknown) => {
        reportError(err, { where: "refresh worker" });
        schedule(POLL_MS);
      },
    );
  };
  const schedule = (ms: number) => {
    if (!stopped) timer = setTimeout(tick, ms);
  };
  schedule(0);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running.catch(() => undefined);
  };
}
