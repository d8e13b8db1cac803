import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema";
import type { WebhookEvent } from "./webhook-events";

/**
 * Queues an event for every enabled endpoint of the site that subscribed to it: one delivery row each, in the
 * database, so it survives a restart and is sent by whichever process runs deliveries.
 */
export async function enqueueWebhookEvent(db: Db, siteId: string, event: WebhookEvent, data: Record<string, unknown>, now = new Date()): Promise<number> {
  const endpoints = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.siteId, siteId), eq(webhookEndpoints.enabled, true), sql`${webhookEndpoints.events} ? ${event}`));
  if (endpoints.length === 0) return 0;
  const body = JSON.stringify({ type: event, timestamp: now.toISOString(), data: { siteId, ...data } });
  await db.insert(webhookDeliveries).values(endpoints.map((e) => ({ endpointId: e.id, siteId, event, body, nextAttemptAt: now })));
  return endpoints.length;
}
