import { eq } from "drizzle-orm";
import { notionWebhookVerification } from "@/db/schema";
import { openSecret } from "@/lib/secret-box";
import { webhookTokenKey, type NotionConnectionDeps } from "./connection-deps";

/** The one row of notion_webhook_verification. */
export const VERIFICATION_ROW = "notion";

/**
 * The webhook subscription's verification token as Notion sent it, and when (null: the handshake hasn't happened).
 * For the operator's admin screen only: it keys every webhook signature.
 */
export async function getWebhookVerification(deps: Pick<NotionConnectionDeps, "db" | "authSecret">): Promise<{ token: string; receivedAt: Date } | null> {
  const [row] = await deps.db.select().from(notionWebhookVerification).where(eq(notionWebhookVerification.id, VERIFICATION_ROW)).limit(1);
  return row ? { token: openSecret(webhookTokenKey(deps.authSecret), row.verificationTokenSealed), receivedAt: row.receivedAt } : null;
}

/** Whether Notion's webhooks reach us: the subscription's handshake happened (no token is opened). */
export async function webhooksVerified(deps: Pick<NotionConnectionDeps, "db">): Promise<boolean> {
  const rows = await deps.db.select({ id: notionWebhookVerification.id }).from(notionWebhookVerification).where(eq(notionWebhookVerification.id, VERIFICATION_ROW)).limit(1);
  return rows.length > 0;
}
