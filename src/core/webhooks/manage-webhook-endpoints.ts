import crypto from "node:crypto";
import { and, count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { WEBHOOK_EVENTS } from "./webhook-events";

const siteId = z.string().min(1).max(64);
const MAX_ENDPOINTS_PER_SITE = 10;

export const createWebhookEndpointInput = z
  .object({
    siteId,
    url: z.url({ protocol: /^https?$/, message: "Enter an http(s) address" }).max(2000),
    events: z.array(z.enum(WEBHOOK_EVENTS, { message: `Events are ${WEBHOOK_EVENTS.join(", ")}` })).min(1, "Pick at least one event").max(WEBHOOK_EVENTS.length),
  })
  .strict();
export const webhookEndpointInput = z.object({ siteId, endpointId: z.string().min(1).max(64) }).strict();
export const listWebhookDeliveriesInput = z.object({ siteId, endpointId: z.string().min(1).max(64).optional(), limit: z.number().int().min(1).max(200).default(50) }).strict();
export const replayWebhookDeliveryInput = z.object({ siteId, deliveryId: z.string().min(1).max(64) }).strict();

/**
 * A new endpoint for the site's events, with its Standard Webhooks signing secret (`whsec_` and 24 random bytes in
 * base64), shown in this answer only. Whether the address may be reached is checked when each delivery is sent.
 */
export async function createWebhookEndpoint(db: Db, input: z.input<typeof createWebhookEndpointInput>) {
  const p = createWebhookEndpointInput.parse(input);
  const [existing] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.siteId, p.siteId));
  if ((existing?.n ?? 0) >= MAX_ENDPOINTS_PER_SITE) throw new AppError("CONFLICT", `A site can have at most ${MAX_ENDPOINTS_PER_SITE} webhook endpoints`);
  const secret = `whsec_${crypto.randomBytes(24).toString("base64")}`;
  const [row] = await db.insert(webhookEndpoints).values({ siteId: p.siteId, url: p.url, events: [...new Set(p.events)], secret }).returning();
  return { id: row!.id, secret, url: row!.url, events: row!.events };
}

export async function deleteWebhookEndpoint(db: Db, input: z.input<typeof webhookEndpointInput>) {
  const p = webhookEndpointInput.parse(input);
  const gone = await db.delete(webhookEndpoints).where(and(eq(webhookEndpoints.id, p.endpointId), eq(webhookEndpoints.siteId, p.siteId))).returning({ url: webhookEndpoints.url });
  if (gone.length === 0) throw new AppError("NOT_FOUND", "Webhook endpoint not found");
  return { siteId: p.siteId, endpointId: p.endpointId, url: gone[0]!.url, deleted: true as const };
}

/** The site's endpoints (never their secrets) and its latest deliveries, newest first. */
export async function listWebhookDeliveries(db: Db, input: z.input<typeof listWebhookDeliveriesInput>) {
  const p = listWebhookDeliveriesInput.parse(input);
  const endpoints = await db
    .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, events: webhookEndpoints.events, enabled: webhookEndpoints.enabled, disabledReason: webhookEndpoints.disabledReason })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.siteId, p.siteId));
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.siteId, p.siteId), p.endpointId ? eq(webhookDeliveries.endpointId, p.endpointId) : undefined))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(p.limit);
  const deliveries = rows.map((r) => ({
    id: r.id,
    endpointId: r.endpointId,
    event: r.event,
    status: r.status,
    attempts: r.attempts,
    lastStatus: r.lastStatus,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    deliveredAt: r.deliveredAt?.toISOString() ?? null,
    nextAttemptAt: r.status === "pending" ? r.nextAttemptAt.toISOString() : null,
  }));
  return { endpoints, deliveries };
}

/** Sends a delivery again from now, with the same id and body (so a consumer that already has it can tell), on a fresh retry schedule. */
export async function replayWebhookDelivery(db: Db, input: z.input<typeof replayWebhookDeliveryInput>, now = new Date()) {
  const p = replayWebhookDeliveryInput.parse(input);
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: "pending", attempts: 0, nextAttemptAt: now, lastError: null })
    .where(and(eq(webhookDeliveries.id, p.deliveryId), eq(webhookDeliveries.siteId, p.siteId)))
    .returning({ id: webhookDeliveries.id, event: webhookDeliveries.event });
  if (!row) throw new AppError("NOT_FOUND", "Webhook delivery not found");
  return { siteId: p.siteId, deliveryId: row.id, event: row.event, status: "pending" as const };
}
