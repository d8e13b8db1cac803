import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "@/db/client";

/**
 * The budget's rows in the database: one bucket of tokens per Notion bucket (refilled on the database's clock, so
 * every process shares one rate) and each process's advertisement of the most urgent priority it waits at.
 */

/** A process's advertisement older than this is ignored (its process died or stopped waiting). */
const ADVERT_FRESH_SECONDS = 3;
/** Re-advertise while waiting at least this often. */
const ADVERT_EVERY_MS = 1_000;
/** Longest sleep between two tries: a pause is re-read at least this often. */
const MAX_WAIT_MS = 1_000;
const MIN_WAIT_MS = 5;

/** What this process remembers of a bucket's rows. */
export type BucketRows = { advertised: { rank: number; at: number } | null; created: boolean };
export type TakeVerdict = { ok: true } | { ok: false; waitMs: number };

export function budgetRows({ db, processId, burst, requestsPerSecond }: { db: Db; processId: string; burst: number; requestsPerSecond: number }) {
  async function ensureRow(name: string, bucket: BucketRows): Promise<void> {
    if (bucket.created) return;
    await db.execute(sql`insert into notion_budget_buckets (bucket, tokens) values (${name}, ${burst}) on conflict (bucket) do nothing`);
    bucket.created = true;
  }

  /**
   * One atomic try on the database: a token when one is there, no pause holds and no other process outranks us.
   * Nothing is saved up during a pause, so the cluster resumes at its rate rather than in a burst.
   */
  async function tryTake(name: string, rank: number): Promise<TakeVerdict> {
    const [row] = rowsOf<{ ok: boolean; tokens: number; paused_ms: number; outranked: boolean }>(
      await db.execute(sql`
        with cur as (
          select bucket, paused_until, clock_timestamp() as at,
                 least(${burst}::float8, tokens + greatest(0, extract(epoch from clock_timestamp() - greatest(refilled_at, paused_until))) * ${requestsPerSecond}::float8) as t
          from notion_budget_buckets where bucket = ${name} for update
        ), verdict as (
          select cur.*, exists (
                   select 1 from notion_budget_waiters w
                   where w.bucket = ${name} and w.priority < ${rank} and w.process_id <> ${processId}
                     and w.seen_at > cur.at - make_interval(secs => ${ADVERT_FRESH_SECONDS})
                 ) as outranked
          from cur
        )
        update notion_budget_buckets b
        set tokens = case when v.t >= 1 and v.paused_until <= v.at and not v.outranked then v.t - 1 else v.t end,
            refilled_at = v.at
        from verdict v where b.bucket = v.bucket
        returning (v.t >= 1 and v.paused_until <= v.at and not v.outranked) as ok, v.t as tokens, v.outranked as outranked,
                  greatest(0, extract(epoch from v.paused_until - v.at) * 1000) as paused_ms`),
    );
    if (!row) return { ok: false, waitMs: MAX_WAIT_MS };
    if (row.ok) return { ok: true };
    const refillMs = ((1 - Number(row.tokens)) / requestsPerSecond) * 1000;
    const waitMs = Math.max(Number(row.paused_ms), Number(row.tokens) < 1 ? refillMs : 0, row.outranked ? 1000 / requestsPerSecond : 0);
    return { ok: false, waitMs: Math.min(MAX_WAIT_MS, Math.max(MIN_WAIT_MS, Math.ceil(waitMs))) };
  }

  async function advertise(name: string, bucket: BucketRows, rank: number): Promise<void> {
    const now = Date.now();
    if (bucket.advertised && bucket.advertised.rank === rank && now - bucket.advertised.at < ADVERT_EVERY_MS) return;
    await db.execute(sql`
      insert into notion_budget_waiters (process_id, bucket, priority, seen_at) values (${processId}, ${name}, ${rank}, now())
      on conflict (process_id, bucket) do update set priority = excluded.priority, seen_at = excluded.seen_at`);
    bucket.advertised = { rank, at: now };
  }

  async function withdraw(name: string, bucket: BucketRows): Promise<void> {
    if (!bucket.advertised) return;
    bucket.advertised = null;
    await db.execute(sql`delete from notion_budget_waiters where process_id = ${processId} and bucket = ${name}`);
  }

  async function pause(name: string, bucket: BucketRows, ms: number): Promise<void> {
    await ensureRow(name, bucket);
    await db.execute(sql`
      update notion_budget_buckets
      set paused_until = greatest(paused_until, clock_timestamp() + make_interval(secs => ${Math.max(0, ms) / 1000})), tokens = 0, refilled_at = clock_timestamp()
      where bucket = ${name}`);
  }

  return { ensureRow, tryTake, advertise, withdraw, pause };
}
