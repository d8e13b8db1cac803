import type { Db } from "@/db/client";
import { countryOf } from "./country-of";
import { insertAnalyticsRows, type AnalyticsRow } from "./insert-analytics-rows";
import { deviceAndBrowserOf, isBotUserAgent } from "./visit-traits";
import { saltOfDay, visitorHash } from "./visitor-salt";

/**
 * Site events are buffered in memory and written in batches (on a timer and on stop), so counting never waits for the
 * database on a visitor's request. The IP and user agent stay in memory until the flush turns them into the day's
 * visitor hash, device class, browser family and country, and drops bots. Events whose write fails (the database is
 * down) are kept, up to MAX_WAITING, and written by the next flushes once it answers: an outage of a minute loses
 * nothing a visitor was told was counted. `waiting()` says how many are held (the log and /api/health show it).
 */

export type SiteEventKind = "pageview" | "search" | "question" | "feedback" | "subscribe" | "widget_open";

export type SiteEvent = {
  siteId: string;
  kind: SiteEventKind;
  /** The page below the site's base path ("" when the event has none). */
  path?: string;
  referrerHost?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  /** Search words or a question. */
  label?: string;
  /** Search found pages · question answered from the site · feedback was "helpful". */
  ok?: boolean;
};

/** Who sent it, held only until the event is written. */
export type Visit = { ip: string; userAgent: string };

export type AnalyticsRecorder = {
  /** Queues an event (bots are dropped when the batch is written); false, and nothing queued, when the buffer is full. */
  record(event: SiteEvent, visit: Visit): boolean;
  flush(): Promise<void>;
  /** Events whose write failed, held to be written by the next flushes. */
  waiting(): number;
  /** Flushes what is left and stops the timer. */
  stop(): Promise<void>;
};

/** A burst beyond this many unwritten events is dropped (and counted) rather than grow memory without bound. */
const MAX_BUFFERED = 100_000;
/** Events kept after failed writes (about 300 bytes each): beyond it the oldest are dropped and said so. */
const MAX_WAITING = 50_000;
/** While events are waiting, the log says so at most this often. */
const LOG_WAITING_EVERY_MS = 10_000;
/** One INSERT per this many rows; a full batch is written at once rather than waiting for the timer. */
const ROWS_PER_INSERT = 2_000;

type Pending = { event: SiteEvent; visit: Visit; at: number };

export function createAnalyticsRecorder({ db, flushMs }: { db: Db; flushMs: number }): AnalyticsRecorder {
  let buffer: Pending[] = [];
  /** Events of failed writes, oldest first, written before the buffer's. */
  let held: Pending[] = [];
  let flushing: Promise<void> = Promise.resolve();
  let flushQueued = false;
  let dropped = 0;
  let loggedWaitingAt = Number.NEGATIVE_INFINITY;

  /** Writes the batch one INSERT at a time; on a failure, how many were written before it (each INSERT is whole or nothing). */
  async function write(batch: Pending[]): Promise<{ written: number; error?: unknown }> {
    for (let i = 0; i < batch.length; i += ROWS_PER_INSERT) {
      try {
        await writeRows(batch.slice(i, i + ROWS_PER_INSERT));
      } catch (error) {
        return { written: i, error };
      }
    }
    return { written: batch.length };
  }

  async function writeRows(batch: Pending[]): Promise<void> {
    const salts = new Map<string, string>();
    const rows: AnalyticsRow[] = [];
    for (const { event, visit, at } of batch) {
      // Bots are dropped here rather than on the visitor's request: the request path only queues.
      if (isBotUserAgent(visit.userAgent)) continue;
      const when = new Date(at).toISOString();
      const day = when.slice(0, 10);
      const salt = salts.get(day) ?? (await saltOfDay(db, day));
      salts.set(day, salt);
      const traits = event.kind === "pageview" ? deviceAndBrowserOf(visit.userAgent) : { device: "", browser: "" };
      rows.push({
        siteId: event.siteId,
        at: when,
        kind: event.kind,
        visitor: visitorHash(salt, event.siteId, visit.ip, visit.userAgent),
        path: (event.path ?? "").slice(0, 512),
        referrerHost: event.referrerHost ?? "",
        utmSource: event.utmSource ?? "",
        utmMedium: event.utmMedium ?? "",
        utmCampaign: event.utmCampaign ?? "",
        device: traits.device,
        browser: traits.browser,
        country: event.kind === "pageview" ? countryOf(visit.ip) : "",
        label: (event.label ?? "").trim().replace(/\s+/g, " ").toLowerCase().slice(0, 200),
        ok: event.ok ?? null,
      });
    }
    if (rows.length) await insertAnalyticsRows(db, rows);
  }

  function flush(): Promise<void> {
    flushing = flushing.then(async () => {
      flushQueued = false;
      if (!buffer.length && !held.length) return;
      const batch = held.length ? held.concat(buffer) : buffer;
      const wasWaiting = held.length;
      buffer = [];
      held = [];
      const { written, error } = await write(batch);
      if (error) keep(batch.slice(written), error);
      else if (wasWaiting) console.log(`[analytics] the database is back: ${wasWaiting} waiting events written`);
      if (dropped) {
        console.error(`[analytics] ${dropped} events dropped: the buffer was full`);
        dropped = 0;
      }
    });
    return flushing;
  }

  /** Holds what a failed write left, the newest MAX_WAITING of it, and says so now and then. */
  function keep(unwritten: Pending[], error: unknown): void {
    if (unwritten.length > MAX_WAITING) {
      console.error(`[analytics] ${unwritten.length - MAX_WAITING} events dropped: more than ${MAX_WAITING} were waiting for the database`);
      unwritten = unwritten.slice(-MAX_WAITING);
    }
    held = unwritten;
    if (performance.now() - loggedWaitingAt >= LOG_WAITING_EVERY_MS) {
      loggedWaitingAt = performance.now();
      console.error(`[analytics] ${held.length} events waiting to be written (retried every flush):`, error instanceof Error ? error.message : error);
    }
  }

  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    // The visitor's request does only this: a length check and a push. Everything else happens in the flush.
    record(event, visit) {
      if (buffer.length >= MAX_BUFFERED) {
        dropped++;
        return false;
      }
      buffer.push({ event, visit, at: Date.now() });
      if (buffer.length >= ROWS_PER_INSERT && !flushQueued) {
        flushQueued = true;
        setImmediate(() => void flush());
      }
      return true;
    },
    flush,
    waiting: () => held.length,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
