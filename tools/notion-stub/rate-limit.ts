import type { RateStats, rateLimitSchema } from "./schemas";
import type { z } from "zod";

/** How long the stand-in keeps per-second counts (an hour of them). */
const STATS_SECONDS = 3600;

type Limit = z.output<typeof rateLimitSchema>;

/**
 * Notion's rate limit as the stand-in plays it: a sliding one-second window of answered requests, optionally with a
 * fixed cooldown after a 429 (as Notion's own does), and per-second counts of what it saw, answered and refused.
 */
export class RateLimiter {
  private limit: Limit;
  /** Times (ms) of the requests answered in the last second: a sliding one-second window. */
  private answeredTimes: number[] = [];
  private cooldownUntil = 0;
  private limited = 0;
  private seconds = new Map<number, { seen: number; answered: number; limited: number }>();

  constructor(limit: Limit) {
    this.limit = limit;
  }

  /** A new limit, with the window, cooldown and counts started afresh. */
  set(limit: Limit): void {
    this.limit = limit;
    this.answeredTimes = [];
    this.cooldownUntil = 0;
    this.limited = 0;
    this.seconds = new Map();
  }

  stats(): RateStats {
    return { ...this.limit, limited: this.limited, seconds: [...this.seconds].map(([at, counts]) => ({ at, ...counts })) };
  }

  private secondOf(now: number) {
    const at = Math.floor(now / 1000);
    let second = this.seconds.get(at);
    if (!second) {
      second = { seen: 0, answered: 0, limited: 0 };
      this.seconds.set(at, second);
      // Map order is insertion order: the oldest second goes first.
      if (this.seconds.size > STATS_SECONDS) this.seconds.delete(this.seconds.keys().next().value!);
    }
    return second;
  }

  /** Seconds the caller must wait when this request is over the limit, or null when it may be answered. */
  overLimit(now: number): number | null {
    const second = this.secondOf(now);
    second.seen += 1;
    const limit = this.limit.requestsPerSecond;
    if (limit === null) {
      second.answered += 1;
      return null;
    }
    this.answeredTimes = this.answeredTimes.filter((t) => t > now - 1000);
    let waitMs = 0;
    if (now < this.cooldownUntil) waitMs = this.cooldownUntil - now;
    else if (this.answeredTimes.length >= limit) {
      const { cooldownSeconds } = this.limit;
      waitMs = cooldownSeconds > 0 ? cooldownSeconds * 1000 : this.answeredTimes[this.answeredTimes.length - limit]! + 1000 - now;
      if (cooldownSeconds > 0) this.cooldownUntil = now + waitMs;
    }
    if (waitMs <= 0) {
      this.answeredTimes.push(now);
      second.answered += 1;
      return null;
    }
    second.limited += 1;
    this.limited += 1;
    // Whole seconds, at least one, as Notion's retry-after header gives them.
    return Math.max(1, Math.ceil(waitMs / 1000));
  }
}
