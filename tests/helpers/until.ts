import { expect } from "vitest";

/** Polls `check` until it holds (every 50 ms), then asserts it once more so a time-out fails with the check's value. */
export async function until(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(await check()).toBe(true);
}
