/**
 * Milliseconds for TTLs on the request path (values compared only with others from this clock). In the all-in-one
 * process Next.js wraps `Date.now()` with its own bookkeeping on every call; `performance`'s clock it leaves alone.
 */
export const monotonicMs = (): number => performance.timeOrigin + performance.now();
