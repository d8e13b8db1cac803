import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { connectMcp, textOf } from "../../helpers/mcp-client";
import { rawRequest } from "../../helpers/raw-request";
import { rpc, signedIn, type CookieJar } from "../../helpers/rpc-client";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";
import { createAiStub, type AiStub } from "../../../tools/ai-stub/server";
import { aiStubControl } from "../../../tools/ai-stub/control";

/**
 * Every published site answers AI agents (issue 27): the MCP SDK's own client over HTTP against `/_/mcp` (tools,
 * search, pages, ask with the AI stand-in and without a model), `<page>.md?ask=`, the password wall (an agent token or
 * the cookie, nothing without), paused sites, hidden posts, the Markdown twin's Link header, llms.txt, and the counts.
 */

const PASSWORD = "open sesame";
const DOCS = { name: "Lumen Docs", ai: { enabled: true } };
const HIDDEN_POST_ID = "24221022-4d6a-4128-94bb-d7d3cb28ac18"; // "Draft: Lumen for mobile apps", Hidden in the demo blog

let stub: AiStub;
let ai: ReturnType<typeof aiStubControl>;
let s: SitesApp;
let plain: SitesApp;
const clients: Client[] = [];
const connect = async (app: SitesApp, host: string, headers: Record<string, string> = {}) => {
  const client = await connectMcp(app.app.url, host, headers);
  clients.push(client);
  return client;
};
const call = async (client: Client, name: string, args: Record<string, unknown>) => {
  const result = await client.callTool({ name, arguments: args });
  return { text: textOf(result), isError: Boolean(result.isError) };
};

beforeAll(async () => {
  stub = await createAiStub({ apiKey: "test-key" });
  ai = aiStubControl(stub.url);
  s = await startSitesApp(
    [
      { siteType: "docs", page: workspaceIndex.docs!, settings: DOCS },
      { siteType: "docs", page: workspaceIndex.docs!, settings: DOCS, password: PASSWORD },
      { siteType: "docs", page: workspaceIndex.docs!, settings: DOCS, status: "paused" },
      { siteType: "blog", page: workspaceIndex.blog! },
    ],
    { env: { AI_BASE_URL: stub.baseUrl, AI_API_KEY: "test-key", AI_MODEL: "stub-model" } },
  );
  plain = await startSitesApp([{ siteType: "docs", page: workspaceIndex.docs!, settings: DOCS }]);
}, 240_000);
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => undefined);
  await s?.stop();
  await plain?.stop();
  await stub?.close();
});
beforeEach(() => ai.reset());

describe("the MCP server of a site", () => {
  it("lists its tools, each naming the site", async () => {
    const client = await connect(s, s.hosts[0]!);
    expect(client.getServerVersion()?.name).toBe("Lumen Docs (Pagewright)");
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["ask", "get_page", "list_pages", "search"]);
    for (const tool of tools) expect(tool.description).toContain(`"Lumen Docs" (http://${s.hosts[0]}/)`);
  });

  it("searches the site's pages", async () => {
    const client = await connect(s, s.hosts[0]!);
    const { text, isError } = await call(client, "search", { query: "custom events" });
    expect(isError).toBe(false);
    const { results } = JSON.parse(text) as { results: { title: string; path: string; url: string; markdownUrl: string; snippet: string }[] };
    expect(results[0]).toMatchObject({
      title: "Custom events",
      path: "/sending-data/custom-events",
      url: `http://${s.hosts[0]}/sending-data/custom-events`,
      markdownUrl: `http://${s.hosts[0]}/sending-data/custom-events.md`,
    });
    expect(JSON.parse((await call(client, "search", { query: "zzzxqwv" })).text)).toEqual({ results: [] });
  });

  it("gets a page as Markdown by path, URL or id, and says so when there is none", async () => {
    const client = await connect(s, s.hosts[0]!);
    const byPath = await call(client, "get_page", { path: "/getting-started/quick-start" });
    expect(byPath.text).toMatch(/^# Quick start\n\n1\. Create a project in the dashboard\.\n/);
    expect((await call(client, "get_page", { path: `http://${s.hosts[0]}/getting-started/quick-start.md` })).text).toBe(byPath.text);
    expect((await call(client, "get_page", { path: "/" })).text).toMatch(/^# Lumen Docs/);
    const missing = await call(client, "get_page", { path: "/no-such-page" });
    expect(missing).toEqual({ isError: true, text: "There is no page at /no-such-page on Lumen Docs. Use list_pages or search to find one." });
    expect((await call(client, "get_page", {})).isError).toBe(true);
    const listed = JSON.parse((await call(client, "list_pages", { limit: 200 })).text) as { pages: { path: string }[] };
    expect(listed.pages.map((p) => p.path)).toContain("/getting-started/quick-start");
  });

  it("lists the pages a page of results at a time", async () => {
    const client = await connect(s, s.hosts[0]!);
    type Listed = { pages: { title: string; path: string; url: string }[]; total: number; nextCursor: string | null };
    const first = JSON.parse((await call(client, "list_pages", { limit: 2 })).text) as Listed;
    expect(first.pages).toHaveLength(2);
    expect(first.pages[0]).toMatchObject({ title: "Lumen Docs", path: "/", url: `http://${s.hosts[0]}/` });
    expect(first.total).toBeGreaterThan(4);
    expect(first.nextCursor).toBe("2");
    const rest = JSON.parse((await call(client, "list_pages", { cursor: first.nextCursor, limit: 200 })).text) as Listed;
    expect(rest.nextCursor).toBeNull();
    expect(new Set([...first.pages, ...rest.pages].map((p) => p.path)).size).toBe(first.total);
    expect((await call(client, "list_pages", { cursor: "abc" })).isError).toBe(true);
  });

  it("asks: the configured model answers from the site's passages, with the pages as sources", async () => {
    await ai.script({ content: "Call lumen.track with an event name [1]." });
    const client = await connect(s, s.hosts[0]!);
    const { text, isError } = await call(client, "ask", { question: "How do I send custom events?" });
    expect(isError).toBe(false);
    expect(text).toMatch(/^Call lumen\.track with an event name \[1\]\.\n\n## Sources\n\n1\. \[Custom events\]\(http:\/\/[^)]+\/sending-data\/custom-events\)/);
    const [request] = await ai.requests();
    expect(request!.body.messages[0]!.content).toContain('[1] Custom events\n```\nlumen.track("Downloaded report"');
    expect(request!.body.messages.at(-1)).toEqual({ role: "user", content: "How do I send custom events?" });
  });

  it("asks without a model: the best passages, with their pages", async () => {
    const client = await connect(plain, plain.hosts[0]!);
    const { text } = await call(client, "ask", { question: "How do I install Lumen on WordPress?" });
    // The extractive answer: the best pages' sentences, each cited, then where to read more.
    expect(text).toMatch(/ \[1\]/);
    expect(text).toContain("Read more: “");
    expect(text).toMatch(/## Sources\n\n1\. \[[^\]]+\]\(http:\/\/[^)]+\)/);
    expect(text).toContain("[WordPress](");
    expect(await ai.requests()).toEqual([]);
  });

  it("never returns hidden posts", async () => {
    const client = await connect(s, s.hosts[3]!);
    expect((await call(client, "search", { query: "mobile apps SDKs" })).text).not.toContain("Draft");
    expect((await call(client, "list_pages", { limit: 200 })).text).not.toContain("Draft");
    expect((await call(client, "get_page", { id: HIDDEN_POST_ID })).isError).toBe(true);
    expect((await call(client, "get_page", { id: HIDDEN_POST_ID.replace(/-/g, "") })).isError).toBe(true);
  });
});

describe("the walls", () => {
  let owner: CookieJar;
  beforeAll(async () => {
    owner = await signedIn(s.app.url, s.ownerEmails[1]!);
  });
  const mcpPost = (host: string, headers: Record<string, string> = {}) =>
    rawRequest(`${s.app.url}/_/mcp`, {
      host,
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "search", arguments: { query: "lumen" } } }),
    });

  it("a protected site refuses MCP and ask without a token, and tells nothing", async () => {
    await expect(connect(s, s.hosts[1]!)).rejects.toThrow();
    for (const res of [await mcpPost(s.hosts[1]!), await mcpPost(s.hosts[1]!, { authorization: "Bearer pwa_not-a-real-token" }), await s.get(s.hosts[1]!, "/index.md?ask=lumen")]) {
      expect(res.status).toBe(401);
      expect(res.body).not.toMatch(/lumen/i);
    }
  });

  it("serves an agent with the owner's token, and refuses it once revoked", async () => {
    const made = (await rpc(s.app.url, owner, "site", "createAgentToken", { siteId: s.siteIds[1], name: "Claude" })).body.result as { tokenId: string; token: string };
    const bearer = { authorization: `Bearer ${made.token}` };
    const client = await connect(s, s.hosts[1]!, bearer);
    const { results } = JSON.parse((await call(client, "search", { query: "custom events" })).text) as { results: { title: string }[] };
    expect(results[0]?.title).toBe("Custom events");
    expect((await call(client, "get_page", { path: "/getting-started/quick-start" })).text).toMatch(/^# Quick start/);
    expect((await s.get(s.hosts[1]!, "/getting-started/quick-start.md", bearer)).status).toBe(200);
    // The same token does not open another protected site, and the site's own token shows it was used.
    const listed = (await rpc(s.app.url, owner, "site", "listAgentTokens", { siteId: s.siteIds[1] })).body.result as { lastUsedAt: string | null }[];
    expect(listed[0]!.lastUsedAt).not.toBeNull();
    await rpc(s.app.url, owner, "site", "revokeAgentToken", { siteId: s.siteIds[1], tokenId: made.tokenId });
    expect((await mcpPost(s.hosts[1]!, bearer)).status).toBe(401);
    expect((await s.get(s.hosts[1]!, "/getting-started/quick-start.md", bearer)).status).toBe(401);
  });

  it("serves a visitor who has the access cookie", async () => {
    const unlock = await rawRequest(`${s.app.url}/_/password`, {
      host: s.hosts[1]!,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ password: PASSWORD, next: "/" }).toString(),
    });
    const cookie = String(unlock.headers["set-cookie"]).split(";")[0]!;
    const client = await connect(s, s.hosts[1]!, { cookie });
    expect((await client.listTools()).tools).toHaveLength(4);
  });

  it("a paused site answers nothing", async () => {
    await expect(connect(s, s.hosts[2]!)).rejects.toThrow();
    const res = await mcpPost(s.hosts[2]!);
    expect(res.status).toBe(503);
    expect(res.body).not.toContain("Custom events");
    expect((await s.get(s.hosts[2]!, "/index.md?ask=custom%20events")).status).toBe(503);
  });
});

describe("ask, discovery and counts", () => {
  it("GET <page>.md?ask= answers with sources as Markdown", async () => {
    const res = await plain.get(plain.hosts[0]!, "/index.md?ask=How%20do%20I%20send%20custom%20events%3F");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/markdown; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.body).toMatch(/ \[1\]/);
    expect(res.body).toContain("Read more: “");
    expect(res.body).toContain(`## Sources\n\n1. [Custom events](http://${plain.hosts[0]}/sending-data/custom-events)`);
    const empty = await plain.get(plain.hosts[0]!, "/index.md?ask=%20");
    expect(empty.status).toBe(400);
    expect(empty.body).toBe("Please ask a question.\n");
    // The plain Markdown twin is unchanged.
    expect((await plain.get(plain.hosts[0]!, "/index.md")).body).toMatch(/^# Lumen Docs/);
  });

  it("llms.txt names the MCP endpoint; pages link to their Markdown twin", async () => {
    const host = s.hosts[0]!;
    const llms = (await s.get(host, "/llms.txt")).body;
    expect(llms).toContain(`MCP server (Streamable HTTP, POST) at http://${host}/_/mcp with the tools search, list_pages, get_page and ask`);
    expect(llms).toContain(`- [Ask this site a question](http://${host}/index.md?ask=What%20is%20Lumen%20Docs%20about%3F)`);
    const page = await s.get(host, "/getting-started/quick-start");
    expect(page.headers.link).toBe(`<http://${host}/getting-started/quick-start.md>; rel="alternate"; type="text/markdown"`);
    expect((await s.get(host, "/")).headers.link).toBe(`<http://${host}/index.md>; rel="alternate"; type="text/markdown"`);
    expect((await s.get(host, "/no-such-page")).headers.link).toBeUndefined();
  });

  it("the footer shows “Use with your AI assistant” when the owner turns it on", async () => {
    const host = s.hosts[0]!;
    const link = '<a href="/llms.txt">Use with your AI assistant</a>';
    expect((await s.get(host, "/getting-started/quick-start")).body).not.toContain(link);
    const owner = await signedIn(s.app.url, s.ownerEmails[0]!);
    const saved = await rpc(s.app.url, owner, "site", "updateSite", { siteId: s.siteIds[0], settings: { showAgentLink: true } });
    expect(saved.body.error).toBeUndefined();
    expect((await s.get(host, "/getting-started/quick-start")).body).toContain(link);
  });

  it("counts agent requests apart from people: MCP calls, asks, and .md / llms fetches by known agents", async () => {
    const host = plain.hosts[0]!;
    const owner = await signedIn(plain.app.url, plain.ownerEmails[0]!);
    const counts = async () =>
      ((await rpc(plain.app.url, owner, "site", "getAgentRequestCounts", { siteId: plain.siteIds[0] })).body.result as { totals: Record<string, number> }).totals;
    type Traffic = { total: number; days: { day: string; count: number }[]; kinds: { value: string; count: number }[]; agents: { value: string; count: number }[] };
    const traffic = async () => ((await rpc(plain.app.url, owner, "site", "getSiteAnalytics", { siteId: plain.siteIds[0] })).body.result as { agents: Traffic }).agents;
    const by = (rows: { value: string; count: number }[]) => Object.fromEntries(rows.map((r) => [r.value, r.count]));
    const before = await counts();
    const trafficBefore = await traffic();
    const browser = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36" };
    await plain.get(host, "/llms.txt", browser);
    await plain.get(host, "/index.md", browser);
    await plain.get(host, "/llms.txt", { "user-agent": "Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)" });
    await plain.get(host, "/llms-full.txt", { "user-agent": "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)" });
    await plain.get(host, "/index.md", { "user-agent": "Claude-User/1.0" });
    await plain.get(host, "/index.md?ask=custom%20events", browser);
    const client = await connect(plain, host);
    await call(client, "search", { query: "lumen" });
    await call(client, "list_pages", {});
    const claudeCode = await connect(plain, host, { "user-agent": "claude-code/2.0.14 (external, cli)" });
    await call(claudeCode, "search", { query: "lumen" });
    const after = await counts();
    expect({ llms: after.llms! - before.llms!, markdown: after.markdown! - before.markdown!, ask: after.ask! - before.ask!, mcp: after.mcp! - before.mcp! }).toEqual({
      llms: 2,
      markdown: 1,
      ask: 1,
      mcp: 3,
    });

    // The Analytics screen's "AI agents": the same requests by kind, by the agent that made them, and per day.
    const trafficAfter = await traffic();
    const [kindsBefore, kindsAfter, agentsBefore, agentsAfter] = [by(trafficBefore.kinds), by(trafficAfter.kinds), by(trafficBefore.agents), by(trafficAfter.agents)];
    const grew = (now: Record<string, number>, then: Record<string, number>) => Object.fromEntries(Object.entries(now).map(([k, n]) => [k, n - (then[k] ?? 0)]).filter(([, n]) => n !== 0));
    expect(grew(kindsAfter, kindsBefore)).toEqual({ llms: 2, markdown: 1, ask: 1, mcp: 3 });
    expect(grew(agentsAfter, agentsBefore)).toEqual({ ClaudeBot: 1, GPTBot: 1, "Claude-User": 1, "claude-code": 1, "": 3 });
    expect(trafficAfter.total - trafficBefore.total).toBe(7);
    expect(trafficAfter.days).toHaveLength(7);
    expect(trafficAfter.days.at(-1)!.count - trafficBefore.days.at(-1)!.count).toBe(7);
  });
});
