import type { Db } from "@/db/client";
import { deriveSecretKey, type SecretKey } from "@/lib/secret-box";
import type { NotionBudget } from "@/notion/budget/notion-budget";

/** What the connection operations need: the database, the secret the token keys derive from, Notion's API origin. */
export type NotionConnectionDeps = {
  db: Db;
  authSecret: string;
  /** The official API origin without /v1 (NOTION_OFFICIAL_API_BASE). */
  officialApiBase: string;
  /** The public integration, when configured: OAuth connections renew their access tokens with it. */
  oauth?: NotionOAuthConfig | null;
  /** After Notion refused a connection for good (it was just marked): the owner is told, once (tell-owner-connection-refused.ts). */
  afterRefused?: (connectionId: string) => Promise<void>;
  /** The cluster's Notion budget: each connection has a bucket of its own (Notion limits each integration apart). */
  budget?: NotionBudget;
};

/** The operator's public integration, when configured (NOTION_OAUTH_CLIENT_ID / _SECRET) — and where Notion sends owners back. */
export type NotionOAuthConfig = { clientId: string; clientSecret: string; redirectUri: string };

/** One key per purpose, both derived from AUTH_SECRET: access tokens, and the webhook verification token. */
export const accessTokenKey = (authSecret: string): SecretKey => deriveSecretKey(authSecret, "notion-access-token");
export const webhookTokenKey = (authSecret: string): SecretKey => deriveSecretKey(authSecret, "notion-webhook-verification-token");
