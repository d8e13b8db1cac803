/**
 * Limits counted in the database use windows aligned on the UTC clock (src/core/usage/take-usage.ts): a test that
 * expects N tries to land in one window waits out the last seconds of the current minute first.
 */
export async function awayFromMinuteEdge(marginMs = 10_000): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 60_000 - marginMs) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 100));
}
