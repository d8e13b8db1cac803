import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { emailOutbox, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { outboxEmailProvider } from "@/integrations/email/outbox-provider";
import { createWebhookPost } from "@/integrations/webhooks/post-webhook";
import { deliverDueWebhooks } from "@/core/webhooks/deliver-webhooks";
import { enqueueWebhookEvent } from "@/core/webhooks/enqueue-webhook-event";
import { createWebhookEndpoint } from "@/core/webhooks/manage-webhook-endpoints";
import { FAILURES_BEFORE_DISABLING } from "@/core/webhooks/webhook-events";
import { insertSite, openTestDatabase } from "../../helpers/test-db";

/**
 * The delivery queue in the database, against a real local consumer that always answers 500: the schedule's end
 * fails a delivery, and an endpoint failing FAILURES_BEFORE_DISABLING deliveries in a row is disabled with one email to
 * the owner; events for endpoints that did not ask for them are not queued.
 */

let database: Database;
let consumer: http.Server;
let url: string;
let hits = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  consumer = http.createServer((req, res) => {
    hits += 1;
    req.resume();
    req.on("end", () => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => consumer.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(consumer.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await database?.close();
  await new Promise((resolve) => consumer?.close(resolve));
});

describe("the webhook queue", () => {
  it("gives up when the schedule ends, disables an endpoint that keeps failing and emails the owner once", async () => {
    const { db } = database;
    const { site, user } = await insertSite(database, "roadmap", "00000000-0000-0000-0000-0000000000cc");
    const endpoint = await createWebhookEndpoint(db, { siteId: site.id, url, events: ["idea.submitted"] });
    expect(await enqueueWebhookEvent(db, site.id, "site.synced", {})).toBe(0);
    const deps = { db, post: createWebhookPost({ allowPrivate: true }), email: outboxEmailProvider(db, { log: () => {} }), appUrl: "http://app.localhost", retrySeconds: [] };
    for (let i = 0; i < FAILURES_BEFORE_DISABLING; i++) {
      expect(await enqueueWebhookEvent(db, site.id, "idea.submitted", { n: i })).toBe(1);
      expect(await deliverDueWebhooks(deps)).toBe(1);
    }
    expect(hits).toBe(FAILURES_BEFORE_DISABLING);
    const deliveries = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(deliveries.every((d) => d.status === "failed" && d.attempts === 1 && d.lastStatus === 500)).toBe(true);
    const [stored] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(stored).toMatchObject({ enabled: false });
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining("was turned off")]);
    // A disabled endpoint gets nothing new.
    expect(await enqueueWebhookEvent(db, site.id, "idea.submitted", {})).toBe(0);
  });

  it("waits for the next attempt on the schedule, and a later run (another process) picks it up", async () => {
    const { db } = database;
    const { site } = await insertSite(database, "docs", "00000000-0000-0000-0000-0000000000dd");
    await createWebhookEndpoint(db, { siteId: site.id, url, events: ["site.synced"] });
    await enqueueWebhookEvent(db, site.id, "site.synced", {});
    const t0 = new Date();
    const deps = (at: Date) => ({ db, post: createWebhookPost({ allowPrivate: true }), email: outboxEmailProvider(db, { log: () => {} }), appUrl: "http://app.localhost", retrySeconds: [300], now: () => at });
    expect(await deliverDueWebhooks(deps(new Date(t0.getTime() + 1000)))).toBe(1);
    expect(await deliverDueWebhooks(deps(new Date(t0.getTime() + 60_000)))).toBe(0);
    expect(await deliverDueWebhooks(deps(new Date(t0.getTime() + 302_000)))).toBe(1);
    const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.siteId, site.id));
    expect(delivery).toMatchObject({ status: "failed", attempts: 2 });
  });
});
