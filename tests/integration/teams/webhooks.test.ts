import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWebhookPost } from "@/integrations/webhooks/post-webhook";
import { stubControl } from "../../../tools/notion-stub/control";
import { rpc, signedIn, type CookieJar, type RpcReply } from "../../helpers/rpc-client";
import { pageIdOf, startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";
import { until } from "../../helpers/until";

/**
 * Webhooks out over real HTTP to a local consumer (WEBHOOKS_ALLOW_PRIVATE=1 lets the app reach it): each event arrives
 * once, verified with the Standard Webhooks library; a 500 is retried on the schedule; a delivery can be replayed.
 * Without the switch, loopback targets are refused when sending.
 */

type Received = { id: string; verified: boolean; type: string; answered: number };
let s: SitesApp;
let owner: CookieJar;
let consumer: http.Server;
let consumerUrl: string;
let secret = "";
const received: Received[] = [];
/** Each webhook-id's first attempt is answered 500, later ones 200. */
const seen = new Set<string>();

const ok = <T>(reply: RpcReply): T => {
  if (reply.body.error) throw new Error(`${reply.body.error.message} (${reply.body.error.data?.code})`);
  return reply.body.result as T;
};

beforeAll(async () => {
  consumer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const id = String(req.headers["webhook-id"]);
      let verified = false;
      try {
        new Webhook(secret).verify(body, req.headers as Record<string, string>);
        verified = true;
      } catch {
        verified = false;
      }
      const answered = seen.has(id) ? 200 : 500;
      seen.add(id);
      received.push({ id, verified, type: (JSON.parse(body) as { type: string }).type, answered });
      res.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => consumer.listen(0, "127.0.0.1", resolve));
  consumerUrl = `http://127.0.0.1:${(consumer.address() as AddressInfo).port}/hooks`;
  s = await startSitesApp([{ siteType: "docs", page: workspaceIndex.docs! }], {
    env: { WEBHOOKS_ALLOW_PRIVATE: "1", WEBHOOKS_RETRY_SECONDS: "1,1,1", WEBHOOKS_POLL_MS: "100" },
  });
  owner = await signedIn(s.app.url, s.ownerEmails[0]!);
}, 240_000);
afterAll(async () => {
  await s?.stop();
  await new Promise((resolve) => consumer?.close(resolve));
});

describe("webhooks out", () => {
  it("deliver each event once, signed per Standard Webhooks, retrying after a 500", async () => {
    const siteId = s.siteIds[0]!;
    const made = ok<{ id: string; secret: string }>(await rpc(s.app.url, owner, "site", "createWebhookEndpoint", { siteId, url: consumerUrl, events: ["site.synced"] }));
    expect(made.secret).toMatch(/^whsec_/);
    secret = made.secret;
    await stubControl(s.stub.url).touch(pageIdOf(workspaceIndex.docs!), "Docs, edited");
    ok(await rpc(s.app.url, owner, "site", "syncSiteNow", { siteId }));
    await until(async () => received.some((r) => r.answered === 200), 20_000);
    const synced = received.filter((r) => r.type === "site.synced");
    expect(new Set(synced.map((r) => r.id)).size).toBe(1);
    expect(synced.map((r) => r.answered)).toEqual([500, 200]);
    expect(synced.every((r) => r.verified)).toBe(true);
    const log = ok<{ deliveries: { id: string; status: string; attempts: number; lastStatus: number }[] }>(await rpc(s.app.url, owner, "site", "listWebhookDeliveries", { siteId }));
    expect(log.deliveries).toEqual([expect.objectContaining({ id: synced[0]!.id, status: "delivered", attempts: 2, lastStatus: 200 })]);
    // A replay sends the same delivery (same webhook-id) again.
    ok(await rpc(s.app.url, owner, "site", "replayWebhookDelivery", { siteId, deliveryId: synced[0]!.id }));
    await until(async () => received.filter((r) => r.id === synced[0]!.id).length === 3, 10_000);
    expect(JSON.stringify(log)).not.toContain(secret);
  });

  it("refuse loopback and private targets unless the operator allows them", async () => {
    const post = createWebhookPost({ allowPrivate: false, timeoutMs: 2000 });
    await expect(post(consumerUrl, {}, "{}")).rejects.toThrow(/refused/);
    await expect(post(consumerUrl.replace("127.0.0.1", "localhost"), {}, "{}")).rejects.toThrow(/refused/);
    await expect(post("http://169.254.169.254/latest/meta-data", {}, "{}")).rejects.toThrow(/refused/);
    const before = received.length;
    expect((await createWebhookPost({ allowPrivate: true })(consumerUrl, { "webhook-id": "msg_manual" }, JSON.stringify({ type: "manual" }))).status).toBe(500);
    expect(received.length).toBe(before + 1);
  });
});
