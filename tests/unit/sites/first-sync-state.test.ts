import { describe, expect, it } from "vitest";
import { firstSyncOf } from "@/core/sites/get-site-sync-state";

const now = new Date("2026-11-28T06:00:00Z");
const row = (over: Partial<Parameters<typeof firstSyncOf>[0] & object> = {}) => ({ version: 0, leaseUntil: null, lastError: null, pagesDone: null, pagesFound: null, ...over });

describe("a site's first sync, from its sync row", () => {
  it.each([
    ["no row yet (created a moment ago)", undefined, { state: "waiting", pagesDone: 0, pagesFound: 0, error: null }],
    ["a lease held, progress reported", row({ leaseUntil: new Date(now.getTime() + 60_000), pagesDone: 4, pagesFound: 31 }), { state: "syncing", pagesDone: 4, pagesFound: 31, error: null }],
    ["a lease held while an earlier try's error stands", row({ leaseUntil: new Date(now.getTime() + 1), lastError: "Notion did not answer" }), { state: "syncing", pagesDone: 0, pagesFound: 0, error: null }],
    ["the last try failed", row({ lastError: "Notion did not answer, please try again" }), { state: "failed", pagesDone: 0, pagesFound: 0, error: "Notion did not answer, please try again" }],
    ["a lease run out with no error (its process stopped)", row({ leaseUntil: new Date(now.getTime() - 1), pagesDone: 9, pagesFound: 31 }), { state: "waiting", pagesDone: 9, pagesFound: 31, error: null }],
  ])("%s", (_name, sync, expected) => {
    expect(firstSyncOf(sync, now)).toEqual(expected);
  });

  it("is over once a snapshot is stored, whatever a later refresh is doing", () => {
    expect(firstSyncOf(row({ version: 1, leaseUntil: new Date(now.getTime() + 60_000), pagesDone: 1, pagesFound: 2 }), now)).toBeNull();
    expect(firstSyncOf(row({ version: 3, lastError: "Notion did not answer" }), now)).toBeNull();
  });
});
