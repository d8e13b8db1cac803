import { enqueueWebhookEvent } from "@/core/webhooks/enqueue-webhook-event";
import type { Db } from "@/db/client";
import type { EmailProvider } from "@/integrations/email";
import { siteTypeHas } from "@/lib/site-types";
import type { ContentServiceOptions, ContentSite } from "@/notion/site-content";
import { indexSitePassages } from "@/core/ai/index-site-passages";
import type { PostNotifier } from "@/core/email/post-notifier";
import { tellOwnerConnectionRefused } from "@/core/notion-connections/tell-owner-connection-refused";
import { indexSitePages } from "@/core/search/index-site-pages";
import { recordRenamedSlugs } from "@/core/sites/record-renamed-slugs";
import type { SiteEvents } from "@/core/sites/site-events";
import { tellOwnerSyncFailing } from "@/core/sites/tell-owner-sync-failing";

export type RefreshHookDeps = {
  db: Db;
  email: EmailProvider;
  appUrl: string;
  appsDomain: string;
  siteEvents: SiteEvents;
  postNotifier: PostNotifier;
  /** Queues a roadmap's writes back to Notion (vote counts, approved ideas) for this site. */
  scheduleRoadmapWrites: (siteId: string) => void;
  /** Drops the site's cached copies from the CDN in front (a no-op without CDN_PURGE). */
  purgeCdn?: (siteId: string) => void;
  /** Draws the changed site's social cards in the background (off with SOCIAL_CARDS_AT_PUBLISH=0). */
  warmSocialCards?: (siteId: string, pages: Parameters<RefreshHooks["onUpdated"]>[2]) => Promise<void>;
};

export type RefreshHooks = Required<Pick<ContentServiceOptions, "onUpdated" | "onUnchanged" | "onFailed">>;

/** A roadmap read through the official API: its writes back to Notion follow each refresh. */
const writesBackToNotion = (site: ContentSite) => Boolean(site.notionConnectionId) && siteTypeHas(site.siteType, "votes");

/**
 * What follows a refresh of a site's content. After a change: new posts mail subscribers; the search index and the AI
 * passages follow the snapshot; renamed posts keep their old slugs as redirects (the site server then drops its cached
 * redirects); the pages' social cards are drawn. Unchanged: the notifier's retries, and roadmap writes that failed are tried again. Failing: the owner
 * hears of it once per run of failures (once per connection when Notion refused the site's connection; an email that
 * failed to go out then is tried again here).
 */
export function createRefreshHooks(deps: RefreshHookDeps): RefreshHooks {
  const ownerMail = { db: deps.db, email: deps.email, appUrl: deps.appUrl, appsDomain: deps.appsDomain };
  return {
    onUpdated: async (site, before, after) => {
      // First: the new snapshot is what this process serves now, so the CDN may fetch it again at once.
      deps.purgeCdn?.(site.id);
      deps.postNotifier.afterUpdate(site, after);
      if (writesBackToNotion(site)) deps.scheduleRoadmapWrites(site.id);
      await enqueueWebhookEvent(deps.db, site.id, "site.synced", { pages: after.size });
      await indexSitePages(deps.db, site.id, after);
      await indexSitePassages(deps.db, site.id, after);
      if (before.size && (await recordRenamedSlugs(deps.db, site, before, after))) deps.siteEvents.emitSiteChanged(site.id);
      // Not awaited: the cards follow in the background, one site at a time.
      void deps.warmSocialCards?.(site.id, after);
    },
    onUnchanged: (site, pages) => {
      deps.postNotifier.afterUnchanged(site, pages);
      if (writesBackToNotion(site)) deps.scheduleRoadmapWrites(site.id);
    },
    onFailed: async (site, failure) => {
      if (site.notionConnectionId) await tellOwnerConnectionRefused(ownerMail, site.notionConnectionId);
      await tellOwnerSyncFailing(ownerMail, site.id, failure);
      await enqueueWebhookEvent(deps.db, site.id, "site.sync_failing", {});
    },
  };
}
