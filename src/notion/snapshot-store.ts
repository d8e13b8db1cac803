import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { SkippedPage } from "./skipped-pages";
import type { ExtendedRecordMap } from "notion-types";
import type { Db } from "@/db/client";
import { notionPages, siteSyncs } from "@/db/schema";
import type { SnapshotPage } from "./fetch-site-content";

/** The database side of snapshots: read, replace atomically, and the per-site refresh lease. */

export type SyncState = {
  version: number;
  syncedAt: Date | null;
  lastAttemptAt: Date | null;
  lastError: string | null;
};

export async function readSyncState(db: Db, siteId: string): Promise<SyncState | null> {
  const [row] = await db
    .select({ version: siteSyncs.version, syncedAt: siteSyncs.syncedAt, lastAttemptAt: siteSyncs.lastAttemptAt, lastError: siteSyncs.lastError })
    .from(siteSyncs)
    .where(eq(siteSyncs.siteId, siteId))
    .limit(1);
  return row ?? null;
}

export async function readSnapshotPages(db: Db, siteId: string): Promise<{ pages: Map<string, SnapshotPage>; bytes: number }> {
  const rows = await db
    .select({
      pageId: notionPages.pageId,
      parentPageId: notionPages.parentPageId,
      recordMap: notionPages.recordMap,
      lastEditedTime: notionPages.lastEditedTime,
      contentHash: notionPages.contentHash,
      // The stored JSON's size: what the parsed snapshot costs in memory, roughly (for the snapshot cache's bound).
      bytes: sql<number>`octet_length(${notionPages.recordMap}::text)`,
    })
    .from(notionPages)
    .where(eq(notionPages.siteId, siteId));
  const pages = new Map(rows.map(({ bytes: _bytes, ...r }) => [r.pageId, { ...r, recordMap: r.recordMap as ExtendedRecordMap }]));
  return { pages, bytes: rows.reduce((sum, r) => sum + Number(r.bytes), 0) };
}

/**
 * The `application_name` of a lease holder's PostgreSQL sessions: a lease whose holder has no session left is a dead
 * process's (its connections closed with it), free at once rather than when it runs out. At most 63 characters.
 */
export const leaseHolderSessionName = (owner: string) => `pagewright ${owner}`.slice(0, 63);

/**
 * Takes the lease when it is free, expired or already ours — or, with `holderSessions` (PostgreSQL, every process
 * naming its sessions by leaseHolderSessionName), when its holder has no session on the server: it is gone. False
 * when another live process holds it.
 */
export async function acquireLease(db: Db, siteId: string, owner: string, leaseMs: number, opts: { holderSessions?: boolean } = {}): Promise<boolean> {
  await db.insert(siteSyncs).values({ siteId }).onConflictDoNothing();
  const holderGone = opts.holderSessions
    ? sql`not exists (select 1 from pg_stat_activity where application_name = left('pagewright ' || ${siteSyncs.leaseOwner}, 63))`
    : undefined;
  const taken = await db
    .update(siteSyncs)
    .set({ leaseOwner: owner, leaseUntil: sql`now() + ${`${Math.ceil(leaseMs / 1000)} seconds`}::interval`, pagesDone: null, pagesFound: null })
    .where(and(eq(siteSyncs.siteId, siteId), or(isNull(siteSyncs.leaseUntil), lt(siteSyncs.leaseUntil, sql`now()`), eq(siteSyncs.leaseOwner, owner), holderGone)))
    .returning({ siteId: siteSyncs.siteId });
  return taken.length > 0;
}

/** Pushes the lease `leaseMs` ahead while it is still ours (the running refresh's heartbeat); false once it is not. */
export async function extendLease(db: Db, siteId: string, owner: string, leaseMs: number): Promise<boolean> {
  const kept = await db
    .update(siteSyncs)
    .set({ leaseUntil: sql`now() + ${`${Math.ceil(leaseMs / 1000)} seconds`}::interval` })
    .where(and(eq(siteSyncs.siteId, siteId), eq(siteSyncs.leaseOwner, owner)))
    .returning({ siteId: siteSyncs.siteId });
  return kept.length > 0;
}

/**
 * Frees every lease. Only for a database one process owns (PGlite): at its start no refresh can be running, so a
 * lease left there is a killed predecessor's, and holding the site for it would only refuse its owner's Sync now.
 */
export async function voidAllLeases(db: Db): Promise<number> {
  const freed = await db
    .update(siteSyncs)
    .set({ leaseOwner: null, leaseUntil: null, pagesDone: null, pagesFound: null })
    .where(sql`${siteSyncs.leaseOwner} is not null`)
    .returning({ siteId: siteSyncs.siteId });
  return freed.length;
}

/**
 * Records a failed refresh and frees the lease; the snapshot itself is untouched. Returns the failures in a row
 * (0 when the lease was no longer ours and nothing was recorded).
 */
export async function recordFailure(db: Db, siteId: string, owner: string, message: string): Promise<number> {
  const [row] = await db
    .update(siteSyncs)
    .set({
      lastAttemptAt: sql`now()`,
      lastError: message.slice(0, 500),
      failureCount: sql`${siteSyncs.failureCount} + 1`,
      failingSince: sql`coalesce(${siteSyncs.failingSince}, now())`,
      leaseOwner: null,
      leaseUntil: null,
      pagesDone: null,
      pagesFound: null,
    })
    .where(and(eq(siteSyncs.siteId, siteId), eq(siteSyncs.leaseOwner, owner)))
    .returning({ failureCount: siteSyncs.failureCount });
  return row?.failureCount ?? 0;
}

/**
 * Applies a whole good fetch in one transaction: changed pages upserted, removed ones deleted, the version bumped
 * when anything changed, the lease freed. Readers see the old snapshot or the new one, never a mix.
 */
export async function writeSnapshot(
  db: Db,
  siteId: string,
  owner: string,
  change: {
    upsert: SnapshotPage[];
    remove: string[];
    /** A problem to show although the write succeeded (a version left out). */
    problem?: string;
    /** What the sync left out because Notion would not let us read it (skipped-pages.ts). */
    skipped?: SkippedPage[];
  },
): Promise<number> {
  return db.transaction(async (tx) => {
    for (const page of change.upsert) {
      const values = { siteId, pageId: page.pageId, parentPageId: page.parentPageId, recordMap: page.recordMap, lastEditedTime: page.lastEditedTime, contentHash: page.contentHash };
      await tx
        .insert(notionPages)
        .values(values)
        .onConflictDoUpdate({
          target: [notionPages.siteId, notionPages.pageId],
          set: { parentPageId: values.parentPageId, recordMap: values.recordMap, lastEditedTime: values.lastEditedTime, contentHash: values.contentHash, fetchedAt: sql`now()` },
        });
    }
    if (change.remove.length) {
      await tx.delete(notionPages).where(and(eq(notionPages.siteId, siteId), inArray(notionPages.pageId, change.remove)));
    }
    const changed = change.upsert.length > 0 || change.remove.length > 0;
    const [row] = await tx
      .update(siteSyncs)
      .set({
        ...(changed ? { version: sql`${siteSyncs.version} + 1` } : {}),
        syncedAt: sql`now()`,
        lastAttemptAt: sql`now()`,
        lastError: change.problem?.slice(0, 500) ?? null,
        ...(change.skipped ? { skippedPages: change.skipped } : {}),
        // A good refresh ends a run of failures: the next run gets its own email.
        failureCount: 0,
        failingSince: null,
        failureNotifiedAt: null,
        leaseOwner: null,
        leaseUntil: null,
        pagesDone: null,
        pagesFound: null,
      })
      .where(and(eq(siteSyncs.siteId, siteId), eq(siteSyncs.leaseOwner, owner)))
      .returning({ version: siteSyncs.version });
    // The lease ran out and another process took over: roll back rather than interleave with its write.
    if (!row) throw new Error("The refresh lease was lost before the snapshot was written");
    return row.version;
  });
}

/**
 * How far the refresh under way has got (pages read, pages found so far), only while the lease is still ours; the
 * lease is extended with it, so a refresh that keeps making progress (a first sync of minutes) keeps its site, while
 * one whose process died still loses it `leaseMs` after its last word.
 */
export async function recordProgress(db: Db, siteId: string, owner: string, progress: { done: number; found: number }, leaseMs: number): Promise<void> {
  await db
    .update(siteSyncs)
    .set({ pagesDone: progress.done, pagesFound: progress.found, leaseUntil: sql`now() + ${`${Math.ceil(leaseMs / 1000)} seconds`}::interval` })
    .where(and(eq(siteSyncs.siteId, siteId), eq(siteSyncs.leaseOwner, owner)));
}
