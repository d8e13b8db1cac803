import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../../helpers/raw-request";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";

/**
 * Security review, finding 3: behind a proxy that appends to X-Forwarded-For, the left-most entries are whatever the
 * visitor sent. The rate limits must key on the hop our proxy added (the right end), so rotating a spoofed left-most
 * value buys no extra password guesses.
 */

let s: SitesApp;
beforeAll(async () => {
  s = await startSitesApp([{ siteType: "simple", page: workspaceIndex.simple!, password: "correct horse battery" }], { env: { TRUST_PROXY: "1" } });
}, 240_000);
afterAll(() => s?.stop());

const guess = (password: string, forwardedFor: string) =>
  rawRequest(`${s.app.url}/_/password`, {
    host: s.hosts[0]!,
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": forwardedFor },
    body: new URLSearchParams({ password, next: "/" }).toString(),
  });

describe("the visitor's address behind one trusted proxy (TRUST_PROXY=1)", () => {
  it("a spoofed left-most X-Forwarded-For does not reset the password limit", async () => {
    const statuses: number[] = [];
    // The review's reproduction: the visitor (203.0.113.7, added by our proxy) sends a new fake address each time.
    for (let i = 0; i < 12; i++) statuses.push((await guess(`wrong ${i}`, `10.0.0.${i}, 203.0.113.7`)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual(Array(7).fill(429));
  });

  it("another visitor behind the same proxy keeps their own allowance", async () => {
    // Same spoofed left-most value as the blocked visitor; a different address added by our proxy.
    expect((await guess("wrong again", "10.0.0.1, 198.51.100.20")).status).toBe(401);
    expect((await guess("wrong again", "198.51.100.21")).status).toBe(401);
  });
});
