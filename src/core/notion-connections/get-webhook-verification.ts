import { and, eq, gt, isNotNull } from "drizzle-orm";
import { notionWebhookExpectation, notionWebhookVerification } from "@/db/schema";
import { openSecret } from "@/lib/secret-box";
import { webhookTokenKey, type NotionConnectionDeps } from "./connection-deps";

/** The one row of notion_webhook_verification (and of notion_webhook_expectation). */
export const VERIFICATION_ROW = "notion";

export type WebhookVerification = {
  token: string | null;
  receivedAt: Date | null;
  /** When the first event signed with the token arrived (null: none yet). */
  confirmedAt: Date | null;
  /** The operator expects Notion's verification request until then (null: not now). */
  expectingUntil: Date | null;
};

/**
 * The webhook subscription's verification token as Notion sent it, and whether signed events have arrived. For the
 * operator's admin screen only: the token keys every webhook signature.
 */
export async function getWebhookVerification(deps: Pick<NotionConnectionDeps, "db" | "authSecret">, now = new Date()): Promise<WebhookVerification> {
  const [[row], [expecting]] = await Promise.all([
    deps.db.select().from(notionWebhookVerification).where(eq(notionWebhookVerification.id, VERIFICATION_ROW)).limit(1),
    deps.db.select().from(notionWebhookExpectation).where(and(eq(notionWebhookExpectation.id, VERIFICATION_ROW), gt(notionWebhookExpectation.until, now))).limit(1),
  ]);
  return {
    token: row ? openSecret(webhookTokenKey(deps.authSecret), row.verificationTokenSealed) : null,
    receivedAt: row?.receivedAt ?? null,
    confirmedAt: row?.confirmedAt ?? null,
    expectingUntil: expecting?.until ?? null,
  };
}

/**
 * Whether Notion's webhooks reach us: an event signed with the stored token has arrived (no token is opened). A token
 * alone proves nothing — anyone could have sent it — so until then connected sites keep polling at the usual pace.
 */
export async function webhooksVerified(deps: Pick<NotionConnectionDeps, "db">): Promise<boolean> {
  const rows = await deps.db
    .select({ id: notionWebhookVerification.id })
    .from(notionWebhookVerification)
    .where(and(eq(notionWebhookVerification.id, VERIFICATION_ROW), isNotNull(notionWebhookVerification.confirmedAt)))
    .limit(1);
  return rows.length > 0;
}
