/**
 * Limits counted in the database use windows aligned on the UTC clock (src/core/usage/take-usage.ts): a test that
 * expects N tries to land in one window waits out the last seconds of the current window first.
 */
export async function awayFromMinuteEdge(marginMs = 10_000, windowMinutes = 1): Promise<void> {
  const windowMs = windowMinutes * 60_000;
  const intoWindow = Date.now() % windowMs;
  if (intoWindow > windowMs - marginMs) await new Promise((r) => setTimeout(r, windowMs - intoWindow + 100));
}
