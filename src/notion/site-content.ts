import type { PropertyMap } from "@/lib/database-fields";
import crypto from "node:crypto";
import type { Db } from "@/db/client";
import { toAppError } from "@/lib/errors";
import { NOTION_PAGE_MESSAGES } from "@/lib/notion-page-rules";
import type { SiteType } from "@/lib/site-types";
import { withNotionPriority } from "./budget/request-context";
import { logNotionProblem } from "./log";
import { fetchSiteContent, type SnapshotPage } from "./fetch-site-content";
import { skippedPagesOf } from "./skipped-pages";
import type { NotionGateway } from "./notion-gateway";
import { publicPageSource, type PageSource } from "./page-source";
import { versionRootsOf, type SiteVersion } from "./version-roots";
import { languageRootsOf, type SiteLanguageSource } from "./language-roots";
import { startLeaseHeartbeat } from "./lease-heartbeat";
import { acquireLease, readSyncState, recordFailure, writeSnapshot, type SyncState } from "./snapshot-store";
import { createSnapshotCache, STATE_TTL_MS } from "./snapshot-cache";
import { syncProgressWriter } from "./sync-progress";

/**
 * Site content with stale-while-revalidate (docs/product.md D3): a reader gets the stored snapshot at once and, when it is
 * older than the revalidate window, a refresh starts in the background — one per site in this process (a shared
 * promise) and one per cluster (a lease row). Only a first visit with no snapshot at all waits for Notion.
 */

/**
 * What the content service needs of a site: its type, its Notion page, the docsv2 versions of its settings, and the
 * Notion connection that reads it (null: a public page through the private API).
 */
export type ContentSite = {
  id: string;
  /** Whose site it is: the Notion budget takes owners in turn (a site's own id stands in when unknown). */
  ownerId?: string;
  siteType: SiteType;
  notionPageId: string;
  notionConnectionId?: string | null;
  settings: { versions: readonly SiteVersion[]; propertyMap?: PropertyMap; languages?: readonly SiteLanguageSource[] };
};

/** A refresh told which pages changed (a webhook) fetches only those; without it, edit times decide. */
export type RefreshOptions = {
  changedPageIds?: readonly string[];
  /** The changed pages' content or properties were edited (no page added, moved or deleted): rows can be patched in. */
  rowEditsOnly?: boolean;
  /** Read every page again, reusing none (the site moved to another source: the old record maps don't count). */
  full?: boolean;
};

type FollowUp = { pageIds: Set<string>; promise: Promise<RefreshResult>; rowEditsOnly: boolean };

export type SiteSnapshot = SyncState & {
  siteId: string;
  pages: Map<string, SnapshotPage>;
  /** The newest Notion edit among the pages (ms; 0 when unknown): how alive the site is, for its refresh interval. */
  lastEditedAt: number;
};

export type RefreshResult =
  | { status: "updated" | "unchanged"; version: number; fetched: number; reused: number; removed: number }
  | { status: "leased" }
  | { status: "failed"; message: string; error: unknown };

export type ContentServiceOptions = {
  db: Db;
  gateway: NotionGateway;
  /**
   * How a connected site is read (official API with the connection's token, resolved by the caller, which owns the
   * tokens). Without it, or for a site with no connection, the public path through `gateway` is used.
   */
  connectedSource?: (site: ContentSite & { notionConnectionId: string }) => Promise<PageSource>;
  revalidateMs: number;
  /** How long after its last renewal (a heartbeat while it runs) a refresh's lease lets another process take over. */
  leaseMs?: number;
  /** Who holds this process's leases (default: pid and a random id). */
  owner?: string;
  /** PostgreSQL: the process's sessions carry leaseHolderSessionName(owner), so a dead holder's lease is taken at once. */
  holderSessions?: boolean;
  log?: (message: string, error?: unknown) => void;
  /** Called after a refresh changed the snapshot (e.g. to keep renamed posts' old slugs as redirects). */
  onUpdated?: (site: ContentSite, before: Map<string, SnapshotPage>, after: Map<string, SnapshotPage>) => Promise<void>;
  /** Called after a failed refresh, with the failures in a row (e.g. to tell the owner once their syncs keep failing). */
  onFailed?: (site: ContentSite, failure: { message: string; failureCount: number }) => Promise<void>;
  /**
   * How old a snapshot may get before a read starts a refresh, per site (e.g. longer for a connected site whose
   * webhooks work, or one nobody has edited for days). Default: revalidateMs for every site.
   */
  revalidateMsOf?: (site: ContentSite, snapshot: SiteSnapshot) => number;
  /** Called after a refresh that found nothing changed (e.g. a future-dated post may have come due meanwhile). */
  onUnchanged?: (site: ContentSite, pages: Map<string, SnapshotPage>) => void;
  /** Bytes of snapshots kept in memory; the least recently read sites are dropped past it (read again on demand). */
  cacheBytes?: number;
  /**
   * When set, a reader on a stale snapshot asks for a refresh here (at most once per revalidate window per process)
   * instead of running it in this process: a sites-role process leaves Notion to the workers.
   */
  askForRefresh?: (site: ContentSite, windowMs: number) => Promise<void>;
  /** How long a reader of a site with no snapshot yet waits for its first sync before being answered without it. */
  firstVisitWaitMs?: number;
};

/** A running refresh renews its lease (startLeaseHeartbeat); a dead process's runs out this long after its last beat. */
export const DEFAULT_LEASE_MS = 10_000;

/** A first visit waits this long for the first sync (a small site is read well within it). */
export const FIRST_VISIT_WAIT_MS = 10_000;

export type ContentService = ReturnType<typeof createContentService>;

export function createContentService({
  db,
  gateway,
  connectedSource,
  revalidateMs,
  revalidateMsOf,
  leaseMs = DEFAULT_LEASE_MS,
  owner = `${process.pid}-${crypto.randomUUID()}`,
  holderSessions = false,
  log = logNotionProblem,
  onUpdated,
  onUnchanged,
  onFailed,
  cacheBytes = 256 * 1024 * 1024,
  askForRefresh,
  firstVisitWaitMs = FIRST_VISIT_WAIT_MS,
}: ContentServiceOptions) {
  const inflight = new Map<string, Promise<RefreshResult>>();
  /** Webhook-driven refreshes that arrived while one was running: one follow-up per site with all their pages. */
  const followUps = new Map<string, FollowUp>();
  const publicSource = publicPageSource(gateway);
  const sourceOf = (site: ContentSite): Promise<PageSource> =>
    site.notionConnectionId && connectedSource ? connectedSource({ ...site, notionConnectionId: site.notionConnectionId }) : Promise.resolve(publicSource);
  const { cache, getSnapshot, peekSnapshot } = createSnapshotCache(db, cacheBytes);

  const refreshDeps: RefreshDeps = { db, owner, leaseMs, holderSessions, log, sourceOf, getSnapshot, onUpdated, onUnchanged, onFailed };
  const runRefresh = (site: ContentSite, opts: RefreshOptions) => refreshOnce(refreshDeps, site, opts);

  /**
   * Refreshes now; a second call while one runs shares it. A targeted call (changed pages named) while one runs
   * waits for it and then runs once more for those pages, since the running one may have read them before the
   * change. Never throws: the result says what happened.
   */
  function refresh(site: ContentSite, opts: RefreshOptions = {}): Promise<RefreshResult> {
    const running = inflight.get(site.id);
    if (running && opts.changedPageIds) {
      let next = followUps.get(site.id);
      if (!next) {
        const entry: FollowUp = { pageIds: new Set<string>(), promise: Promise.resolve({ status: "leased" }), rowEditsOnly: true };
        entry.promise = running.then(() => {
          followUps.delete(site.id);
          return refresh(site, { changedPageIds: [...entry.pageIds], rowEditsOnly: entry.rowEditsOnly });
        });
        next = entry;
        followUps.set(site.id, next);
      }
      for (const id of opts.changedPageIds) next.pageIds.add(id);
      // Merged webhooks patch rows only if every one of them could.
      next.rowEditsOnly &&= Boolean(opts.rowEditsOnly);
      return next.promise;
    }
    if (running) return running;
    const promise = runRefresh(site, opts).finally(() => inflight.delete(site.id));
    inflight.set(site.id, promise);
    return promise;
  }

  /** Starts a background refresh when the snapshot is older than the revalidate window (and none is running). */
  function revalidate(site: ContentSite, snapshot: SiteSnapshot): void {
    const lastTry = Math.max(snapshot.syncedAt?.getTime() ?? 0, snapshot.lastAttemptAt?.getTime() ?? 0);
    const windowMs = revalidateMsOf?.(site, snapshot) ?? revalidateMs;
    if (Date.now() - lastTry < windowMs || inflight.has(site.id)) return;
    if (askForRefresh) {
      const entry = cache.peek(site.id);
      if (entry && entry.askedAt !== undefined && Date.now() - entry.askedAt < Math.max(revalidateMs, STATE_TTL_MS)) return;
      if (entry) entry.askedAt = Date.now();
      void askForRefresh(site, windowMs).catch((err: unknown) => log(`[notion] could not ask for a refresh of site ${site.id}`, err));
      return;
    }
    void readerTurn(site, () => refresh(site)).then((result) => {
      if (result.status === "failed") log(`[notion] background refresh of site ${site.id} failed: ${result.message}`, result.error);
    });
  }

  /**
   * For readers: the snapshot now, refreshed in the background when stale. With none yet, the first sync is started
   * (or joined) and waited for up to `firstVisitWaitMs`: a small site opens on its first visit, a big one is still
   * syncing and the caller answers "being published" (null) rather than hold the visitor for minutes.
   */
  async function getContent(site: ContentSite): Promise<SiteSnapshot | null> {
    const snapshot = await getSnapshot(site.id);
    if (snapshot) {
      revalidate(site, snapshot);
      return snapshot;
    }
    // No snapshot: fetch now, unless a first fetch just failed (don't hammer Notion on every visit).
    const state = await readSyncState(db, site.id);
    if (state?.lastAttemptAt && Date.now() - state.lastAttemptAt.getTime() < revalidateMs && !inflight.has(site.id)) return null;
    const first = readerTurn(site, () => refresh(site)).then((result) => {
      if (result.status === "failed") log(`[notion] first fetch of site ${site.id} failed: ${result.message}`, result.error);
    });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([first, new Promise<void>((resolve) => (timer = setTimeout(resolve, firstVisitWaitMs)))]).finally(() => clearTimeout(timer));
    return getSnapshot(site.id, { fresh: true });
  }

  /** Waits for background refreshes (tests, shutdown). */
  async function idle(): Promise<void> {
    while (inflight.size || followUps.size) await Promise.allSettled([...inflight.values(), ...[...followUps.values()].map((f) => f.promise)]);
  }

  /** What the snapshot cache holds now: sites and their counted bytes. */
  const memory = () => ({ sites: cache.size, bytes: cache.calculatedSize });

  return { getSnapshot, peekSnapshot, getContent, revalidate, refresh, idle, memory, isRefreshing: (siteId: string) => inflight.has(siteId), forget: (siteId: string) => cache.delete(siteId) };
}

type RefreshDeps = Pick<ContentServiceOptions, "db" | "onUpdated" | "onUnchanged" | "onFailed"> & {
  owner: string;
  leaseMs: number;
  holderSessions: boolean;
  log: NonNullable<ContentServiceOptions["log"]>;
  sourceOf: (site: ContentSite) => Promise<PageSource>;
  getSnapshot: (siteId: string, opts?: { fresh?: boolean }) => Promise<SiteSnapshot | null>;
};

/** One refresh under the site's lease: read what changed, write the new snapshot, then the hooks; never throws. */
async function refreshOnce(deps: RefreshDeps, site: ContentSite, opts: RefreshOptions): Promise<RefreshResult> {
  const { db, owner, leaseMs, holderSessions, log, sourceOf, getSnapshot, onUpdated, onUnchanged, onFailed } = deps;
  try {
    if (!(await acquireLease(db, site.id, owner, leaseMs, { holderSessions }))) return { status: "leased" };
  } catch (error) {
    return { status: "failed", message: toAppError(error).message, error };
  }
  const progress = syncProgressWriter(db, site.id, owner, leaseMs);
  const heartbeat = startLeaseHeartbeat(db, site.id, owner, leaseMs);
  try {
    const previous = (await getSnapshot(site.id, { fresh: true }))?.pages ?? new Map<string, SnapshotPage>();
    const result = await fetchSiteContent(await sourceOf(site), {
      siteType: site.siteType,
      rootPageIds: rootPageIdsOf(site),
      previous: opts.full ? new Map() : previous,
      // A targeted refresh needs a snapshot to reuse from; the first one reads everything.
      changedPageIds: opts.changedPageIds && previous.size && !opts.full ? new Set(opts.changedPageIds) : undefined,
      rowEditsOnly: opts.rowEditsOnly,
      onProgress: progress.report,
    });
    await progress.stop();
    // Pages of the old snapshot the fetch no longer shows (computed here: a full read fetched against nothing).
    const removed = [...previous.keys()].filter((id) => !result.pages.has(id));
    // Roots are always fetched; only pages whose content (or place in the tree) really differs are written.
    const upsert = [...result.pages.values()].filter((page) => {
        const before = previous.get(page.pageId);
      return !before || before.parentPageId !== page.parentPageId || before.contentHash !== page.contentHash;
    });
    const version = await writeSnapshot(db, site.id, owner, { upsert, remove: removed, problem: versionProblem(site, result.unreadableRoots), skipped: skippedPagesOf(result.pages) });
    await getSnapshot(site.id, { fresh: true });
    const changed = upsert.length > 0 || removed.length > 0;
    if (changed && onUpdated) {
      await onUpdated(site, previous, result.pages).catch((err) => log(`[notion] after-refresh hook failed for ${site.id}`, err));
    }
    if (!changed) onUnchanged?.(site, result.pages);
    return {
      status: changed ? "updated" : "unchanged",
      version,
      fetched: result.fetched.length,
      reused: result.pages.size - result.fetched.length,
      removed: removed.length,
    };
  } catch (error) {
    await progress.stop();
    const message = toAppError(error).message;
    const failureCount = await recordFailure(db, site.id, owner, message).catch((err) => {
      log(`[notion] could not record a failed refresh of ${site.id}`, err);
      return 0;
    });
    if (failureCount && onFailed) {
      await onFailed(site, { message, failureCount }).catch((err) => log(`[notion] after-failure hook failed for ${site.id}`, err));
    }
    await getSnapshot(site.id, { fresh: true }).catch(() => null);
    return { status: "failed", message, error };
  } finally {
    heartbeat.stop();
  }
}

/** A refresh a visitor's read started: the Notion budget serves it after owners and webhooks, on the site owner's turn. */
export function readerTurn<T>(site: ContentSite, work: () => T): T {
  return withNotionPriority("reader", site.ownerId ?? site.id, work);
}

/** Every root a refresh reads: the site's page, its docsv2 versions' pages, its extra languages' pages. */
function rootPageIdsOf(site: ContentSite): string[] {
  const extra = [...versionRootsOf(site).map((v) => v.pageId), ...languageRootsOf(site).map((l) => l.pageId)];
  return [site.notionPageId, ...extra.filter((id) => id !== site.notionPageId)];
}

/** Names the versions and languages whose Notion page can no longer be read (docs/product.md §5's message), or undefined. */
function versionProblem(site: ContentSite, unreadableRoots: string[]): string | undefined {
  if (!unreadableRoots.length) return undefined;
  const labels = versionRootsOf(site).filter((v) => unreadableRoots.includes(v.pageId)).map((v) => `"${v.label}"`);
  const languages = languageRootsOf(site).filter((l) => unreadableRoots.includes(l.pageId)).map((l) => `"${l.language}"`);
  const problems = [
    labels.length ? `Version ${labels.join(", ")}: ${NOTION_PAGE_MESSAGES.private}. It is hidden until then; the other versions keep syncing.` : "",
    languages.length ? `Language ${languages.join(", ")}: ${NOTION_PAGE_MESSAGES.private}. It is hidden until then; the other languages keep syncing.` : "",
  ];
  return problems.filter(Boolean).join(" ");
}
