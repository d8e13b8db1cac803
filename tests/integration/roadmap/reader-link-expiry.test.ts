import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { roadmapVoters } from "@/db/schema";
import { confirmVoter } from "@/core/roadmap/confirm-voter";
import { issueReaderLink, READER_LINK_TTL_MS, spendReaderLink } from "@/core/readers/reader-links";
import { newSubscriptionToken } from "@/core/subscribers/subscribe-to-site";
import { insertSite, openTestDatabase } from "../../helpers/test-db";

/**
 * A reader's confirmation link also signs a browser in, so it works once and for READER_LINK_TTL_MS after it was
 * mailed; a link of one site or purpose is nothing on another.
 */

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
}, 120_000);
afterAll(() => database?.close());

const HOUR = 3_600_000;

async function voterWithLink(siteId: string, mailedAt: Date) {
  const email = `voter-${Math.random()}@example.com`;
  await database.db.insert(roadmapVoters).values({ siteId, email, sessionToken: newSubscriptionToken(), unsubscribeToken: newSubscriptionToken() });
  return issueReaderLink(database.db, { siteId, email, purpose: "vote", subjectId: null }, mailedAt);
}

describe("reader confirmation links", () => {
  it("work within a day of being mailed, once", async () => {
    const { site } = await insertSite(database, "roadmap", "00000000-0000-4000-8000-000000000001");
    const now = new Date();
    const fresh = await voterWithLink(site.id, new Date(now.getTime() - 23 * HOUR));
    expect(await confirmVoter(database.db, site.id, fresh, () => false, now)).toMatchObject({ state: "ok" });
    expect(await confirmVoter(database.db, site.id, fresh, () => false, now)).toEqual({ state: "used" });
    const old = await voterWithLink(site.id, new Date(now.getTime() - 25 * HOUR));
    expect(await confirmVoter(database.db, site.id, old, () => false, now)).toEqual({ state: "expired" });
    expect(READER_LINK_TTL_MS).toBe(24 * HOUR);
  });

  it("belong to one site and one purpose", async () => {
    const { site } = await insertSite(database, "roadmap", "00000000-0000-4000-8000-000000000002");
    const { site: other } = await insertSite(database, "roadmap", "00000000-0000-4000-8000-000000000003");
    const token = await issueReaderLink(database.db, { siteId: site.id, email: "a@example.com", purpose: "subscribe", subjectId: null });
    expect(await spendReaderLink(database.db, other.id, ["subscribe"], token)).toEqual({ state: "invalid" });
    expect(await spendReaderLink(database.db, site.id, ["vote", "idea"], token)).toEqual({ state: "invalid" });
    expect(await spendReaderLink(database.db, site.id, ["subscribe"], "not a token")).toEqual({ state: "invalid" });
    expect((await spendReaderLink(database.db, site.id, ["subscribe"], token)).state).toBe("ok");
  });

  it("two openings at once: one gets it", async () => {
    const { site } = await insertSite(database, "roadmap", "00000000-0000-4000-8000-000000000004");
    const token = await issueReaderLink(database.db, { siteId: site.id, email: "b@example.com", purpose: "comment", subjectId: null });
    const states = await Promise.all([1, 2, 3].map(() => spendReaderLink(database.db, site.id, ["comment"], token)));
    expect(states.map((r) => r.state).sort()).toEqual(["ok", "used", "used"]);
  });
});
