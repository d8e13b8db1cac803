import type { Db } from "@/db/client";
import { logNotionProblem } from "./log";
import { recordProgress } from "./snapshot-store";

export type SyncProgress = { done: number; found: number };

/** How often a refresh's progress is written at most: the dashboard polls about this often. */
const WRITE_EVERY_MS = 1_000;

/**
 * A refresh's progress kept on its sync row (site_syncs.pages_done / pages_found), so the dashboard of any process
 * shows it: the first report at once, then at most one write a second, one at a time, the latest figures winning.
 * Each write also extends the refresh's lease (recordProgress). A failed write is logged and forgotten: progress is
 * a courtesy, never a reason to fail the refresh.
 */
export function syncProgressWriter(db: Db, siteId: string, owner: string, leaseMs: number, everyMs = WRITE_EVERY_MS) {
  let latest: SyncProgress | null = null;
  let writtenAt = Number.NEGATIVE_INFINITY;
  let writing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const write = () => {
    timer = null;
    if (stopped || writing || !latest) return;
    const progress = latest;
    latest = null;
    writtenAt = performance.now();
    writing = recordProgress(db, siteId, owner, progress, leaseMs)
      .catch((err: unknown) => logNotionProblem(`[notion] could not record the progress of site ${siteId}'s sync`, err))
      .finally(() => {
        writing = null;
        if (latest) schedule();
      });
  };
  const schedule = () => {
    if (timer || stopped) return;
    const wait = Math.max(0, writtenAt + everyMs - performance.now());
    if (wait === 0 && !writing) return write();
    timer = setTimeout(write, Math.max(wait, 10));
    timer.unref?.();
  };

  return {
    report(progress: SyncProgress) {
      latest = progress;
      schedule();
    },
    /** No more writes; waits for one under way, so it can't land after the snapshot's own write. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await writing;
    },
  };
}
