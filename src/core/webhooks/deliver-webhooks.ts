import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { Db } from "@/db/client";
import { sites, users, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import type { EmailProvider } from "@/integrations/email";
import type { WebhookPost } from "@/integrations/webhooks/post-webhook";
import { webhookDisabledEmail } from "@/core/email/templates";
import { FAILURES_BEFORE_DISABLING, RETRY_SCHEDULE_SECONDS } from "./webhook-events";

export type DeliverDeps = { db: Db; post: WebhookPost; email: EmailProvider; appUrl: string; retrySeconds?: number[]; now?: () => Date };

/** How long a claimed delivery is left to the process that claimed it before another may take it. */
const CLAIM_SECONDS = 60;
const BATCH = 20;

/**
 * Sends the deliveries that are due, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature` by the `standardwebhooks` package). Each is claimed first (its next attempt pushed a minute
 * on), so two processes never send the same attempt. A 2xx delivers it; anything else schedules the next try on
 * the retry schedule, until the schedule (about 24 h) runs out and it fails. An endpoint whose deliveries fail
 * FAILURES_BEFORE_DISABLING times in a row is disabled and the site's owner emailed.
 */
export async function deliverDueWebhooks(deps: DeliverDeps): Promise<number> {
  const now = deps.now?.() ?? new Date();
  const claimed = await deps.db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_SECONDS * 1000) })
    .where(
      inArray(
        webhookDeliveries.id,
        deps.db
          .select({ id: webhookDeliveries.id })
          .from(webhookDeliveries)
          .where(and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, now)))
          .orderBy(asc(webhookDeliveries.nextAttemptAt))
          .limit(BATCH),
      ),
    )
    .returning();
  for (const delivery of claimed) await attempt(deps, delivery, now);
  return claimed.length;
}

async function attempt(deps: DeliverDeps, delivery: typeof webhookDeliveries.$inferSelect, now: Date): Promise<void> {
  const [endpoint] = await deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, delivery.endpointId)).limit(1);
  if (!endpoint || !endpoint.enabled) {
    await deps.db.update(webhookDeliveries).set({ status: "failed", lastError: "The endpoint is disabled" }).where(eq(webhookDeliveries.id, delivery.id));
    return;
  }
  const signature = new Webhook(endpoint.secret).sign(delivery.id, now, delivery.body);
  const headers = { "webhook-id": delivery.id, "webhook-timestamp": String(Math.floor(now.getTime() / 1000)), "webhook-signature": signature };
  let status: number | null = null;
  let error: string | null = null;
  try {
    status = (await deps.post(endpoint.url, headers, delivery.body)).status;
    if (status < 200 || status > 299) error = `HTTP ${status}`;
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  const attempts = delivery.attempts + 1;
  if (!error) {
    await deps.db.update(webhookDeliveries).set({ status: "delivered", attempts, lastStatus: status, lastError: null, deliveredAt: now }).where(eq(webhookDeliveries.id, delivery.id));
    return;
  }
  const schedule = deps.retrySeconds ?? RETRY_SCHEDULE_SECONDS;
  const wait = schedule[attempts - 1];
  await deps.db
    .update(webhookDeliveries)
    .set(wait === undefined ? { status: "failed", attempts, lastStatus: status, lastError: error } : { attempts, lastStatus: status, lastError: error, nextAttemptAt: new Date(now.getTime() + wait * 1000) })
    .where(eq(webhookDeliveries.id, delivery.id));
  await disableWhenFailingOn(deps, endpoint.id, endpoint.siteId, endpoint.url);
}

/** The endpoint's last attempts all failed: disable it and tell the owner (once: only an enabled endpoint is disabled). */
async function disableWhenFailingOn(deps: DeliverDeps, endpointId: string, siteId: string, url: string): Promise<void> {
  const recent = await deps.db
    .select({ lastError: webhookDeliveries.lastError, status: webhookDeliveries.status })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), sql`${webhookDeliveries.attempts} > 0`))
    .orderBy(sql`coalesce(${webhookDeliveries.deliveredAt}, ${webhookDeliveries.nextAttemptAt}) desc`)
    .limit(FAILURES_BEFORE_DISABLING);
  const failing = recent.length >= FAILURES_BEFORE_DISABLING && recent.every((r) => r.status !== "delivered");
  if (!failing) return;
  const disabled = await deps.db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: `${FAILURES_BEFORE_DISABLING} failed deliveries in a row` })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id });
  if (disabled.length === 0) return;
  const [owner] = await deps.db.select({ email: users.email, settings: sites.settings, subdomain: sites.subdomain }).from(sites).innerJoin(users, eq(users.id, sites.ownerId)).where(eq(sites.id, siteId)).limit(1);
  if (owner) await deps.email.send({ to: owner.email, ...webhookDisabledEmail({ url, siteAddress: owner.subdomain, manageUrl: `${deps.appUrl.replace(/\/+$/, "")}/dashboard/sites/${siteId}/activity` }) });
}
