/** Webhooks out: endpoints for a site's events, their deliveries and replays. */
import {
  createWebhookEndpoint,
  createWebhookEndpointInput,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookDeliveriesInput,
  replayWebhookDelivery,
  replayWebhookDeliveryInput,
  webhookEndpointInput,
} from "@/core/webhooks/manage-webhook-endpoints";
import { method } from "../method";

export const webhookMethods = {
  createWebhookEndpoint: method({
    role: "admin",
    summary: "A new endpoint for some of the site's events (subscriber.confirmed, idea.submitted, site.synced, site.sync_failing); the signing secret is shown in this answer only",
    params: createWebhookEndpointInput,
    result: "{id, secret, url, events}",
    errors: ["NOT_FOUND", "FORBIDDEN", "CONFLICT"],
    run: (ctx, p) => createWebhookEndpoint(ctx.runtime.db, p),
    audit: { action: "webhook.created", details: (p, r) => ({ endpointId: r.id, url: p.url, events: r.events }) },
  }),
  deleteWebhookEndpoint: method({
    role: "admin",
    summary: "Deletes an endpoint and its deliveries",
    params: webhookEndpointInput,
    result: "{siteId, endpointId, url, deleted: true}",
    errors: ["NOT_FOUND", "FORBIDDEN"],
    run: (ctx, p) => deleteWebhookEndpoint(ctx.runtime.db, p),
    audit: { action: "webhook.deleted", details: (p, r) => ({ endpointId: p.endpointId, url: r.url }) },
  }),
  listWebhookDeliveries: method({
    role: "admin",
    summary: "The site's endpoints (never their secrets) and latest deliveries with status, attempts and the last answer",
    params: listWebhookDeliveriesInput,
    result: "{endpoints: [{id, url, events, enabled, disabledReason}], deliveries: [{id, endpointId, event, status, attempts, lastStatus, lastError, createdAt, deliveredAt, nextAttemptAt}]}",
    errors: ["NOT_FOUND", "FORBIDDEN"],
    run: (ctx, p) => listWebhookDeliveries(ctx.runtime.db, p),
  }),
  replayWebhookDelivery: method({
    role: "admin",
    summary: "Sends a delivery again now (same webhook-id and body), on a fresh retry schedule",
    params: replayWebhookDeliveryInput,
    result: "{siteId, deliveryId, event, status: 'pending'}",
    errors: ["NOT_FOUND", "FORBIDDEN"],
    run: (ctx, p) => replayWebhookDelivery(ctx.runtime.db, p),
    audit: { action: "webhook.replayed", details: (p, r) => ({ deliveryId: p.deliveryId, event: r.event }) },
  }),
};
