import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { sites, subscriptions } from "@/db/schema";
import type { Database } from "@/db/client";
import { CHAT_LIMIT_MESSAGES } from "@/core/ai/chat-limit-messages";
import { rawRequest } from "../../helpers/raw-request";
import { rpc, signedIn, type CookieJar } from "../../helpers/rpc-client";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";
import { createAiStub, type AiStub } from "../../../tools/ai-stub/server";
import { aiStubControl } from "../../../tools/ai-stub/control";

/**
 * The owner's assistant is metered like the visitor chatbot (security review, finding 5), with billing on: the plan
 * gate (the free plan has no AI messages), a per-owner limit per minute and a daily cap per site by plan, counted in
 * the database. The AI stand-in shows that a refused message never reaches the model.
 */

const BILLING = { PADDLE_API_KEY: "pdl_test_apikey_0123456789", PADDLE_WEBHOOK_SECRET: "pdl_ntfset_test_secret_0123456789", PADDLE_CLIENT_TOKEN: "test_client_token", PADDLE_API_BASE: "http://127.0.0.1:9" };
const AI_ON = { ai: { enabled: true } };
// ASSISTANT_MESSAGES_PER_MINUTE, and the messages the owner sees (the visitor chatbot's wording).
const ASSISTANT_MESSAGES_PER_MINUTE = 10;
const NEEDS_PRO = "The AI assistant needs the Pro plan. Upgrade this site to use it.";

let stub: AiStub;
let ai: ReturnType<typeof aiStubControl>;

beforeAll(async () => {
  stub = await createAiStub();
  ai = aiStubControl(stub.url);
}, 60_000);
afterAll(() => stub?.close());
beforeEach(() => ai.reset());

const ask = (app: SitesApp, jar: CookieJar, siteId: string, content = "How do I add a custom domain?") =>
  rpc(app.app.url, jar, "site", "askSiteAssistant", { siteId, messages: [{ role: "user", content }] });
const failure = (reply: Awaited<ReturnType<typeof rpc>>) => ({ code: reply.body.error?.data?.code, message: reply.body.error?.message });

/** Makes the named sites Pro with a live subscription, as a Paddle webhook would. */
const makePro = (db: Database["db"], siteIds: string[]) =>
  db.insert(subscriptions).values(siteIds.map((siteId) => ({ siteId, provider: "paddle", status: "active", plan: "pro", currency: "USD", paddleSubscriptionId: `sub_${siteId}` })));

describe("the owner's assistant with billing on", () => {
  let s: SitesApp;
  let free: CookieJar;
  let pro: CookieJar;
  let other: CookieJar;

  beforeAll(async () => {
    s = await startSitesApp(
      [
        { siteType: "docs", page: workspaceIndex.docs! },
        { siteType: "docs", page: workspaceIndex.docs! },
        { siteType: "docs", page: workspaceIndex.docs! },
      ],
      { env: { ...BILLING, AI_BASE_URL: stub.baseUrl, AI_MODEL: "stub-model" }, beforeStart: async (db) => void (await makePro(db, (await db.select({ id: sites.id }).from(sites)).map((r) => r.id).slice(1))) },
    );
    [free, pro, other] = await Promise.all(s.ownerEmails.map((email) => signedIn(s.app.url, email)));
  }, 240_000);
  afterAll(() => s?.stop());

  it("needs a plan with AI messages: a free site gets PAYMENT_REQUIRED and the model is not called", async () => {
    const reply = await ask(s, free, s.siteIds[0]!);
    expect(reply.body.error?.code).toBe(-32402);
    expect(failure(reply)).toEqual({ code: "PAYMENT_REQUIRED", message: NEEDS_PRO });
    expect(await ai.requests()).toEqual([]);
  });

  it("limits each owner per minute; the refused messages never reach the model, and other owners are not affected", async () => {
    await ai.script(...Array.from({ length: 2 * ASSISTANT_MESSAGES_PER_MINUTE + 1 }, () => ({ content: "Add it in the Domain section." })));
    const codes: (string | undefined)[] = [];
    let refused: { code?: string; message?: string } | null = null;
    // A fixed window per minute: within 2×limit+1 calls in a few seconds, one window holds more than the limit.
    for (let i = 0; i < 2 * ASSISTANT_MESSAGES_PER_MINUTE + 1 && !refused; i++) {
      const reply = await ask(s, pro, s.siteIds[1]!);
      codes.push(failure(reply).code);
      if (reply.body.error) refused = failure(reply);
    }
    expect(codes.slice(0, ASSISTANT_MESSAGES_PER_MINUTE)).toEqual(Array(ASSISTANT_MESSAGES_PER_MINUTE).fill(undefined));
    expect(refused).toEqual({ code: "RATE_LIMITED", message: CHAT_LIMIT_MESSAGES.visitor });
    expect((await ai.requests()).length).toBe(codes.length - 1);

    const answered = await ask(s, other, s.siteIds[2]!);
    expect(answered.body.error).toBeUndefined();
    expect((answered.body.result as { mode: string }).mode).toBe("model");
  });

  it("checks the owner first: another owner's site is NOT_FOUND, whatever its plan", async () => {
    expect(failure(await ask(s, other, s.siteIds[0]!)).code).toBe("NOT_FOUND");
    expect(failure(await ask(s, free, s.siteIds[2]!)).code).toBe("NOT_FOUND");
  });
});

describe("daily caps counted in the database", () => {
  let s: SitesApp;
  let owner: CookieJar;
  let chatOwner: CookieJar;

  beforeAll(async () => {
    s = await startSitesApp(
      [
        { siteType: "docs", page: workspaceIndex.docs! },
        { siteType: "docs", page: workspaceIndex.docs!, settings: AI_ON },
      ],
      {
        env: { ...BILLING, AI_BASE_URL: stub.baseUrl, AI_MODEL: "stub-model" },
        beforeStart: async (db) => {
          const ids = (await db.select({ id: sites.id }).from(sites)).map((r) => r.id);
          await makePro(db, ids);
          // Earlier today (and, should the test cross midnight UTC, tomorrow) both sites used their Pro day of 500.
          const days = [new Date(), new Date(Date.now() + 86_400_000)].map((d) => d.toISOString().slice(0, 10));
          for (const day of days) {
            await db.execute(sql`insert into usage_counters (scope, key, period, count, expires_at) values ('assistant-day', ${ids[0]!}, ${day}, 500, now() + interval '9 days'), ('chat-day', ${ids[1]!}, ${day}, 500, now() + interval '9 days')`);
          }
        },
      },
    );
    owner = await signedIn(s.app.url, s.ownerEmails[0]!);
    chatOwner = await signedIn(s.app.url, s.ownerEmails[1]!);
  }, 240_000);
  afterAll(() => s?.stop());

  it("refuses the owner's assistant once the site's day is used up, with the chatbot's wording", async () => {
    const reply = await ask(s, owner, s.siteIds[0]!);
    expect(reply.body.error?.code).toBe(-32029);
    expect(failure(reply)).toEqual({ code: "RATE_LIMITED", message: CHAT_LIMIT_MESSAGES.daily });
    expect(await ai.requests()).toEqual([]);
    // The other site's assistant has its own day.
    expect(failure(await ask(s, chatOwner, s.siteIds[1]!)).code).toBeUndefined();
  });

  it("refuses the visitor chatbot from the same counters", async () => {
    const res = await rawRequest(`${s.app.url}/_/chat`, {
      host: s.hosts[1]!,
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({ messages: [{ role: "user", content: "How do I start?" }] }),
    });
    expect(res.status).toBe(429);
    expect(JSON.parse(res.body)).toEqual({ error: { status: 429, message: CHAT_LIMIT_MESSAGES.daily } });
    expect(await ai.requests()).toEqual([]);
  });
});
