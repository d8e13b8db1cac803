import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "@/core/usage/rate-limits";
import { createNotionApiStub, type NotionApiStub } from "../../../tools/notion-api-stub/server";
import { notionApiStubControl } from "../../../tools/notion-api-stub/control";
import { fetchWithJar } from "../../helpers/auth-client";
import { rpc, signedIn, type CookieJar } from "../../helpers/rpc-client";
import { startSitesApp, WORKSPACE, workspaceIndex, pageIdOf, type SitesApp } from "../../helpers/sites";
import { awayFromMinuteEdge } from "../../helpers/usage-window";

/**
 * The Notion webhook subscription's verification token keys every event's signature, and Notion sends it unsigned.
 * So it is taken only while the operator expects it (an action on /dashboard/admin), and webhooks count as working
 * only once an event signed with it arrived. Requests refused for their signature are limited per address.
 */

let api: NotionApiStub;
let control: ReturnType<typeof notionApiStubControl>;
let s: SitesApp;
let url: string;
let ops: CookieJar;
let someone: CookieJar;

const ATTACKER_TOKEN = "attacker-chosen-token-0001";
const hmac = (body: string, key: string) => `sha256=${crypto.createHmac("sha256", key).update(body).digest("hex")}`;
const postWebhook = (body: string, signature?: string) =>
  fetch(`${url}/api/webhooks/notion`, { method: "POST", headers: { "content-type": "application/json", ...(signature ? { "x-notion-signature": signature } : {}) }, body });
const forgedEvent = () =>
  JSON.stringify({ id: `forged-${crypto.randomUUID()}`, type: "page.content_updated", entity: { id: pageIdOf(workspaceIndex.simple).replace(/-/g, ""), type: "page" }, data: {} });
const adminPage = async () => (await fetchWithJar(ops, `${url}/dashboard/admin`)).text();

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(await check()).toBe(true);
}

beforeAll(async () => {
  api = await createNotionApiStub({ dataDir: WORKSPACE });
  control = notionApiStubControl(api.url);
  s = await startSitesApp([], {
    env: {
      NOTION_OAUTH_CLIENT_ID: api.clientId,
      NOTION_OAUTH_CLIENT_SECRET: api.clientSecret,
      NOTION_OFFICIAL_API_BASE: api.url,
      NOTION_FILE_HOSTS: api.url,
      ADMIN_EMAILS: "ops@example.com",
    },
  });
  url = s.app.url;
  ops = await signedIn(url, "ops@example.com");
  someone = await signedIn(url, "someone@example.com");
}, 240_000);
afterAll(async () => {
  await s?.stop();
  await api?.close();
});

describe("the webhook verification token", () => {
  it("is not taken from anyone while the operator expects none", async () => {
    const pre = await postWebhook(JSON.stringify({ verification_token: ATTACKER_TOKEN }));
    expect(pre.status).toBe(200);
    expect(await pre.json()).toEqual({ kind: "verification", stored: false });
    const event = forgedEvent();
    expect((await postWebhook(event, hmac(event, ATTACKER_TOKEN))).status).toBe(401);
    const admin = await adminPage();
    expect(admin).toContain("No verification token yet");
    expect(admin).not.toContain(ATTACKER_TOKEN);
  });

  it("only an operator can open the window for it", async () => {
    const refused = await rpc(url, someone, "user", "expectNotionWebhookVerification", {});
    expect(refused.body.error?.data?.code).toBe("NOT_FOUND");
    expect((await rpc(url, null, "user", "expectNotionWebhookVerification", {})).body.error?.data?.code).toBe("UNAUTHORIZED");
    const pre = await postWebhook(JSON.stringify({ verification_token: ATTACKER_TOKEN }));
    expect(await pre.json()).toEqual({ kind: "verification", stored: false });
  });

  it("takes Notion's request once the operator expects it; webhooks count as working after a signed event", async () => {
    const opened = await rpc(url, ops, "user", "expectNotionWebhookVerification", {});
    expect(opened.body.error).toBeUndefined();
    expect(new Date((opened.body.result as { until: string }).until).getTime()).toBeGreaterThan(Date.now());
    await control.webhooks({ url: `${url}/api/webhooks/notion` });
    await until(async () => (await control.deliveries()).deliveries.some((d) => d.kind === "verification" && d.status === 200));
    let admin = await adminPage();
    expect(admin).toContain(api.verificationToken);
    expect(admin).toContain("Waiting for the first signed event from Notion");

    // Too late now: the window closed with the first request it took.
    const late = await postWebhook(JSON.stringify({ verification_token: ATTACKER_TOKEN }));
    expect(await late.json()).toEqual({ kind: "verification", stored: false });
    const event = forgedEvent();
    expect((await postWebhook(event, hmac(event, ATTACKER_TOKEN))).status).toBe(401);

    // Notion signs a real event with the real token.
    await control.editPage(pageIdOf(workspaceIndex.simple), { title: "Edited, signed" });
    await until(async () => (await control.deliveries()).deliveries.some((d) => d.kind === "event" && d.status === 200));
    admin = await adminPage();
    expect(admin).toContain("Signed events are arriving");
  });

  it("limits requests refused for their signature, per address", async () => {
    const { limit } = RATE_LIMITS.notionWebhookRefused;
    // The window is a minute on the UTC clock: all the requests in one.
    await awayFromMinuteEdge(20_000);
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) {
      const event = forgedEvent();
      statuses.push((await postWebhook(event, hmac(event, `wrong-${i}`))).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(new Set(statuses)).toEqual(new Set([401, 429]));
  });
});
