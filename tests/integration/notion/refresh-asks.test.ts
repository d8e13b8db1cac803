import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { siteSyncs } from "@/db/schema";
import { markRefreshWanted } from "@/core/refresh/mark-refresh-wanted";
import { insertSite, openTestDatabase } from "../../helpers/test-db";

/**
 * A sites-role reader's ask for a refresh: the database, not the reader's second-old copy of the sync state, decides
 * whether a refresh is wanted. Runs on PGlite and on PostgreSQL (TEST_DB).
 */
let database: Database;
let siteId: string;
const WINDOW_MS = 10_000;

beforeAll(async () => {
  database = await openTestDatabase();
  const { site } = await insertSite(database, "simple", "0f1e2d3c-4b5a-4968-8776-655443322110");
  siteId = site.id;
  await database.db.insert(siteSyncs).values({ siteId, version: 1 });
}, 60_000);
afterAll(async () => {
  await database?.close();
});

async function setState(state: { syncedSecondsAgo: number | null; leaseSeconds?: number | null; wantedSecondsAgo?: number | null }) {
  const ago = (s: number | null | undefined) => (s == null ? null : sql`now() - ${`${s} seconds`}::interval`);
  await database.db
    .update(siteSyncs)
    .set({
      syncedAt: ago(state.syncedSecondsAgo),
      lastAttemptAt: ago(state.syncedSecondsAgo),
      leaseOwner: state.leaseSeconds == null ? null : "another-process",
      leaseUntil: state.leaseSeconds == null ? null : sql`now() + ${`${state.leaseSeconds} seconds`}::interval`,
      refreshWantedAt: ago(state.wantedSecondsAgo),
    })
    .where(eq(siteSyncs.siteId, siteId));
}
async function wantedAt(): Promise<Date | null> {
  const [row] = await database.db.select({ wanted: siteSyncs.refreshWantedAt }).from(siteSyncs).where(eq(siteSyncs.siteId, siteId));
  return row!.wanted;
}

describe("asking for a refresh", () => {
  beforeEach(async () => {
    await setState({ syncedSecondsAgo: 60 });
  });

  it("records the ask when the snapshot is older than the window and nobody is refreshing", async () => {
    await markRefreshWanted(database.db, siteId, WINDOW_MS);
    expect(await wantedAt()).not.toBeNull();
  });

  it("records nothing while another process holds the refresh lease", async () => {
    await setState({ syncedSecondsAgo: 60, leaseSeconds: 30 });
    await markRefreshWanted(database.db, siteId, WINDOW_MS);
    expect(await wantedAt()).toBeNull();
  });

  it("asks again once a lease has run out (its holder died)", async () => {
    await setState({ syncedSecondsAgo: 60, leaseSeconds: -5 });
    await markRefreshWanted(database.db, siteId, WINDOW_MS);
    expect(await wantedAt()).not.toBeNull();
  });

  it("records nothing when a refresh ended within the window (the reader's copy was older than the database)", async () => {
    await setState({ syncedSecondsAgo: 2 });
    await markRefreshWanted(database.db, siteId, WINDOW_MS);
    expect(await wantedAt()).toBeNull();
  });

  it("keeps the first ask's time, so the oldest ask is served first", async () => {
    await setState({ syncedSecondsAgo: 60, wantedSecondsAgo: 30 });
    const first = await wantedAt();
    await markRefreshWanted(database.db, siteId, WINDOW_MS);
    expect(await wantedAt()).toEqual(first);
  });
});
