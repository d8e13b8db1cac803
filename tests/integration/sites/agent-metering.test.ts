import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { sites, subscriptions } from "@/db/schema";
import type { Database } from "@/db/client";
import { CHAT_LIMIT_MESSAGES } from "@/core/ai/chat-limit-messages";
import { connectMcp, textOf } from "../../helpers/mcp-client";
import { rawRequest } from "../../helpers/raw-request";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";

/**
 * Agents' questions (the MCP `ask` tool and `<page>.md?ask=`, issue 27) are metered exactly like the visitor chatbot,
 * with billing on: the same plan gate and refusal, the same per-site minute limit, and the same daily cap per site —
 * one counter, so a day used up by the chatbot refuses agents and a day used up by agents refuses the chatbot.
 */

const BILLING = { PADDLE_API_KEY: "pdl_test_apikey_0123456789", PADDLE_WEBHOOK_SECRET: "pdl_ntfset_test_secret_0123456789", PADDLE_CLIENT_TOKEN: "test_client_token", PADDLE_API_BASE: "http://127.0.0.1:9" };
const AI_ON = { ai: { enabled: true } };
const PRO_DAY = 500;
const CHAT_SITE_PER_MINUTE = 120;
const QUESTION = "How do I send custom events?";

const makePro = (db: Database["db"], siteIds: string[]) =>
  db.insert(subscriptions).values(siteIds.map((siteId) => ({ siteId, provider: "paddle", status: "active", plan: "pro", currency: "USD", paddleSubscriptionId: `sub_${siteId}` })));

let s: SitesApp;
const clients: Client[] = [];

beforeAll(async () => {
  s = await startSitesApp(
    [
      { siteType: "docs", page: workspaceIndex.docs!, settings: AI_ON },
      { siteType: "docs", page: workspaceIndex.docs!, settings: AI_ON },
      { siteType: "docs", page: workspaceIndex.docs!, settings: AI_ON },
      { siteType: "docs", page: workspaceIndex.docs!, settings: AI_ON },
    ],
    {
      env: BILLING,
      beforeStart: async (db) => {
        const ids = (await db.select({ id: sites.id }).from(sites)).map((r) => r.id);
        await makePro(db, ids.slice(1));
        // Sites 1 and 2 have one answer left today (and tomorrow, should the test cross midnight UTC).
        for (const d of [new Date(), new Date(Date.now() + 86_400_000)]) {
          const day = d.toISOString().slice(0, 10);
          for (const id of [ids[1]!, ids[2]!]) await db.execute(sql`insert into usage_counters (scope, key, period, count, expires_at) values ('chat-day', ${id}, ${day}, ${PRO_DAY - 1}, now() + interval '9 days')`);
        }
        // Site 3's visitors together used the site's minute, for this minute and the next fifteen.
        for (let m = 0; m <= 15; m++) {
          const minute = new Date(Date.now() + m * 60_000).toISOString().slice(0, 16);
          await db.execute(sql`insert into usage_counters (scope, key, period, count, expires_at) values ('limit:chatSite', ${ids[3]!}, ${minute}, ${CHAT_SITE_PER_MINUTE}, now() + interval '1 day')`);
        }
      },
    },
  );
}, 240_000);
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => undefined);
  await s?.stop();
});

const chat = (host: string) =>
  rawRequest(`${s.app.url}/_/chat`, {
    host,
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify({ messages: [{ role: "user", content: QUESTION }] }),
  });
const mdAsk = (host: string) => s.get(host, `/index.md?ask=${encodeURIComponent(QUESTION)}`);
const mcpAsk = async (host: string) => {
  const client = await connectMcp(s.app.url, host);
  clients.push(client);
  const result = await client.callTool({ name: "ask", arguments: { question: QUESTION } });
  return { isError: Boolean(result.isError), text: textOf(result) };
};

describe("agents' questions are metered like the chatbot's", () => {
  it("a plan without the AI chatbot refuses all three with the chatbot's words", async () => {
    const host = s.hosts[0]!;
    const chatted = await chat(host);
    expect(chatted.status).toBe(404);
    expect(JSON.parse(chatted.body)).toEqual({ error: { status: 404, message: CHAT_LIMIT_MESSAGES.off } });
    const asked = await mdAsk(host);
    expect(asked.status).toBe(404);
    expect(asked.body).toBe(`${CHAT_LIMIT_MESSAGES.off}\n`);
    expect(await mcpAsk(host)).toEqual({ isError: true, text: CHAT_LIMIT_MESSAGES.off });
  });

  it("the day's last answer taken by an agent refuses the chatbot and the other agent route", async () => {
    const host = s.hosts[1]!;
    const asked = await mdAsk(host);
    expect(asked.status).toBe(200);
    expect(asked.body).toContain("## Sources");
    const chatted = await chat(host);
    expect(chatted.status).toBe(429);
    expect(JSON.parse(chatted.body)).toEqual({ error: { status: 429, message: CHAT_LIMIT_MESSAGES.daily } });
    expect(await mcpAsk(host)).toEqual({ isError: true, text: CHAT_LIMIT_MESSAGES.daily });
  });

  it("the day's last answer taken by the chatbot refuses both agent routes", async () => {
    const host = s.hosts[2]!;
    const chatted = await chat(host);
    expect(chatted.status).toBe(200);
    expect(chatted.body).toContain("event: sources");
    const asked = await mdAsk(host);
    expect(asked.status).toBe(429);
    expect(asked.body).toBe(`${CHAT_LIMIT_MESSAGES.daily}\n`);
    expect(await mcpAsk(host)).toEqual({ isError: true, text: CHAT_LIMIT_MESSAGES.daily });
  });

  it("the site's per-minute limit, used up by its visitors, refuses agents too", async () => {
    const host = s.hosts[3]!;
    const chatted = await chat(host);
    expect(chatted.status).toBe(429);
    expect(JSON.parse(chatted.body)).toEqual({ error: { status: 429, message: CHAT_LIMIT_MESSAGES.site } });
    const asked = await mdAsk(host);
    expect(asked.status).toBe(429);
    expect(asked.body).toBe(`${CHAT_LIMIT_MESSAGES.site}\n`);
    expect(await mcpAsk(host)).toEqual({ isError: true, text: CHAT_LIMIT_MESSAGES.site });
    // The other tools are not metered as questions.
    const client = await connectMcp(s.app.url, host);
    clients.push(client);
    expect((await client.callTool({ name: "search", arguments: { query: "custom events" } })).isError).toBeFalsy();
  });
});
