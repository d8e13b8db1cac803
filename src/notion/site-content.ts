import crypto from "node:crypto";
import type { Db } from "@/db/client";
import { toAppError } from "@/core/errors";
import type { SiteType } from "@/lib/site-address";
import { fetchSiteContent, type SnapshotPage } from "./fetch-site-content";
import type { NotionGateway } from "./notion-gateway";
import { acquireLease, readSnapshotPages, readSyncState, recordFailure, writeSnapshot, type SyncState } from "./snapshot-store";

/**
 * Site content with stale-while-revalidate (DESIGN §3): a reader gets the stored snapshot at once and, when it is
 * older than the revalidate window, a refresh starts in the background — one per site in this process (a shared
 * promise) and one per cluster (a lease row). Only a first visit with no snapshot at all waits for Notion.
 */

export type ContentSite = { id: string; siteType: SiteType; notionPageId: string; extraRootPageIds?: string[] };

export type SiteSnapshot = SyncState & { siteId: string; pages: Map<string, SnapshotPage> };

export type RefreshResult =
  | { status: "updated" | "unchanged"; version: number; fetched: number; reused: number; removed: number }
  | { status: "leased" }
  | { status: "failed"; message: string; error: unknown };

export type ContentServiceOptions = {
  db: Db;
  gateway: NotionGateway;
  revalidateMs: number;
  /** How long a refresh may hold the site before another process may take over. */
  leaseMs?: number;
  log?: (message: string, error?: unknown) => void;
};

export type ContentService = ReturnType<typeof createContentService>;

export function createContentService({ db, gateway, revalidateMs, leaseMs = 120_000, log = defaultLog }: ContentServiceOptions) {
  const owner = `${process.pid}-${crypto.randomUUID()}`;
  const inflight = new Map<string, Promise<RefreshResult>>();
  const cache = new Map<string, SiteSnapshot>();

  /** The stored snapshot (null when none yet); page bodies come from memory while the version is unchanged. */
  async function getSnapshot(siteId: string): Promise<SiteSnapshot | null> {
    const state = await readSyncState(db, siteId);
    if (!state || state.version === 0) return null;
    const cached = cache.get(siteId);
    if (cached && cached.version === state.version) return Object.assign(cached, state);
    const snapshot: SiteSnapshot = { ...state, siteId, pages: await readSnapshotPages(db, siteId) };
    cache.set(siteId, snapshot);
    return snapshot;
  }

  async function runRefresh(site: ContentSite): Promise<RefreshResult> {
    if (!(await acquireLease(db, site.id, owner, leaseMs))) return { status: "leased" };
    try {
      const previous = (await getSnapshot(site.id))?.pages ?? new Map<string, SnapshotPage>();
      const result = await fetchSiteContent(gateway, {
        siteType: site.siteType,
        rootPageIds: [site.notionPageId, ...(site.extraRootPageIds ?? [])],
        previous,
      });
      // Roots are always fetched; only pages whose content (or place in the tree) really differs are written.
      const upsert = [...result.pages.values()].filter((page) => {
          const before = previous.get(page.pageId);
        return !before || before.parentPageId !== page.parentPageId || before.contentHash !== page.contentHash;
      });
      const version = await writeSnapshot(db, site.id, owner, { upsert, remove: result.removed });
      const changed = upsert.length > 0 || result.removed.length > 0;
      return {
        status: changed ? "updated" : "unchanged",
        version,
        fetched: result.fetched.length,
        reused: result.pages.size - result.fetched.length,
        removed: result.removed.length,
      };
    } catch (error) {
      const message = toAppError(error).message;
      await recordFailure(db, site.id, owner, message).catch((err) => log(`[notion] could not record a failed refresh of ${site.id}`, err));
      return { status: "failed", message, error };
    }
  }

  /** Refreshes now; a second call while one runs shares it. Never throws: the result says what happened. */
  function refresh(site: ContentSite): Promise<RefreshResult> {
    const running = inflight.get(site.id);
    if (running) return running;
    const promise = runRefresh(site).finally(() => inflight.delete(site.id));
    inflight.set(site.id, promise);
    return promise;
  }

  /** For readers: the snapshot now, refreshed in the background when stale; waits only when there is none. */
  async function getContent(site: ContentSite): Promise<SiteSnapshot | null> {
    const snapshot = await getSnapshot(site.id);
    if (!snapshot) {
      const result = await refresh(site);
      if (result.status === "failed") log(`[notion] first fetch of site ${site.id} failed: ${result.message}`, result.error);
      return getSnapshot(site.id);
    }
    const lastTry = Math.max(snapshot.syncedAt?.getTime() ?? 0, snapshot.lastAttemptAt?.getTime() ?? 0);
    if (Date.now() - lastTry >= revalidateMs && !inflight.has(site.id)) {
      void refresh(site).then((result) => {
        if (result.status === "failed") log(`[notion] background refresh of site ${site.id} failed: ${result.message}`, result.error);
      });
    }
    return snapshot;
  }

  /** Waits for background refreshes (tests, shutdown). */
  async function idle(): Promise<void> {
    while (inflight.size) await Promise.allSettled([...inflight.values()]);
  }

  return { getSnapshot, getContent, refresh, idle, forget: (siteId: string) => cache.delete(siteId) };
}

function defaultLog(message: string, error?: unknown) {
  console.error(message, error instanceof Error ? error.message : (error ?? ""));
}
