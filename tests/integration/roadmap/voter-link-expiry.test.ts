import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { roadmapVoters } from "@/db/schema";
import { confirmVoter } from "@/core/roadmap/confirm-voter";
import { newSubscriptionToken } from "@/core/subscribers/subscribe-to-site";
import { insertSite, openTestDatabase } from "../../helpers/test-db";

/**
 * A voter confirmation link is also how a new browser signs in as that voter, so it must not work forever: it expires
 * a week after it was last mailed (asking to vote again mails it anew).
 */

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
}, 120_000);
afterAll(() => database?.close());

const DAY = 86_400_000;

async function voterMailed(siteId: string, daysAgo: number) {
  const [voter] = await database.db
    .insert(roadmapVoters)
    .values({
      siteId,
      email: `voter-${daysAgo}-${Math.random()}@example.com`,
      confirmToken: newSubscriptionToken(),
      sessionToken: newSubscriptionToken(),
      unsubscribeToken: newSubscriptionToken(),
      createdAt: new Date(Date.now() - daysAgo * DAY),
    })
    .returning();
  return voter!;
}

describe("voter confirmation links", () => {
  it("work within a week of being mailed, not after", async () => {
    const { site } = await insertSite(database, "roadmap", "00000000-0000-4000-8000-000000000001");
    const fresh = await voterMailed(site.id, 6);
    expect(await confirmVoter(database.db, site.id, fresh.confirmToken, () => false)).toMatchObject({ sessionToken: fresh.sessionToken });
    // Still a way back in for that browser's owner within the week.
    expect(await confirmVoter(database.db, site.id, fresh.confirmToken, () => false)).toMatchObject({ sessionToken: fresh.sessionToken });
    const old = await voterMailed(site.id, 8);
    expect(await confirmVoter(database.db, site.id, old.confirmToken, () => false)).toBeNull();
  });
});
