/**
 * A fixed-window counter per key, in memory (per process): for the limits of src/core/usage/rate-limits.ts that a
 * cluster may over-allow N× (the others are counted in the database).
 */
export function createRateLimiter({ limit, windowMs }: { limit: number; windowMs: number }) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    /** true when this hit is allowed. */
    take(key: string, now = Date.now()): boolean {
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        if (windows.size > 50_000) for (const [k, v] of windows) if (v.resetAt <= now) windows.delete(k);
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return w.count <= limit;
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
