import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { siteSyncs } from "@/db/schema";
import { getSiteForOwnerOrThrow } from "./get-site-for-owner-or-throw";

export const getSiteSyncStateInput = z.object({ siteId: z.string().min(1).max(64) }).strict();

/**
 * A site with no content yet: its first sync is `syncing` (a process holds the site's sync lease: pages read so far
 * of the pages found so far, which grows as the tree is walked), `failed` (the last try ended with `error`; nothing
 * is published yet, Retry starts another), or `waiting` (created a moment ago, or its process stopped mid-way).
 */
export type FirstSync = { state: "syncing" | "failed" | "waiting"; pagesDone: number; pagesFound: number; error: string | null };

export type SiteSyncState = { siteId: string; firstSync: FirstSync | null; lastSyncedAt: string | null; lastSyncError: string | null };

type SyncRow = Pick<typeof siteSyncs.$inferSelect, "version" | "leaseUntil" | "lastError" | "pagesDone" | "pagesFound">;

/** null once the site has content (its first sync is over); see FirstSync. */
export function firstSyncOf(sync: SyncRow | undefined, now = new Date()): FirstSync | null {
  if (sync && sync.version > 0) return null;
  const progress = { pagesDone: sync?.pagesDone ?? 0, pagesFound: sync?.pagesFound ?? 0 };
  if (sync?.leaseUntil && sync.leaseUntil > now) return { state: "syncing", ...progress, error: null };
  if (sync?.lastError) return { state: "failed", ...progress, error: sync.lastError };
  return { state: "waiting", ...progress, error: null };
}

/** The dashboard's poll while a site's first sync runs (another owner's site is NOT_FOUND). */
export async function getSiteSyncState(db: Db, ownerId: string, input: z.input<typeof getSiteSyncStateInput>): Promise<SiteSyncState> {
  const { siteId } = getSiteSyncStateInput.parse(input);
  const site = await getSiteForOwnerOrThrow(db, ownerId, siteId);
  const [sync] = await db.select().from(siteSyncs).where(eq(siteSyncs.siteId, site.id)).limit(1);
  return { siteId: site.id, firstSync: firstSyncOf(sync), lastSyncedAt: sync?.syncedAt?.toISOString() ?? null, lastSyncError: sync?.lastError ?? null };
}
