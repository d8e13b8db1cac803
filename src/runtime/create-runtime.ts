import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Env } from "@/env";
import { purgeOldAuditEntries } from "@/core/audit/record-audit-entry";
import { deliverDueWebhooks } from "@/core/webhooks/deliver-webhooks";
import { createWebhookPost } from "@/integrations/webhooks/post-webhook";
import { openDatabase, type Database } from "@/db/client";
import { openClusterChannel } from "@/db/pg-channel";
import { migrateDatabase } from "@/db/migrate";
import { leaseHolderSessionName, voidAllLeases } from "@/notion/snapshot-store";
import { createFileStorage } from "@/integrations/storage";
import { createEmailProvider } from "@/integrations/email";
import { createPostNotifier } from "@/core/email/post-notifier";
import { createChatModel } from "@/integrations/ai";
import { createNotionGateway } from "@/notion/notion-gateway";
import { createNotionBudget } from "@/notion/budget/notion-budget";
import { refreshWindowMs } from "@/notion/refresh-window";
import { createContentService } from "@/notion/site-content";
import { createPaymentProvider } from "@/integrations/payments";
import { createSiteEvents, type SiteEvents } from "@/core/sites/site-events";
import { createCdnPurges, withCdnPurges } from "@/core/sites/cdn-purges";
import { createCdnPurger } from "@/integrations/cdn";
import { createDnsResolver } from "@/integrations/dns";
import { connectedPageSource } from "@/core/notion-connections/connected-page-source";
import { markRefreshWanted } from "@/core/refresh/mark-refresh-wanted";
import { webhooksVerified } from "@/core/notion-connections/get-webhook-verification";
import { tellOwnerConnectionRefused } from "@/core/notion-connections/tell-owner-connection-refused";
import { startNotionCanary } from "@/notion/canary";
import { createAnalyticsRecorder } from "@/core/analytics/analytics-recorder";
import { loadCountryTable } from "@/core/analytics/country-of";
import { rollUpAnalytics } from "@/core/analytics/roll-up-analytics";
import { createRoadmapNotionWriter } from "@/core/roadmap/roadmap-notion-writer";
import { createRefreshHooks } from "@/core/refresh/refresh-hooks";
import { createSocialCardWarmer } from "@/core/social-cards/warm-social-cards";
import { refreshSiteById } from "@/core/refresh/refresh-site-by-id";
import type { AnalyticsRecorder } from "@/core/analytics/analytics-recorder";
import type { PostNotifier } from "@/core/email/post-notifier";
import type { RoadmapNotionWriter } from "@/core/roadmap/roadmap-notion-writer";
import type { NotionBudget } from "@/notion/budget/notion-budget";
import type { NotionCanary } from "@/notion/canary";
import type { ContentService } from "@/notion/site-content";
import type { BackgroundTask, Runtime } from "./index";
import { startRefreshWorker } from "./refresh-worker";

/** AUTH_SECRET when given; otherwise one generated on first start and kept in DATA_DIR (docs/contracts.md §2). */
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
async function openSiteEvents(env: Env, database: Database, applicationName: string): Promise<SiteEvents> {
  if (!env.DATABASE_URL) return createSiteEvents();
  let receive = (_siteId: string) => {};
  const channel = await openClusterChannel({
    databaseUrl: env.DATABASE_URL,
    db: database.db,
    channel: "site_changed",
    applicationName,
    onMessage: (siteId) => receive(siteId),
  });
  const events = createSiteEvents(channel);
  receive = events.receive;
  return events;
}

/** The runtime's background work in the order closeRuntime stops it: what makes new work first, then what finishes it, then what flushes it. */
function backgroundTasks(started: {
  stopRefreshWorker: (() => Promise<void>) | null;
  canary: NotionCanary | null;
  webhookCheck: NodeJS.Timeout | null;
  siteEvents: SiteEvents;
  content: ContentService;
  notionBudget: NotionBudget;
  postNotifier: PostNotifier;
  roadmapNotion: RoadmapNotionWriter;
  rollUp: NodeJS.Timeout;
  analytics: AnalyticsRecorder;
}): BackgroundTask[] {
  const { stopRefreshWorker, canary, webhookCheck, siteEvents, content, notionBudget, postNotifier, roadmapNotion, rollUp, analytics } = started;
  return [
    ...(stopRefreshWorker ? [{ name: "refresh worker", stop: stopRefreshWorker }] : []),
    { name: "notion canary", stop: () => canary?.stop() },
    { name: "webhook verification check", stop: () => clearInterval(webhookCheck ?? undefined) },
    { name: "site events", stop: () => siteEvents.close() },
    { name: "content refreshes", stop: () => content.idle() },
    { name: "notion budget", stop: () => notionBudget.close() },
    { name: "post notifier", stop: () => postNotifier.idle() },
    {
      name: "roadmap notion writer",
      stop: async () => {
        roadmapNotion.stop();
        await roadmapNotion.idle();
      },
    },
    { name: "analytics rollup", stop: () => clearInterval(rollUp) },
    { name: "analytics recorder", stop: () => analytics.stop() },
  ];
}

/** Opens the database and migrates it; on PGlite, frees the refresh leases a killed predecessor left. */
async function openMigratedDatabase(env: Env, applicationName: string): Promise<Database> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, applicationName });
  try {
    await migrateDatabase(database);
    // PGlite is this process's alone: a refresh lease already there is a dead predecessor's.
    if (database.kind === "pglite") {
      const freed = await voidAllLeases(database.db);
      if (freed) console.log(`[notion] ${freed} refresh lease(s) left by a previous run freed`);
    }
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

/** Opens the database and migrates it. The caller publishes the result with setRuntime(). */
export async function createRuntime(env: Env): Promise<Runtime> {
  // Names this process's refresh leases and its PostgreSQL sessions: a lease whose holder has no session is free.
  const leaseOwner = `${process.pid}-${crypto.randomUUID()}`;
  const database = await openMigratedDatabase(env, leaseHolderSessionName(leaseOwner));
  let siteEvents: SiteEvents;
  try {
    siteEvents = await openSiteEvents(env, database, leaseHolderSessionName(leaseOwner));
  } catch (err) {
    await database.close();
    throw err;
  }
  // The CDN in front (CDN_PURGE) is purged by the process where a change happens: its own emits and its refreshes.
  const cdnPurges = createCdnPurges(createCdnPurger(env));
  siteEvents = withCdnPurges(siteEvents, cdnPurges);
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
  const storage = createFileStorage(env);
  // Social cards drawn at publish time, in the background (SOCIAL_CARDS_AT_PUBLISH=0: on their first request only).
  const warmSocialCards = env.SOCIAL_CARDS_AT_PUBLISH ? createSocialCardWarmer({ db: database.db, storage, gateway: notion, extraOrigins: env.NOTION_FILE_HOSTS, notionConnections }) : undefined;
  const postNotifier = createPostNotifier({ db: database.db, email, appsDomain: env.APPS_DOMAIN, billingEnabled: env.billingEnabled, fileOrigins: env.NOTION_FILE_HOSTS, getSnapshot: (id) => content.getSnapshot(id) });
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
    owner: leaseOwner,
    holderSessions: database.kind === "postgres",
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
    // What follows each refresh: emails, search index, AI passages, renamed slugs, roadmap writes, failure emails.
    ...createRefreshHooks({ ...ownerMail, siteEvents, postNotifier, purgeCdn: cdnPurges.purgeSite, scheduleRoadmapWrites: (siteId) => roadmapNotion.schedule(siteId), warmSocialCards }),
    // A sites-role process serves and asks; workers spend the Notion requests (docs/operations.md).
    askForRefresh: env.PAGEWRIGHT_ROLE === "sites" ? (site, windowMs) => markRefreshWanted(database.db, site.id, windowMs) : undefined,
  });
  const roadmapNotion = createRoadmapNotionWriter({
    ...notionConnections,
    getSnapshot: (siteId) => content.getSnapshot(siteId),
    // New rows for approved ideas: read them now, so they show on the board without waiting for the next poll.
    afterRowsCreated: (siteId) => refreshSiteById({ db: database.db, content }, siteId),
  });
  const canary = env.NOTION_CANARY_PAGE
    ? startNotionCanary({ gateway: notion, pageId: env.NOTION_CANARY_PAGE, intervalMs: env.NOTION_CANARY_INTERVAL_SECONDS * 1000, log: (line) => console.error(line) })
    : null;
  loadCountryTable();
  const rollUp = setInterval(() => {
    rollUpAnalytics(database.db, { retentionDays: env.ANALYTICS_RAW_RETENTION_DAYS }).catch((err: unknown) => console.error("[analytics] rollup failed:", err));
    // The audit log keeps a year (AUDIT_RETENTION_DAYS); dropping what is older rides on the same timer.
    purgeOldAuditEntries(database.db).catch((err: unknown) => console.error("[audit] purge failed:", err));
  }, env.ANALYTICS_ROLLUP_SECONDS * 1000);
  rollUp.unref();
  // Webhooks out: the processes that do background work send due deliveries (the queue is in the database).
  if (env.PAGEWRIGHT_ROLE === "all" || env.PAGEWRIGHT_ROLE === "worker") startWebhookSender({ db: database.db, email, appUrl: env.APP_URL, env });
  const analytics = createAnalyticsRecorder({ db: database.db, flushMs: env.ANALYTICS_FLUSH_MS });
  // Refreshes that sites-role readers asked for (PostgreSQL only: with PGlite every process is all-in-one and refreshes itself).
  const role = env.PAGEWRIGHT_ROLE;
  const stopRefreshWorker = (role === "all" || role === "worker") && env.DATABASE_URL ? startRefreshWorker({ db: database.db, content }) : null;
  const tasks = backgroundTasks({ stopRefreshWorker, canary, webhookCheck: webhooks.timer, siteEvents, content, notionBudget, postNotifier, roadmapNotion, rollUp, analytics });
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
    },
    content,
    storage,
    payments: createPaymentProvider(env),
    email,
    postNotifier,
    roadmapNotion,
    ai: createChatModel(env),
    analytics,
    tasks,
  };
}

/** Stops every background task in order, each finishing the work under way, then closes the database. */
export async function closeRuntime(runtime: Runtime): Promise<void> {
  for (const task of runtime.tasks) await task.stop();
  await runtime.database.close();
}

/** Sends due webhook deliveries every WEBHOOKS_POLL_MS, one run at a time; the timer never keeps the process alive. */
function startWebhookSender(deps: { db: Database["db"]; email: Runtime["email"]; appUrl: string; env: Env }): void {
  const post = createWebhookPost({ allowPrivate: deps.env.WEBHOOKS_ALLOW_PRIVATE ?? false });
  const retrySeconds = deps.env.WEBHOOKS_RETRY_SECONDS?.split(",").map((s) => Number(s.trim())).filter((n) => Number.isFinite(n) && n >= 0);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    deliverDueWebhooks({ db: deps.db, post, email: deps.email, appUrl: deps.appUrl, retrySeconds })
      .catch((err: unknown) => console.error("[webhooks] delivery run failed:", err))
      .finally(() => {
        running = false;
      });
  }, deps.env.WEBHOOKS_POLL_MS);
  timer.unref();
}
