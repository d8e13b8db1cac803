import type { Db } from "@/db/client";
import type { EmailProvider } from "@/integrations/email";
import type { SnapshotPage } from "@/notion/fetch-site-content";
import type { ContentSite } from "@/notion/site-content";
import { deliverPostNotifications } from "./deliver-post-notifications";
import { notifyNewPosts } from "./notify-new-posts";
import { siteTypeHas } from "@/lib/site-types";
import { checkRoadmapStatuses } from "@/core/roadmap/check-roadmap-statuses";
import { refreshChangelogLinks } from "@/core/changelog/refresh-changelog-links";
import { refreshMentionLinks } from "@/core/mentions/refresh-mention-links";
import type { SiteSnapshot } from "@/notion/site-content";

const RETRY_AFTER_MS = 60_000;

/**
 * New-post emails, driven by site refreshes (one per cluster per site, thanks to the refresh lease). A refresh that
 * changed the snapshot always checks; one that changed nothing checks only when a future-dated post has come due or
 * failed sends wait for a retry — so an idle site costs nothing. Work runs in the background, one check per site at
 * a time, and never delays a refresh.
 */
export function createPostNotifier(deps: { db: Db; email: EmailProvider; appsDomain: string; billingEnabled: boolean; fileOrigins?: readonly string[]; getSnapshot?: (siteId: string) => Promise<SiteSnapshot | null>; log?: (message: string, error?: unknown) => void }) {
  const log = deps.log ?? ((message: string, error?: unknown) => console.error(message, error instanceof Error ? error.message : (error ?? "")));
  /** Per site: when an unchanged refresh should check again (absent = after a restart, check once). */
  const nextCheckAt = new Map<string, number>();
  const chains = new Map<string, Promise<void>>();

  async function check(site: ContentSite, pages: Map<string, SnapshotPage>): Promise<void> {
    // Changelog entries that name roadmap items: rebuilt first, so a "shipped" email below can name its entry.
    const getSnapshot = deps.getSnapshot;
    // Mentions of pages the owner's other sites publish link there.
    if (getSnapshot) await refreshMentionLinks({ ...deps, getSnapshot }, site.id).catch((err) => log(`[mentions] links of site ${site.id} failed`, err));
    if (getSnapshot && (siteTypeHas(site.siteType, "whatsNew") || siteTypeHas(site.siteType, "votes"))) {
      await refreshChangelogLinks({ ...deps, getSnapshot }, site.id).catch((err) => log(`[changelog] links of site ${site.id} failed`, err));
    }
    if (siteTypeHas(site.siteType, "votes")) {
      // Roadmaps: status emails to voters, same claim-then-send pattern and retry schedule.
      const delivered = await checkRoadmapStatuses(deps, site, pages);
      if (delivered.failed) log(`[email] ${delivered.failed} status email(s) for site ${site.id} failed; retrying later`);
      nextCheckAt.set(site.id, delivered.failed ? Date.now() + RETRY_AFTER_MS : Number.POSITIVE_INFINITY);
      return;
    }
    const found = await notifyNewPosts(deps.db, site, pages);
    const delivered = await deliverPostNotifications(deps, site.id, pages);
    if (delivered.failed) log(`[email] ${delivered.failed} new-post email(s) for site ${site.id} failed; retrying later`);
    const retryAt = delivered.failed ? Date.now() + RETRY_AFTER_MS : Number.POSITIVE_INFINITY;
    nextCheckAt.set(site.id, Math.min(found.nextDueAt ?? Number.POSITIVE_INFINITY, retryAt));
    if (nextCheckAt.size > 100_000) nextCheckAt.clear();
  }

  function schedule(site: ContentSite, pages: Map<string, SnapshotPage>): Promise<void> {
    const previous = chains.get(site.id) ?? Promise.resolve();
    const next = previous
      .then(() => check(site, pages))
      .catch((err) => log(`[email] new-post check for site ${site.id} failed`, err))
      .finally(() => {
        if (chains.get(site.id) === next) chains.delete(site.id);
      });
    chains.set(site.id, next);
    return next;
  }

  return {
    /** After a refresh that changed the site's snapshot. */
    afterUpdate(site: ContentSite, pages: Map<string, SnapshotPage>): void {
      void schedule(site, pages);
    },
    /** After a refresh that found nothing new in Notion. */
    afterUnchanged(site: ContentSite, pages: Map<string, SnapshotPage>): void {
      if (!siteTypeHas(site.siteType, "subscribers") && !siteTypeHas(site.siteType, "votes")) return;
      if (Date.now() < (nextCheckAt.get(site.id) ?? 0)) return;
      void schedule(site, pages);
    },
    /** Waits for running checks (tests, shutdown). */
    async idle(): Promise<void> {
      while (chains.size) await Promise.allSettled([...chains.values()]);
    },
  };
}

export type PostNotifier = ReturnType<typeof createPostNotifier>;
