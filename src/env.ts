import { z } from "zod";
import { parsePageId } from "notion-utils";
import { parseTemplateUrls } from "./lib/notion-templates";
import type { SiteType } from "./lib/site-types";

/**
 * All configuration, validated once (CONTRACTS §2). Nothing reads process.env elsewhere on the server.
 * Defaults that depend on other variables (APP_URL, APPS_DOMAIN) are derived after parsing.
 */

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const flag = z
  .enum(["0", "1", "true", "false", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : v === "1" || v === "true"));

const port = z.coerce.number().int().min(0).max(65535);

/**
 * How many proxies in front of the app append to X-Forwarded-For: 0 (off, the default) or N. "true"/"false" are the
 * old flag spellings (1 and 0).
 */
const proxyHops = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === "true" ? "1" : v === "false" || !v ? "0" : v))
  .pipe(z.string().regex(/^\d+$/, "TRUST_PROXY must be 0, 1 or the number of proxies in front of the app"))
  .transform(Number)
  .pipe(z.number().int().max(10, "TRUST_PROXY: at most 10 proxies"));

/** The parts one process can run: `all` is one process doing everything, as on a single machine. */
export const SERVER_ROLES = ["all", "sites", "app", "worker"] as const;
export type ServerRole = (typeof SERVER_ROLES)[number];

const rawEnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: port.default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  APP_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  APPS_DOMAIN: optionalString,
  AUTH_SECRET: optionalString.pipe(z.string().min(16, "AUTH_SECRET must be at least 16 characters").optional()),
  /** Proxies in front of the app whose X-Forwarded-* entries are trusted (counted from the right). */
  TRUST_PROXY: proxyHops,
  REVALIDATE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(10),
  /**
   * Refresh intervals that follow a site's life: a site whose newest Notion edit is over an hour old is refreshed at
   * most this often when read, one unchanged for over a day at most REVALIDATE_IDLE_SECONDS (never below
   * REVALIDATE_SECONDS). Sync now and webhooks are always immediate.
   */
  REVALIDATE_QUIET_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  REVALIDATE_IDLE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /**
   * What this process does (README "Running several processes"): everything (the default), only published sites
   * (no Next.js loaded), only the app (dashboard, product website, API), or only background refreshes.
   */
  PAGEWRIGHT_ROLE: z.enum(SERVER_ROLES).default("all"),
  /** Memory for Notion snapshots kept per process (least recently used sites leave first), in MB. */
  SNAPSHOT_CACHE_MB: z.coerce.number().int().min(1).max(65_536).default(256),
  /** How long a site's refresh holds it before another process may take over (one killed mid-refresh holds it this long). */
  REFRESH_LEASE_SECONDS: z.coerce.number().int().min(2).max(3_600).default(120),
  /** Built-in analytics (issue 25): raw events kept this many days (aggregates for ever), batch flush and rollup periods. */
  ANALYTICS_RAW_RETENTION_DAYS: z.coerce.number().int().min(2).max(3650).default(30),
  ANALYTICS_FLUSH_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  ANALYTICS_ROLLUP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** Prometheus metrics at /metrics on the app host (README "Running several processes"): off unless set; a scraper sends it as a bearer token. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional()),

  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  AUTH_TEST_LOGIN: flag,

  NOTION_API_BASE: optionalString.pipe(z.url().optional()),
  NOTION_FILE_HOSTS: optionalString,
  NOTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * Requests per second to Notion for the whole cluster (every process on the database shares it): for public
   * pages, and apart for each connection (Notion limits each integration to about 3 per second on average).
   */
  NOTION_REQUESTS_PER_SECOND: z.coerce.number().min(0.1).max(1_000).default(3),
  /** "Connect Notion" through the operator's public integration (issue 22): both or neither. */
  NOTION_OAUTH_CLIENT_ID: optionalString,
  NOTION_OAUTH_CLIENT_SECRET: optionalString,
  /** Notion's official API origin, without /v1 (the official-API stand-in in tests). */
  NOTION_OFFICIAL_API_BASE: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** A public Notion page the operator owns, read every NOTION_CANARY_INTERVAL_SECONDS; its outcome is in /api/health. */
  NOTION_CANARY_PAGE: optionalString,
  NOTION_CANARY_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** How often a connected site polls once Notion's webhooks reach us (they bring edits at once). */
  NOTION_WEBHOOK_POLL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  /** Operators (comma-separated emails): they see the admin screen (the webhook verification token). */
  ADMIN_EMAILS: optionalString,

  PADDLE_ENV: z.enum(["sandbox", "production"]).optional(),
  PADDLE_API_KEY: optionalString,
  PADDLE_CLIENT_TOKEN: optionalString,
  PADDLE_WEBHOOK_SECRET: optionalString,
  PADDLE_API_BASE: optionalString.pipe(z.url().optional()),

  PLUNK_API_KEY: optionalString,
  PLUNK_API_BASE: optionalString.pipe(z.url().optional()),
  EMAIL_FROM: optionalString,
  TEAM_EMAIL: optionalString,

  AI_BASE_URL: optionalString.pipe(z.url().optional()),
  AI_API_KEY: optionalString,
  AI_MODEL: optionalString,

  DNS_SERVERS: optionalString,

  S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,

  BUGSNAG_API_KEY: optionalString,
  /** Bugsnag's own endpoints by default; a base URL (notify at `/`, sessions at `/sessions`) for a local collector. */
  BUGSNAG_ENDPOINT: optionalString.pipe(z.url().optional()),
  RELEASE_STAGE: optionalString,
  GOOGLE_ADS_ID: optionalString,
  FACEBOOK_PIXEL_ID: optionalString,
  TWITTER_PIXEL_ID: optionalString,
  POSTHOG_KEY: optionalString,
  PLAUSIBLE_DOMAIN: optionalString,
  CRISP_WEBSITE_ID: optionalString,
  /** Public Notion templates to duplicate, by site type: "blog=https://…,roadmap=https://…" (else CSV downloads). */
  TEMPLATE_URLS: optionalString,
  /** The website's showcase links each demo site live, by type: "blog=http://lumen.localhost:3000/,…" (`npm run demo` sets it). */
  SHOWCASE_URLS: optionalString,
  /** Where the website's "Source code" links (the product is open source); no request is ever made to it. */
  APP_SOURCE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** An operator's own Terms, Privacy and Contact pages; unset, the website's defaults at /terms, /privacy, /contact. */
  TERMS_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  PRIVACY_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  CONTACT_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
});

export type RawEnv = z.infer<typeof rawEnvSchema>;

export type Env = Omit<RawEnv, "APP_URL" | "APPS_DOMAIN" | "NOTION_FILE_HOSTS" | "DNS_SERVERS" | "PADDLE_ENV" | "NOTION_OFFICIAL_API_BASE" | "NOTION_CANARY_PAGE" | "ADMIN_EMAILS"> & {
  APP_URL: string;
  APPS_DOMAIN: string;
  NOTION_FILE_HOSTS: string[];
  DNS_SERVERS: string[];
  PADDLE_ENV: "sandbox" | "production";
  NOTION_OFFICIAL_API_BASE: string;
  /** The canary page's id (from a URL or a bare id), when set. */
  NOTION_CANARY_PAGE?: string;
  /** Lower-cased. */
  ADMIN_EMAILS: string[];
  /** "Connect Notion" with OAuth is offered only when the operator configured a public integration. */
  notionOAuthEnabled: boolean;
  /** Payments are on only with a Paddle API key (then the webhook secret and client token are required too). */
  billingEnabled: boolean;
  /** Resolved by the runtime: whether the test-login provider is on (CONTRACTS §4). */
  testLoginEnabled: boolean;
  dbKind: "pglite" | "postgres";
  /** File storage on an S3-compatible bucket when every S3_* variable is set; else local disk. */
  s3?: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };
};

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/** Notion's official API (the SDK's own default). */
export const NOTION_OFFICIAL_API_DEFAULT = "https://api.notion.com";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return LOOPBACK_HOSTS.has(h) || h.endsWith(".localhost");
}

/** The host name of a `host[:port]` value like APPS_DOMAIN; "" when it isn't one. */
function hostnameOf(hostAndPort: string): string {
  try {
    return new URL(`http://${hostAndPort}`).hostname;
  } catch {
    return "";
  }
}

function list(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** NOTION_FILE_HOSTS entries are exact origins (scheme, host, port). */
function originOf(entry: string): string {
  try {
    return new URL(entry).origin;
  } catch {
    throw new ConfigError(`NOTION_FILE_HOSTS: "${entry}" is not an origin like https://files.example.com`);
  }
}

/** Parses configuration; throws a ConfigError naming each bad or missing variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = rawEnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  const raw = parsed.data;
  if (raw.DATABASE_URL && !raw.AUTH_SECRET) {
    throw new ConfigError(
      "AUTH_SECRET is required when DATABASE_URL is set (several processes must share one secret)",
    );
  }
  if (Boolean(raw.GOOGLE_CLIENT_ID) !== Boolean(raw.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError("GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together");
  }
  if (Boolean(raw.NOTION_OAUTH_CLIENT_ID) !== Boolean(raw.NOTION_OAUTH_CLIENT_SECRET)) {
    throw new ConfigError("NOTION_OAUTH_CLIENT_ID and NOTION_OAUTH_CLIENT_SECRET must be set together");
  }
  if (raw.PADDLE_API_KEY && (!raw.PADDLE_WEBHOOK_SECRET || !raw.PADDLE_CLIENT_TOKEN)) {
    throw new ConfigError("PADDLE_API_KEY needs PADDLE_WEBHOOK_SECRET and PADDLE_CLIENT_TOKEN too (or unset all three: billing off)");
  }
  if (raw.PAGEWRIGHT_ROLE !== "all" && !raw.DATABASE_URL) {
    throw new ConfigError(`PAGEWRIGHT_ROLE=${raw.PAGEWRIGHT_ROLE} needs DATABASE_URL: with PGlite one process does everything (PAGEWRIGHT_ROLE=all)`);
  }
  const s3Values = [raw.S3_ENDPOINT, raw.S3_BUCKET, raw.S3_REGION, raw.S3_ACCESS_KEY_ID, raw.S3_SECRET_ACCESS_KEY];
  if (s3Values.some(Boolean) && !s3Values.every(Boolean)) {
    throw new ConfigError("S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or unset all: files on local disk)");
  }
  const canaryPage = raw.NOTION_CANARY_PAGE ? parsePageId(raw.NOTION_CANARY_PAGE.trim(), { uuid: true }) : undefined;
  if (raw.NOTION_CANARY_PAGE && !canaryPage) throw new ConfigError("NOTION_CANARY_PAGE: not a Notion page URL or id");
  const appUrl = (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, "");
  const appsDomain = (raw.APPS_DOMAIN ?? `localhost:${raw.PORT}`).toLowerCase();
  const isProductionStage = raw.NODE_ENV === "production" && raw.RELEASE_STAGE !== "preview";
  // CONTRACTS §4: an explicit AUTH_TEST_LOGIN wins; unset means on only when the app answers on loopback names alone
  // (APP_URL and APPS_DOMAIN, which classify-host also treats as the app) — never on a public name, whatever NODE_ENV.
  const testLoginEnabled = raw.AUTH_TEST_LOGIN ?? (isLoopbackHost(new URL(appUrl).hostname) && isLoopbackHost(hostnameOf(appsDomain)));

  return {
    ...raw,
    APP_URL: appUrl,
    APPS_DOMAIN: appsDomain,
    NOTION_FILE_HOSTS: list(raw.NOTION_FILE_HOSTS).map(originOf),
    DNS_SERVERS: list(raw.DNS_SERVERS),
    NOTION_OFFICIAL_API_BASE: (raw.NOTION_OFFICIAL_API_BASE ?? NOTION_OFFICIAL_API_DEFAULT).replace(/\/+$/, ""),
    NOTION_CANARY_PAGE: canaryPage,
    ADMIN_EMAILS: list(raw.ADMIN_EMAILS).map((e) => e.toLowerCase()),
    notionOAuthEnabled: Boolean(raw.NOTION_OAUTH_CLIENT_ID),
    PADDLE_ENV: raw.PADDLE_ENV ?? (isProductionStage && raw.RELEASE_STAGE === "production" ? "production" : "sandbox"),
    billingEnabled: Boolean(raw.PADDLE_API_KEY),
    testLoginEnabled,
    dbKind: raw.DATABASE_URL ? "postgres" : "pglite",
    s3:
      raw.S3_ENDPOINT && raw.S3_BUCKET && raw.S3_REGION && raw.S3_ACCESS_KEY_ID && raw.S3_SECRET_ACCESS_KEY
        ? { endpoint: raw.S3_ENDPOINT, bucket: raw.S3_BUCKET, region: raw.S3_REGION, accessKeyId: raw.S3_ACCESS_KEY_ID, secretAccessKey: raw.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

/** The values the browser may see, injected at run time into the root layout (never baked into the build). */
export type PublicConfig = {
  appUrl: string;
  appsDomain: string;
  testLogin: boolean;
  googleLogin: boolean;
  paddleEnv: "sandbox" | "production";
  paddleClientToken?: string;
  tracking: {
    googleAdsId?: string;
    facebookPixelId?: string;
    twitterPixelId?: string;
    posthogKey?: string;
    plausibleDomain?: string;
    crispWebsiteId?: string;
    /** Whether conversions also go to the email provider's track API (server-side, with the user's address). */
    emailEvents: boolean;
  };
  bugsnagApiKey?: string;
  releaseStage: string;
  /** TEMPLATE_URLS, parsed: public Notion templates by site type. */
  templateUrls: Partial<Record<SiteType, string>>;
};

export function publicConfig(env: Env): PublicConfig {
  return {
    appUrl: env.APP_URL,
    appsDomain: env.APPS_DOMAIN,
    testLogin: env.testLoginEnabled,
    googleLogin: Boolean(env.GOOGLE_CLIENT_ID),
    paddleEnv: env.PADDLE_ENV,
    paddleClientToken: env.PADDLE_CLIENT_TOKEN,
    tracking: {
      googleAdsId: env.GOOGLE_ADS_ID,
      facebookPixelId: env.FACEBOOK_PIXEL_ID,
      twitterPixelId: env.TWITTER_PIXEL_ID,
      posthogKey: env.POSTHOG_KEY,
      plausibleDomain: env.PLAUSIBLE_DOMAIN,
      crispWebsiteId: env.CRISP_WEBSITE_ID,
      emailEvents: Boolean(env.PLUNK_API_KEY),
    },
    bugsnagApiKey: env.BUGSNAG_API_KEY,
    releaseStage: env.RELEASE_STAGE ?? (env.NODE_ENV === "production" ? "production" : "development"),
    templateUrls: parseTemplateUrls(env.TEMPLATE_URLS),
  };
}
