import type { Db } from "@/db/client";
import { logNotionProblem } from "./log";
import { extendLease } from "./snapshot-store";

/** Renewals per lease: a renewal may be late or fail twice before another process can take the site over. */
const BEATS_PER_LEASE = 3;

/**
 * Keeps a running refresh's lease alive: every leaseMs / 3 it is pushed leaseMs ahead. The lease itself stays short
 * (REFRESH_LEASE_SECONDS, 10 s by default), so when the process dies — killed, out of memory, its machine gone — its
 * beats stop and another process (or its own restart) takes the site over within seconds, while a refresh that
 * waits a minute on one slow Notion answer still keeps its site. A failed renewal is logged; the snapshot's write
 * checks the lease itself.
 */
export function startLeaseHeartbeat(db: Db, siteId: string, owner: string, leaseMs: number): { stop(): void } {
  let beating: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (beating) return;
    beating = extendLease(db, siteId, owner, leaseMs)
      .catch((err: unknown) => logNotionProblem(`[notion] could not renew the refresh lease of site ${siteId}`, err))
      .finally(() => (beating = null));
  }, Math.max(500, Math.floor(leaseMs / BEATS_PER_LEASE)));
  timer.unref?.();
  return { stop: () => clearInterval(timer) };
}
