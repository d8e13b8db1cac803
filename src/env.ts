import { z } from "zod";
import { parsePageId } from "notion-utils";
import { parseTemplateUrls } from "./lib/notion-templates";
import type { SiteType } from "./lib/site-types";

/**
 * All configuration, validated once (docs/contracts.md §2). Nothing reads process.env elsewhere on the server.
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

/**
 * A variable whose default the schema can't show (it follows other variables or is made at start): its meaning and
 * that default, for docs/configuration.md.
 */
const about = <T extends z.ZodType>(schema: T, description: string, shownDefault: string) =>
  schema.meta({ description, shownDefault });

// Every variable says what it means (`.describe`): `npm run config:docs` writes docs/configuration.md from this schema,
// and a unit test fails when a variable has no meaning or the page is stale.
export const rawEnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production")
    .describe("`npm start` runs as `production`, `npm run dev` as `development` (magic-link sign-in on, links in the outbox); outside `production` errors are reported under the `development` stage, which sends nothing"),
  PORT: port.default(3000).describe("HTTP port"),
  HOST: z.string().default("0.0.0.0").describe("interface to listen on"),
  DATA_DIR: z.string().default("./data").describe("PGlite data, the generated auth secret, local files"),
  DATABASE_URL: about(optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()), "`postgres://…` to use PostgreSQL instead of PGlite", "— (PGlite)"),
  APP_URL: about(optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()), "the app's own address (dashboard, auth callbacks)", "`http://localhost:$PORT`"),
  APPS_DOMAIN: about(optionalString, "sites live at `{prefix}{subdomain}.$APPS_DOMAIN`; `http` for localhost, else `https`", "`localhost:$PORT`"),
  SITES_DOMAIN: about(
    optionalString,
    "sites' subdomains on a domain of their own, apart from the app's (`pagewright.site` beside `APP_URL=https://app.pagewright.com`, as GitHub Pages uses github.io): takes `APPS_DOMAIN`'s place (set one of the two). When its registrable domain (Public Suffix List) differs from `APP_URL`'s, owners' own head and body code runs on subdomains too; otherwise only on custom domains (see [operations](operations.md#the-owners-own-code))",
    "`APPS_DOMAIN`",
  ),
  AUTH_SECRET: about(
    optionalString.pipe(z.string().min(16, "AUTH_SECRET must be at least 16 characters").optional()),
    "signs session tokens and seals stored Notion tokens (changing it makes them unreadable: owners connect again); at least 16 characters; **required** with `DATABASE_URL`, since every process must sign with the same secret",
    "generated once into `DATA_DIR/auth-secret`",
  ),
  TRUST_PROXY: about(
    proxyHops,
    "the number of proxies in front of the app (`1` for one; `true` is `1`, at most 10). The visitor's address is the `X-Forwarded-For` entry that many places from the right — the one the outermost proxy appended; entries further left are the visitor's own and ignored — and the protocol comes from `X-Forwarded-Proto` the same way. `0`: the socket's address; `X-Forwarded-*` ignored. Only set it when the app port is reachable through the proxies alone (`HOST=127.0.0.1` or a firewall): a visitor who reaches the app directly can write any `X-Forwarded-For`",
    "`0`",
  ),
  REVALIDATE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(10)
    .describe("how old a Notion snapshot may be before a read starts a background refresh, for a site edited in Notion within the last hour"),
  REVALIDATE_QUIET_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60)
    .describe("the same for a site whose newest Notion edit is over an hour old (never below `REVALIDATE_SECONDS`); Sync now and webhooks are always immediate"),
  REVALIDATE_IDLE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300)
    .describe("the same for a site whose newest Notion edit is over a day old (never below `REVALIDATE_SECONDS`)"),
  PAGEWRIGHT_ROLE: z.enum(SERVER_ROLES).default("all")
    .describe("what this process runs: `all`, `sites` (published sites only, no Next.js), `app` or `worker` (background refreshes); all but `all` need `DATABASE_URL` (see [operations](operations.md#roles))"),
  SNAPSHOT_CACHE_MB: about(
    z.coerce.number().int().min(1).max(65_536).optional(),
    "memory for Notion snapshots kept per process; past it the least recently read sites are dropped and read again from the database on their next visit. Counted as stored JSON bytes × 3, about twice the real heap: 1,000 demo-sized sites (≈ 80 KB of JSON each) count 238 MB and take ≈ 114 MB of heap (`npm run bench -- memory`)",
    "`256` (`64` for `PAGEWRIGHT_ROLE=sites`)",
  ),
  PAGE_CACHE_MB: about(
    z.coerce.number().int().min(1).max(65_536).optional(),
    "memory for rendered responses (each page's identity, gzip and brotli bodies) kept per process; least recently used out first",
    "`64` (`16` for `PAGEWRIGHT_ROLE=sites`)",
  ),
  SOCIAL_CARDS_AT_PUBLISH: about(
    flag,
    "`1`: after a refresh changes a site, its pages' social cards are drawn in the background (about 0.3 s of CPU a card); `0`: each card is drawn on its first request",
    "`1`",
  ),
  REFRESH_LEASE_SECONDS: z.coerce.number().int().min(2).max(3_600).default(10)
    .describe("how long a site's refresh lease lasts after its last renewal (a running refresh renews it every third of this); a lease whose holder is gone is taken before that: on PostgreSQL when the holder has no session left on the server, on PGlite at the next start"),
  ANALYTICS_RAW_RETENTION_DAYS: z.coerce.number().int().min(2).max(3650).default(30)
    .describe("days raw analytics events are kept (2–3650); the hourly and daily rollups are kept for ever"),
  ANALYTICS_FLUSH_MS: z.coerce.number().int().min(10).max(60_000).default(1000).describe("how often buffered analytics events are written"),
  ANALYTICS_ROLLUP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300).describe("how often analytics events are rolled up into hours and days"),
  METRICS_TOKEN: about(
    optionalString.pipe(z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional()),
    "turns on `GET /metrics` (Prometheus) for scrapers sending it as a bearer token; at least 16 characters (see [operations](operations.md#metrics))",
    "— (off)",
  ),

  WEBHOOKS_ALLOW_PRIVATE: about(flag, "`1` lets webhook endpoints reach loopback, private and link-local (metadata) addresses — for self-hosters whose consumers are on their own network", "off: such targets are refused when each delivery is sent, after DNS"),
  WEBHOOKS_RETRY_SECONDS: optionalString.describe("the webhook retry schedule, seconds after each failed attempt (comma list); default 5,300,1800,7200,18000,36000,36000 (about 24 h)"),
  WEBHOOKS_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000).describe("how often a process that sends webhooks looks for due deliveries"),

  GOOGLE_CLIENT_ID: optionalString.describe("Google sign-in's client id (with `GOOGLE_CLIENT_SECRET`: both or neither)"),
  GOOGLE_CLIENT_SECRET: optionalString.describe("Google sign-in's client secret"),
  AUTH_TEST_LOGIN: about(
    flag,
    "`1` on, `0` always off. Signs in with just an email; never into a Google account. Off by default whenever the instance answers on a public name, in a development build too",
    "on only when both `APP_URL` and `APPS_DOMAIN` are loopback (`localhost`, `*.localhost`, `127.0.0.1`, `[::1]`)",
  ),

  NOTION_API_BASE: about(optionalString.pipe(z.url().optional()), "Notion's private API base including `/api/v3` (the stand-in in tests)", "notion-client's own"),
  NOTION_FILE_HOSTS: optionalString.describe("extra exact origins the image route may fetch (comma list), e.g. the stand-in's `http://127.0.0.1:4010`"),
  NOTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000).describe("time-out of one request to Notion"),
  NOTION_REQUESTS_PER_SECOND: z.coerce.number().min(0.1).max(1_000).default(3)
    .describe("requests per second to Notion for the **whole cluster** (every process on the database shares it): for public pages, and apart for each Notion connection (Notion limits each integration to about 3 a second on average). See [Reading Notion](notion.md)"),
  NOTION_OAUTH_CLIENT_ID: optionalString
    .describe("your Notion *public integration*'s client id (with `NOTION_OAUTH_CLIENT_SECRET`: both or neither): turns on \"Connect Notion\" with OAuth. Without them owners can still paste an internal integration secret"),
  NOTION_OAUTH_CLIENT_SECRET: optionalString.describe("the public integration's client secret"),
  NOTION_OFFICIAL_API_BASE: about(
    optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    "Notion's official API origin, without `/v1` (the official-API stand-in in tests)",
    "`https://api.notion.com`",
  ),
  NOTION_CANARY_PAGE: optionalString
    .describe("a public Notion page you own (URL or id), read whole through the public path every `NOTION_CANARY_INTERVAL_SECONDS`; its outcome is in `GET /api/health`"),
  NOTION_CANARY_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300).describe("how often the canary page is read"),
  NOTION_WEBHOOK_POLL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600)
    .describe("how old a *connected* site's snapshot may get before a visit refreshes it, once Notion's webhooks reach the server (the verification handshake happened); edits come by webhook meanwhile. Without webhooks connected sites use `REVALIDATE_SECONDS`"),
  ADMIN_EMAILS: optionalString
    .describe("operators (comma list of sign-in emails, any case): they see `/dashboard/admin` (the webhook verification token, the watch on Notion); everyone else gets a 404 there"),

  PADDLE_ENV: about(z.enum(["sandbox", "production"]).optional(), "Paddle's environment: `sandbox` or `production`", "`production` when `RELEASE_STAGE=production` in a production build, else `sandbox`"),
  PADDLE_API_KEY: optionalString
    .describe("Paddle Billing's API key; without it billing is off and every site has every feature. With it, `PADDLE_CLIENT_TOKEN` and `PADDLE_WEBHOOK_SECRET` are required"),
  PADDLE_CLIENT_TOKEN: optionalString.describe("Paddle's client-side token (the checkout overlay)"),
  PADDLE_WEBHOOK_SECRET: optionalString.describe("the secret Paddle signs webhooks with (`Paddle-Signature`)"),
  PADDLE_API_BASE: about(optionalString.pipe(z.url().optional()), "Paddle API base (the stand-in in tests)", "Paddle's own, by `PADDLE_ENV`"),

  PLUNK_API_KEY: optionalString.describe("email provider key; without it mail goes to an outbox table and the log"),
  PLUNK_API_BASE: about(
    optionalString.pipe(z.url().optional()),
    "email API base (`/v1/track`, `/v1/send` under it); self-hosted Plunk or the stand-in",
    "`https://api.useplunk.com`",
  ),
  EMAIL_FROM: about(optionalString, "sender, `Name <address>` or an address (the address must be verified in Plunk)", "Plunk's project default"),
  SMTP_URL: about(
    optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
    "any mail server: `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://…`; used when `PLUNK_API_KEY` is not set, with `EMAIL_FROM` as the sender",
    "— (Plunk, else the outbox)",
  ),
  TEAM_EMAIL: optionalString.describe("where cancellation reasons go; also the reply-to of the welcome email and the address for security reports"),

  AI_BASE_URL: optionalString.pipe(z.url().optional())
    .describe("any OpenAI-compatible chat API (`https://api.openai.com/v1`, a local server's `/v1`); without it and `AI_MODEL`, answers come from site search (retrieval-only)"),
  AI_API_KEY: optionalString.describe("the chat API's key"),
  AI_MODEL: optionalString.describe("the chat model's name"),

  DNS_SERVERS: about(optionalString, "comma list of resolvers for custom-domain checks, `ip` or `ip:port` (`[v6]:port`)", "system resolvers"),

  S3_ENDPOINT: about(
    optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    "an S3-compatible endpoint (AWS S3, MinIO, R2, …; path-style requests) for uploads and cached images, so every process serves the same files. All five `S3_*` or none",
    "— (files in `DATA_DIR/files`)",
  ),
  S3_BUCKET: optionalString.describe("the bucket"),
  S3_REGION: optionalString.describe("the bucket's region"),
  S3_ACCESS_KEY_ID: optionalString.describe("the access key's id"),
  S3_SECRET_ACCESS_KEY: optionalString.describe("the access key's secret"),
  STORAGE_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(64)
    .describe("memory per process for files recently read from or written to S3 (Notion images, logos), served when S3 does not answer so published images survive a short outage; least recently used out first, a file over a tenth of it never kept; `0`: off"),

  BUGSNAG_API_KEY: optionalString.describe("error reporting, server and browser (off without a key)"),
  BUGSNAG_ENDPOINT: about(
    optionalString.pipe(z.url().optional()),
    "a base URL for Bugsnag's notify (`/`) and sessions (`/sessions`) endpoints, e.g. a local collector",
    "Bugsnag's own",
  ),
  RELEASE_STAGE: about(optionalString, "the release stage errors are reported under; only `production` sends (`preview` never does)", "`production` in a production build, else `development`"),
  GOOGLE_ADS_ID: optionalString.describe("Google Ads conversion tracking (off when unset)"),
  FACEBOOK_PIXEL_ID: optionalString.describe("the Facebook pixel (off when unset)"),
  TWITTER_PIXEL_ID: optionalString.describe("the Twitter pixel (off when unset)"),
  POSTHOG_KEY: optionalString.describe("PostHog, through its capture API (off when unset)"),
  PLAUSIBLE_DOMAIN: optionalString.describe("Plausible, for the app's own conversions (off when unset)"),
  CRISP_WEBSITE_ID: optionalString.describe("the Crisp support chat widget and session (off when unset)"),
  TEMPLATE_URLS: optionalString
    .describe("public Notion templates by site type (`blog=https://…,roadmap=https://…`): the create form and site-type pages then offer \"Duplicate in Notion\" instead of the CSV template (`/templates/<type>.csv`)"),
  SHOWCASE_URLS: optionalString
    .describe("the website's showcase links each demo site live, by type (`blog=http://lumen.localhost:3000/,…`); `npm run demo` sets it to its own sites. Unset, the cards show the screenshots from `npm run screenshots -- --showcase` (`public/marketing/showcase-<type>.webp`)"),
  APP_SOURCE_URL: about(optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()), "the website footer's \"Source code\" link (a link only, nothing is fetched)", "the project's repository"),
  TERMS_URL: about(optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()), "the website footer's Terms link (the default page's text is in `src/marketing-site/content/legal.ts`)", "`/terms`"),
  PRIVACY_URL: about(optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()), "the website footer's Privacy link", "`/privacy`"),
  CONTACT_URL: about(optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()), "the website footer's Contact link", "`/contact`"),
  CDN_PURGE: about(
    optionalString.pipe(z.string().regex(/^(cloudflare|fastly|bunny):[A-Za-z0-9_-]{1,64}$/, "CDN_PURGE must be cloudflare:<zone id>, fastly:<service id> or bunny:<pull zone id>").optional()),
    "the CDN in front of published sites, purged by cache tag on every change: `cloudflare:<zone id>`, `fastly:<service id>` or `bunny:<pull zone id>` (docs/operations.md, \"Behind a CDN\")",
    "— (no purges; CDN copies expire by `s-maxage`)",
  ),
  CDN_API_TOKEN: optionalString.describe("the CDN's API token (Cloudflare: Zone › Cache Purge; Fastly: purge_select; Bunny: the account API key); required with `CDN_PURGE`"),
  CDN_API_BASE: about(optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()), "the CDN API's base URL (a stand-in in tests)", "the provider's own"),
});

export type RawEnv = z.infer<typeof rawEnvSchema>;

export type Env = Omit<RawEnv, "APP_URL" | "APPS_DOMAIN" | "SITES_DOMAIN" | "SOCIAL_CARDS_AT_PUBLISH" | "NOTION_FILE_HOSTS" | "DNS_SERVERS" | "PADDLE_ENV" | "NOTION_OFFICIAL_API_BASE" | "NOTION_CANARY_PAGE" | "ADMIN_EMAILS" | "SNAPSHOT_CACHE_MB" | "PAGE_CACHE_MB"> & {
  /** Defaults follow the role: a sites-only process is meant to be light and many (docs/operations.md, "Roles"). */
  SNAPSHOT_CACHE_MB: number;
  PAGE_CACHE_MB: number;
  SOCIAL_CARDS_AT_PUBLISH: boolean;
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
  /** Resolved by the runtime: whether the test-login provider is on (docs/contracts.md §4). */
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
  if (raw.CDN_PURGE && !raw.CDN_API_TOKEN) throw new ConfigError("CDN_PURGE needs CDN_API_TOKEN (the CDN's API token for purges)");
  const canaryPage = raw.NOTION_CANARY_PAGE ? parsePageId(raw.NOTION_CANARY_PAGE.trim(), { uuid: true }) : undefined;
  if (raw.NOTION_CANARY_PAGE && !canaryPage) throw new ConfigError("NOTION_CANARY_PAGE: not a Notion page URL or id");
  const appUrl = (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, "");
  if (raw.SITES_DOMAIN && raw.APPS_DOMAIN && raw.SITES_DOMAIN.toLowerCase() !== raw.APPS_DOMAIN.toLowerCase()) {
    throw new ConfigError("SITES_DOMAIN takes APPS_DOMAIN's place: set one of the two (sites live at {prefix}{subdomain}.SITES_DOMAIN)");
  }
  const appsDomain = (raw.SITES_DOMAIN ?? raw.APPS_DOMAIN ?? `localhost:${raw.PORT}`).toLowerCase();
  const isProductionStage = raw.NODE_ENV === "production" && raw.RELEASE_STAGE !== "preview";
  // docs/contracts.md §4: an explicit AUTH_TEST_LOGIN wins; unset means on only when the app answers on loopback names alone
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
    SNAPSHOT_CACHE_MB: raw.SNAPSHOT_CACHE_MB ?? (raw.PAGEWRIGHT_ROLE === "sites" ? 64 : 256),
    PAGE_CACHE_MB: raw.PAGE_CACHE_MB ?? (raw.PAGEWRIGHT_ROLE === "sites" ? 16 : 64),
    notionOAuthEnabled: Boolean(raw.NOTION_OAUTH_CLIENT_ID),
    PADDLE_ENV: raw.PADDLE_ENV ?? (isProductionStage && raw.RELEASE_STAGE === "production" ? "production" : "sandbox"),
    billingEnabled: Boolean(raw.PADDLE_API_KEY),
    testLoginEnabled,
    SOCIAL_CARDS_AT_PUBLISH: raw.SOCIAL_CARDS_AT_PUBLISH ?? true,
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
