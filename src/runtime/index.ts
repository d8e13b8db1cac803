import type { RoadmapNotionWriter } from "@/core/roadmap/roadmap-notion-writer";
import type { SiteEvents } from "@/core/sites/site-events";
import type { Env } from "@/env";
import type { Database, Db } from "@/db/client";
import type { FileStorage } from "@/integrations/storage";
import type { DnsResolver } from "@/integrations/dns";
import type { PaymentProvider } from "@/integrations/payments";
import type { EmailProvider } from "@/integrations/email";
import type { PostNotifier } from "@/core/email/post-notifier";
import type { ChatModel } from "@/integrations/ai";
import type { AnalyticsRecorder } from "@/core/analytics/analytics-recorder";
import type { NotionBudget } from "@/notion/budget/notion-budget";
import type { NotionGateway } from "@/notion/notion-gateway";
import type { ContentService } from "@/notion/site-content";
import type { NotionCanary } from "@/notion/canary";
import type { NotionConnectionDeps, NotionOAuthConfig } from "@/core/notion-connections/connection-deps";

/**
 * The per-process runtime (docs/contracts.md §3): created once by src/server.ts and shared with the Next bundle through
 * globalThis, because Next bundles its own copy of our modules and module-level singletons would exist twice.
 */
export type Runtime = {
  env: Env;
  database: Database;
  db: Db;
  /** "This site changed", so every cache of the site drops it. */
  siteEvents: SiteEvents;
  /** DNS lookups for custom domains (DNS_SERVERS when set). */
  dns: DnsResolver;
  authSecret: string;
  startedAt: Date;
  /** Notion, through one queue for the whole process. */
  notion: NotionGateway;
  /** The cluster's Notion request budget (every request to Notion takes its turn here). */
  notionBudget: NotionBudget;
  /** The watch on Notion: the canary page (NOTION_CANARY_PAGE) and whether webhooks reach us (connected sites then poll rarely). */
  notionWatch: { canary: NotionCanary | null; webhooksVerified(): boolean; noteWebhooksVerified(): void };
  /** Notion connections (official API): the database, the key secret, the API origin, and the OAuth client if configured. */
  notionConnections: NotionConnectionDeps & { oauth: NotionOAuthConfig | null };
  /** Site snapshots: stale-while-revalidate reads, refreshes, "sync now". */
  content: ContentService;
  storage: FileStorage;
  /** Paddle Billing, or null when billing is off (self-hosted: every feature unlocked). */
  payments: PaymentProvider | null;
  /** Transactional email and marketing events: Plunk with PLUNK_API_KEY, else the email_outbox table and the log. */
  email: EmailProvider;
  /** New-post emails to a blog's or changelog's confirmed subscribers, driven by refreshes. */
  postNotifier: PostNotifier;
  /** Roadmaps read through the official API: vote counts and approved ideas written back to Notion. */
  roadmapNotion: RoadmapNotionWriter;
  /** The chat model (AI_BASE_URL, AI_MODEL), or null: AI features answer in retrieval-only mode. */
  ai: ChatModel | null;
  /** Built-in analytics: site events buffered and written in batches; a timer rolls them up. */
  analytics: AnalyticsRecorder;
  /** Every loop, timer and queue the runtime started, in the order closeRuntime stops them. */
  tasks: BackgroundTask[];
};

/** Something running in the background; `stop` ends it and resolves once its work under way is done. */
export type BackgroundTask = { name: string; stop(): void | Promise<void> };

const RUNTIME_KEY = Symbol.for("app.runtime");

type GlobalWithRuntime = typeof globalThis & { [RUNTIME_KEY]?: Runtime };

export function setRuntime(runtime: Runtime | undefined): void {
  (globalThis as GlobalWithRuntime)[RUNTIME_KEY] = runtime;
}

export function getRuntime(): Runtime {
  const runtime = (globalThis as GlobalWithRuntime)[RUNTIME_KEY];
  if (!runtime) {
    throw new Error("The app runtime is not started: run the product through src/server.ts (npm start / npm run dev)");
  }
  return runtime;
}
