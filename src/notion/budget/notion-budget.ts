import crypto from "node:crypto";
import { type Db } from "@/db/client";
import { logNotionProblem } from "../log";
import { budgetRows, type BucketRows, type TakeVerdict } from "./budget-rows";
import { currentNotionRequest, NO_CONTEXT, NOTION_PRIORITIES, rankOf, type NotionPriority, type NotionRequestContext } from "./request-context";
import { nextWaiter } from "./waiter-order";

/**
 * The cluster's Notion request budget (docs/notion.md, docs/decisions.md): every request to Notion first takes a
 * token from its bucket, a row in the database refilled at `requestsPerSecond` on the database's clock, so every
 * process on the database shares one rate, and a 429's cool-down (`pause`) holds for all of them. Within a process,
 * waiting requests are served most urgent first (owner > webhook > reader > sweep) and, within a priority, owner by
 * owner in turn (first in, first out for each owner), so one owner's hundred requests can't starve another's one —
 * except that a piece of work already under way (a refresh whose first requests went) goes before one not yet begun,
 * for its first few requests: a refresh of three requests in a row then waits for one turn, not three. A request made
 * for many sites at once (their edit times asked together) also goes first within its priority, at most once a second,
 * so polls keep moving without such requests taking the whole budget.
 * Across processes, each process advertises the most urgent priority it waits at, and no process grants a less
 * urgent request while another's fresh advertisement outranks it. PGlite and PostgreSQL run the same code.
 */

export type NotionBudget = {
  /** Waits until a request for `bucket` may go, at the priority and owner of the current context. */
  take(bucket: string): Promise<void>;
  /** Notion answered 429: nobody in the cluster sends to `bucket` for `ms`. */
  pause(bucket: string, ms: number): Promise<void>;
  /** What this process waits for now, by priority (metrics, tests). */
  waiting(): Record<NotionPriority, number>;
  /** Requests this process was let through, by priority. */
  granted(): Record<NotionPriority, number>;
  /** Stops granting; requests still waiting fail. */
  close(): Promise<void>;
};

export type NotionBudgetOptions = {
  db: Db;
  /** Requests per second per bucket, for the whole cluster. */
  requestsPerSecond: number;
  /**
   * Tokens a quiet bucket saves up. Default 1: requests leave evenly spaced, so no second ever sees more than the rate
   * (with a second's worth saved, a quiet bucket could send twice the rate within one second and draw a 429).
   */
  burst?: number;
  log?: (message: string, error?: unknown) => void;
};

/** A piece of work under way goes first for this many of its requests; past them (a big site), it takes turns again. */
const CONTINUATION_REQUESTS = 6;
/** A shared request goes first within its priority at most this often (otherwise it takes turns like an owner). */
const SHARED_FIRST_EVERY_MS = 1_000;

type Waiter = { rank: number; owner: string; seq: number; work: NotionRequestContext; resolve: () => void; reject: (err: Error) => void };
/** An owner's turns are counted per priority: a page check in the dashboard does not send their site's refresh to the back. */
const turnKey = (w: Waiter) => `${w.rank}:${w.owner}`;
type Bucket = BucketRows & { waiters: Waiter[]; turns: Map<string, number>; pumping: boolean };

const emptyCounts = (): Record<NotionPriority, number> => ({ owner: 0, webhook: 0, reader: 0, sweep: 0 });

export function createNotionBudget({ db, requestsPerSecond, burst = 1, log = logNotionProblem }: NotionBudgetOptions): NotionBudget {
  const processId = `${process.pid}-${crypto.randomUUID()}`;
  const buckets = new Map<string, Bucket>();
  const grantedCounts = emptyCounts();
  let seq = 0;
  let turn = 0;
  let closed = false;
  /** Requests let through per piece of work (a withNotionPriority call). */
  const grantsOf = new WeakMap<NotionRequestContext, number>();
  let sharedGrantedAt = Number.NEGATIVE_INFINITY;
  const goesFirst = (w: Waiter) => {
    if (w.work.shared) return performance.now() - sharedGrantedAt >= SHARED_FIRST_EVERY_MS;
    const n = w.work === NO_CONTEXT ? 0 : (grantsOf.get(w.work) ?? 0);
    return n > 0 && n < CONTINUATION_REQUESTS;
  };
  const { ensureRow, tryTake, advertise, withdraw, pause: pauseRow } = budgetRows({ db, processId, burst, requestsPerSecond });
  const next = (bucket: Bucket) => nextWaiter(bucket.waiters, bucket.turns, goesFirst, turnKey);
  const sleeps = new Set<{ timer: NodeJS.Timeout; done: () => void }>();

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const entry = { timer: setTimeout(() => finish(), ms), done: () => finish() };
      const finish = () => {
        clearTimeout(entry.timer);
        sleeps.delete(entry);
        resolve();
      };
      sleeps.add(entry);
    });

  async function pump(name: string, bucket: Bucket): Promise<void> {
    if (bucket.pumping) return;
    bucket.pumping = true;
    try {
      while (bucket.waiters.length && !closed) {
        const waiter = next(bucket);
        let verdict: TakeVerdict;
        try {
          await ensureRow(name, bucket);
          verdict = await tryTake(name, waiter.rank);
        } catch (err) {
          // The database is unreachable: go on at this process's own pace rather than stop every Notion request.
          log("[notion] budget: could not take a token from the database; pacing this process alone", err);
          await sleep(1000 / requestsPerSecond);
          verdict = { ok: true };
        }
        if (verdict.ok) {
          bucket.waiters.splice(bucket.waiters.indexOf(waiter), 1);
          bucket.turns.set(turnKey(waiter), ++turn);
          if (waiter.work !== NO_CONTEXT) grantsOf.set(waiter.work, (grantsOf.get(waiter.work) ?? 0) + 1);
          if (waiter.work.shared) sharedGrantedAt = performance.now();
          grantedCounts[NOTION_PRIORITIES[waiter.rank]!]++;
          waiter.resolve();
          continue;
        }
        await advertise(name, bucket, waiter.rank).catch((err: unknown) => log("[notion] budget: could not advertise a wait", err));
        await sleep(verdict.waitMs);
      }
      await withdraw(name, bucket).catch((err: unknown) => log("[notion] budget: could not withdraw a wait", err));
    } finally {
      bucket.pumping = false;
      // A waiter that arrived while the loop was leaving.
      if (bucket.waiters.length && !closed) void pump(name, bucket);
    }
  }

  function bucketOf(name: string): Bucket {
    let bucket = buckets.get(name);
    if (!bucket) {
      bucket = { waiters: [], turns: new Map(), pumping: false, advertised: null, created: false };
      buckets.set(name, bucket);
    }
    // Owners' turns only need to be remembered while they matter: forget them when nobody waits.
    if (!bucket.waiters.length && bucket.turns.size > 1_000) bucket.turns.clear();
    return bucket;
  }

  return {
    take(name) {
      if (closed) return Promise.reject(new Error("The Notion budget is closed"));
      const work = currentNotionRequest();
      const bucket = bucketOf(name);
      return new Promise<void>((resolve, reject) => {
        bucket.waiters.push({ rank: rankOf(work.priority), owner: work.owner, seq: ++seq, work, resolve, reject });
        void pump(name, bucket);
      });
    },
    async pause(name, ms) {
      await pauseRow(name, bucketOf(name), ms);
      // Sleepers wake to see the pause at once rather than after their sleep.
      for (const s of sleeps) s.done();
    },
    waiting() {
      const counts = emptyCounts();
      for (const bucket of buckets.values()) for (const w of bucket.waiters) counts[NOTION_PRIORITIES[w.rank]!]++;
      return counts;
    },
    granted: () => ({ ...grantedCounts }),
    async close() {
      closed = true;
      for (const s of sleeps) s.done();
      for (const [name, bucket] of buckets) {
        for (const w of bucket.waiters.splice(0)) w.reject(new Error("The server is shutting down"));
        await withdraw(name, bucket).catch(() => undefined);
      }
    },
  };
}
