import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Env } from "@/env";
import { openDatabase, type Database } from "@/db/client";
import { openClusterChannel } from "@/db/pg-channel";
import { migrateDatabase } from "@/db/migrate";
import { createFileStorage } from "@/integrations/storage";
import { createEmailProvider } from "@/integrations/email";
import { createPostNotifier } from "@/core/email/post-notifier";
import { createChatModel } from "@/integrations/ai";
import { createNotionGateway } from "@/notion/notion-gateway";
import { createNotionBudget } from "@/notion/budget/notion-budget";
import { refreshWindowMs } from "@/notion/refresh-window";
import { createContentService } from "@/notion/site-content";
import { recordRenamedSlugs } from "@/core/sites/record-renamed-slugs";
import { createPaymentProvider } from "@/integrations/payments";
import { indexSitePages } from "@/core/search/index-site-pages";
import { indexSitePassages } from "@/core/ai/index-site-passages";
import { createSiteEvents, type SiteEvents } from "@/core/sites/site-events";
import { createDnsResolver } from "@/integrations/dns";
import { connectedPageSource } from "@/core/notion-connections/connected-page-source";
import { markRefreshWanted } from "@/core/refresh/mark-refresh-wanted";
import { webhooksVerified } from "@/core/notion-connections/get-webhook-verification";
import { tellOwnerSyncFailing } from "@/core/sites/tell-owner-sync-failing";
import { tellOwnerConnectionRefused } from "@/core/notion-connections/tell-owner-connection-refused";
import { startNotionCanary } from "@/notion/canary";
import { createAnalyticsRecorder } from "@/core/analytics/analytics-recorder";
import { loadCountryTable } from "@/core/analytics/country-of";
import { rollUpAnalytics } from "@/core/analytics/roll-up-analytics";
import { createRoadmapNotionWriter } from "@/core/roadmap/roadmap-notion-writer";
import { contentSiteOf } from "@/core/sites/content-site-of";
import { sites } from "@/db/schema";
import { siteTypeHas } from "@/lib/site-types";
import { eq } from "drizzle-orm";
import type { Runtime } from "./index";

/** AUTH_SECRET when given; otherwise one generated on first start and kept in DATA_DIR (CONTRACTS §2). */
export function resolveAuthSecret(env: Env): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.join(env.DATA_DIR, "auth-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start
  }
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = crypto.randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Site events: in this process on PGlite (one process owns the data); on PostgreSQL also to every other process on
 * the database, through LISTEN/NOTIFY, so a change made through one process drops every process's caches.
 */
async function openSiteEvents(env: Env, database: Database): Promise<SiteEvents> {
  if (!env.DATABASE_URL) return createSiteEvents();
  let receive = (_siteId: string) => {};
  const channel = await openClusterChannel({
    databaseUrl: env.DATABASE_URL,
    db: database.db,
    channel: "site_changed",
    onMessage: (siteId) => receive(siteId),
  });
  const events = createSiteEvents(channel);
  receive = events.receive;
  return events;
}

/** Opens the database and migrates it. The caller publishes the result with setRuntime(). */
export async function createRuntime(env: Env): Promise<Runtime> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await migrateDatabase(database);
  } catch (err) {
    await database.close();
    throw err;
  }
  let siteEvents: SiteEvents;
  try {
    siteEvents = await openSiteEvents(env, database);
  } catch (err) {
    await database.close();
    throw err;
  }
  const authSecret = resolveAuthSecret(env);
  const email = createEmailProvider(env, database.db);
  // One Notion request rate for every process on the database (docs/operations.md).
  const notionBudget = createNotionBudget({ db: database.db, requestsPerSecond: env.NOTION_REQUESTS_PER_SECOND });
  const ownerMail = { db: database.db, email, appUrl: env.APP_URL, appsDomain: env.APPS_DOMAIN };
  const notionConnections = {
    db: database.db,
    authSecret,
    officialApiBase: env.NOTION_OFFICIAL_API_BASE,
    budget: notionBudget,
    oauth: env.NOTION_OAUTH_CLIENT_ID && env.NOTION_OAUTH_CLIENT_SECRET
      ? { clientId: env.NOTION_OAUTH_CLIENT_ID, clientSecret: env.NOTION_OAUTH_CLIENT_SECRET, redirectUri: `${env.APP_URL}/api/notion/callback` }
      : null,
    // Notion refused a connection for good: its owner hears of it once, for all its sites.
    afterRefused: async (connectionId: string) => {
      await tellOwnerConnectionRefused(ownerMail, connectionId).catch((err: unknown) => console.error(`[notion] could not email the owner of refused connection ${connectionId}:`, err));
    },
  };
  const notion = createNotionGateway({ apiBaseUrl: env.NOTION_API_BASE, timeoutMs: env.NOTION_TIMEOUT_MS, budget: notionBudget });
  const postNotifier = createPostNotifier({ db: database.db, email, appsDomain: env.APPS_DOMAIN, billingEnabled: env.billingEnabled, getSnapshot: (id) => content.getSnapshot(id) });
  // Whether Notion's webhooks reach us (the handshake happened, possibly through another process): re-read each minute.
  const webhooks = { verified: await webhooksVerified({ db: database.db }).catch(() => false), timer: null as NodeJS.Timeout | null };
  webhooks.timer = setInterval(() => {
    void webhooksVerified({ db: database.db }).then((v) => (webhooks.verified = v), () => {});
  }, 60_000);
  webhooks.timer.unref?.();
  const content = createContentService({
    db: database.db,
    gateway: notion,
    // Connected sites read through the official API; the connection's token is opened in core, never stored here.
    connectedSource: (site) => connectedPageSource(notionConnections, site.notionConnectionId),
    revalidateMs: env.REVALIDATE_SECONDS * 1000,
    leaseMs: env.REFRESH_LEASE_SECONDS * 1000,
    // Webhooks bring a connected site's edits at once: polling is then only the fallback, and rare. Otherwise a
    // site's interval follows its life: every REVALIDATE_SECONDS while edited lately, minutes once it has been quiet.
    revalidateMsOf: (site, snapshot) =>
      site.notionConnectionId && webhooks.verified
        ? Math.max(env.REVALIDATE_SECONDS, env.NOTION_WEBHOOK_POLL_SECONDS) * 1000
        : refreshWindowMs(snapshot.lastEditedAt, Date.now(), {
            activeMs: env.REVALIDATE_SECONDS * 1000,
            quietMs: env.REVALIDATE_QUIET_SECONDS * 1000,
            idleMs: env.REVALIDATE_IDLE_SECONDS * 1000,
          }),
    cacheBytes: env.SNAPSHOT_CACHE_MB * 1024 * 1024,
    // After a change: new posts mail subscribers; the search index and the AI passages follow the snapshot; renamed
    // posts keep their old slugs as redirects (the site server then drops its cached redirects).
    onUpdated: async (site, before, after) => {
      postNotifier.afterUpdate(site, after);
      if (site.notionConnectionId && siteTypeHas(site.siteType, "votes")) roadmapNotion.schedule(site.id);
      await indexSitePages(database.db, site.id, after);
      await indexSitePassages(database.db, site.id, after);
      if (before.size && (await recordRenamedSlugs(database.db, site, before, after))) siteEvents.emitSiteChanged(site.id);
    },
    onUnchanged: (site, pages) => {
      postNotifier.afterUnchanged(site, pages);
      // A roadmap's writes back to Notion that failed are tried again with each refresh.
      if (site.notionConnectionId && siteTypeHas(site.siteType, "votes")) roadmapNotion.schedule(site.id);
    },
    // A sites-role process serves and asks; workers spend the Notion requests (docs/operations.md).
    askForRefresh: env.PAGEWRIGHT_ROLE === "sites" ? (site, windowMs) => markRefreshWanted(database.db, site.id, windowMs) : undefined,
    // Syncs that keep failing: the owner hears of it once per run of failures (once per connection when Notion
    // refused the site's connection; an email that failed to go out then is tried again here).
    onFailed: async (site, failure) => {
      if (site.notionConnectionId) await tellOwnerConnectionRefused(ownerMail, site.notionConnectionId);
      await tellOwnerSyncFailing(ownerMail, site.id, failure);
    },
  });
  const roadmapNotion = createRoadmapNotionWriter({
    ...notionConnections,
    getSnapshot: (siteId) => content.getSnapshot(siteId),
    // New rows for approved ideas: read them now, so they show on the board without waiting for the next poll.
    afterRowsCreated: (siteId) => {
      void database.db
        .select()
        .from(sites)
        .where(eq(sites.id, siteId))
        .then(([site]) => site && content.refresh(contentSiteOf(site)))
        .catch(() => {});
    },
  });
  const canary = env.NOTION_CANARY_PAGE
    ? startNotionCanary({ gateway: notion, pageId: env.NOTION_CANARY_PAGE, intervalMs: env.NOTION_CANARY_INTERVAL_SECONDS * 1000, log: (line) => console.error(line) })
    : null;
  loadCountryTable();
  const rollUp = setInterval(() => {
    rollUpAnalytics(database.db, { retentionDays: env.ANALYTICS_RAW_RETENTION_DAYS }).catch((err: unknown) => console.error("[analytics] rollup failed:", err));
  }, env.ANALYTICS_ROLLUP_SECONDS * 1000);
  rollUp.unref();
  return {
    env,
    database,
    db: database.db,
    siteEvents,
    dns: createDnsResolver(env),
    authSecret,
    notionConnections,
    startedAt: new Date(),
    notion,
    notionBudget,
    notionWatch: {
      canary,
      webhooksVerified: () => webhooks.verified,
      noteWebhooksVerified: () => {
        webhooks.verified = true;
      },
      stop: () => {
        canary?.stop();
        if (webhooks.timer) clearInterval(webhooks.timer);
      },
    },
    content,
    storage: createFileStorage(env),
    payments: createPaymentProvider(env),
    email,
    postNotifier,
    roadmapNotion,
    ai: createChatModel(env),
    analytics: createAnalyticsRecorder({ db: database.db, flushMs: env.ANALYTICS_FLUSH_MS }),
    stopAnalyticsRollup: () => clearInterval(rollUp),
  };
}

export async function closeRuntime(runtime: Runtime): Promise<void> {
  runtime.notionWatch.stop();
  await runtime.siteEvents.close();
  await runtime.content.idle();
  await runtime.notionBudget.close();
  await runtime.postNotifier.idle();
  runtime.roadmapNotion.stop();
  await runtime.roadmapNotion.idle();
  runtime.stopAnalyticsRollup();
  await runtime.analytics.stop();
  await runtime.database.close();
}
