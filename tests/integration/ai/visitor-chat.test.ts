import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rawRequest } from "../../helpers/raw-request";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";
import { createAiStub, type AiStub } from "../../../tools/ai-stub/server";
import { aiStubControl } from "../../../tools/ai-stub/control";
import { NOT_COVERED, PARTLY_DROPPED, VISITOR_CHAT_LIMITS } from "@/core/ai/answer-visitor-question";
import { CHAT_LIMIT_MESSAGES } from "@/core/ai/chat-limit-messages";
import { awayFromMinuteEdge } from "../../helpers/usage-window";

/**
 * The visitor chatbot of published sites over real HTTP: the product's OpenAI-compatible client against the AI
 * stand-in (streamed completions, failures, slowness), retrieval from the demo docs, citations, the password wall,
 * limits; and a second server with no model configured (retrieval-only mode).
 */

const PASSWORD = "open sesame";
const AI_ON = { ai: { enabled: true, assistantName: "Lumen Bot", instructions: "Answer in a friendly tone." }, widget: { enabled: true }, contactUrl: "https://lumen.example/contact" };
/** What the stand-in model says about custom events: every sentence backed by the Custom events page [1] or Sending data [2]. */
const BACKED = 'Call lumen.track with the event name, like lumen.track("Downloaded report", { format: "pdf" }) [1]. Page views are automatic [2]. Everything else is an event [2].';

let stub: AiStub;
let ai: ReturnType<typeof aiStubControl>;
let s: SitesApp;
let plain: SitesApp;

beforeAll(async () => {
  stub = await createAiStub({ apiKey: "test-key" });
  ai = aiStubControl(stub.url);
  s = await startSitesApp(
    [
      { siteType: "docs", page: workspaceIndex.docs!, settings: AI_ON },
      { siteType: "docs", page: workspaceIndex.docs!, settings: AI_ON, password: PASSWORD },
      { siteType: "docs", page: workspaceIndex.docs! },
      { siteType: "docs", page: workspaceIndex.docs!, settings: AI_ON },
      { siteType: "docs", page: workspaceIndex.docs!, settings: { widget: { enabled: true } } },
    ],
    { env: { AI_BASE_URL: stub.baseUrl, AI_API_KEY: "test-key", AI_MODEL: "stub-model" } },
  );
  plain = await startSitesApp([{ siteType: "docs", page: workspaceIndex.docs!, settings: AI_ON }]);
}, 240_000);
afterAll(async () => {
  await s?.stop();
  await plain?.stop();
  await stub?.close();
});
beforeEach(() => ai.reset());

type Event = { event: string; data: Record<string, unknown> };
const parseSse = (body: string): Event[] =>
  body
    .split("\n\n")
    .filter(Boolean)
    .map((chunk) => ({ event: /^event: (.*)$/m.exec(chunk)?.[1] ?? "", data: JSON.parse(/^data: (.*)$/m.exec(chunk)?.[1] ?? "null") as Record<string, unknown> }));

async function chat(app: SitesApp, host: string, messages: { role: string; content: string }[], headers: Record<string, string> = {}) {
  const res = await rawRequest(`${app.app.url}/_/chat`, {
    host,
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream", ...headers },
    body: JSON.stringify({ messages }),
  });
  const events = res.headers["content-type"]?.startsWith("text/event-stream") ? parseSse(res.body) : [];
  const text = events.filter((e) => e.event === "delta").map((e) => e.data.text).join("");
  const sources = (events.find((e) => e.event === "sources")?.data.sources ?? []) as { n: number; title: string; url: string }[];
  const done = events.find((e) => e.event === "done")?.data as { mode: string; cited: number[] } | undefined;
  return { res, events, text, sources, done };
}

const ask = (content: string) => [{ role: "user", content }];

describe("the visitor chatbot with a model", () => {
  it("streams a grounded answer sentence by sentence with citations to the pages it used", async () => {
    await ai.script({ content: BACKED, chunkSize: 5 });
    const { res, events, text, sources, done } = await chat(s, s.hosts[0]!, ask("How do I send custom events?"));
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toContain("no-store");
    expect(events[0]!.event).toBe("sources");
    // Each sentence is passed on once it is complete and checked: three sentences, three pieces.
    expect(events.filter((e) => e.event === "delta").map((e) => e.data.text)).toEqual([
      'Call lumen.track with the event name, like lumen.track("Downloaded report", { format: "pdf" }) [1].',
      " Page views are automatic [2].",
      " Everything else is an event [2].",
    ]);
    expect(text).toBe(BACKED);
    expect(sources.slice(0, 2)).toEqual([
      { n: 1, title: "Custom events", url: "/sending-data/custom-events" },
      { n: 2, title: "Sending data", url: "/sending-data" },
    ]);
    expect(done).toEqual({ type: "done", mode: "model", cited: [1, 2] });
    // The real client sent the site's passages, the owner's instructions and the key to the model.
    const [request] = await ai.requests();
    expect(request!.authorization).toBe("Bearer test-key");
    expect(request!.body.stream).toBe(true);
    expect(request!.body.model).toBe("stub-model");
    const system = request!.body.messages[0]!.content!;
    expect(system).toContain("You are Lumen Bot");
    expect(system).toContain("The site's owner adds: Answer in a friendly tone.");
    expect(system).toContain('[1] Custom events\n```\nlumen.track("Downloaded report"');
    expect(request!.body.messages.at(-1)).toEqual({ role: "user", content: "How do I send custom events?" });
  });

  it("drops the sentences no passage backs before the visitor sees them, and re-cites a sentence that names the wrong page", async () => {
    await ai.script({ content: `Sure! ${BACKED.replace("automatic [2]", "automatic [1]")} Custom events cost $20 a month [1]. They are kept for 400 days [2].`, chunkSize: 7 });
    const { text, done } = await chat(s, s.hosts[0]!, ask("How do I send custom events?"));
    expect(text).toBe(`${BACKED}\n\n${PARTLY_DROPPED}`);
    expect(text).not.toContain("$20");
    expect(text).not.toContain("400 days");
    expect(done?.cited).toEqual([1, 2]);
  });

  it("says so when too little of the answer is backed, and offers the pages' own words and the site's contact link", async () => {
    await ai.script({ content: "Lumen integrates with Salesforce and HubSpot [1]. The enterprise plan costs 99 euros a seat [2]. Events show up in real time [1].", chunkSize: 9 });
    const { text, done } = await chat(s, s.hosts[0]!, ask("How do I send custom events?"));
    expect(text).toMatch(/^I can't answer that fully from this site's pages\. Here is what they say:\n\nFrom “Custom events”:\n```\nlumen\.track\("Downloaded report"/);
    expect(text).toMatch(/\n\nFor anything else, contact the site: https:\/\/lumen\.example\/contact$/);
    expect(text).not.toMatch(/Salesforce|99 euros|real time/);
    expect(done?.mode).toBe("model");
    expect(done?.cited).toContain(1);
  });

  it("says plainly that the site does not cover a question it has nothing on, without asking the model", async () => {
    const { text, sources, done } = await chat(s, s.hosts[0]!, ask("What is the airspeed velocity of an unladen swallow?"));
    expect(sources).toEqual([]);
    expect(text).toBe(NOT_COVERED);
    expect(done?.cited).toEqual([]);
    expect(await ai.requests()).toEqual([]);
  });

  it("falls back to the best passages when the model fails, and says so", async () => {
    await ai.fault({ mode: "status", status: 503, times: 2 });
    const { res, text, sources, done } = await chat(s, s.hosts[0]!, ask("How do I install Lumen on WordPress?"));
    expect(res.status).toBe(200);
    expect(text).toMatch(/^The assistant is unavailable right now\. Install the Lumen Analytics plugin and paste your project id in Settings → Lumen \[1\]\./);
    expect(text).toContain("Lumen Analytics");
    expect(sources.some((x) => x.title === "WordPress")).toBe(true);
    expect(done?.mode).toBe("retrieval");
  });

  it("keeps the part of an answer that arrived when the stream breaks off", async () => {
    await ai.script({ content: "Install the Lumen Analytics plugin from the WordPress directory, then paste your id [1].", chunkSize: 4 });
    await ai.fault({ mode: "drop" });
    const { text, done } = await chat(s, s.hosts[0]!, ask("How do I install Lumen on WordPress?"));
    expect(text).toMatch(/^Install the Lumen/);
    expect(text).toContain("(The answer was cut off. Please try again.)");
    expect(done?.mode).toBe("model");
  });

  it("waits for a slow model", async () => {
    await ai.fault({ mode: "latency", latencyMs: 1500 });
    await ai.script({ content: "Page views are automatic [1]." });
    const { text } = await chat(s, s.hosts[0]!, ask("Are page views tracked automatically?"));
    expect(text).toBe("Page views are automatic [1].");
  });

  it("refuses questions that are too long or conversations that are too long, with clear messages", async () => {
    const long = await chat(s, s.hosts[0]!, ask("x".repeat(VISITOR_CHAT_LIMITS.maxQuestionChars + 1)));
    expect(long.res.status).toBe(400);
    expect(JSON.parse(long.res.body)).toEqual({ error: { status: 400, message: VISITOR_CHAT_LIMITS.tooLong } });
    const turns = Array.from({ length: VISITOR_CHAT_LIMITS.maxMessages + 1 }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: "hello" }));
    const many = await chat(s, s.hosts[0]!, turns);
    expect(many.res.status).toBe(400);
    expect(JSON.parse(many.res.body)).toEqual({ error: { status: 400, message: VISITOR_CHAT_LIMITS.tooMany } });
    const bad = await rawRequest(`${s.app.url}/_/chat`, { host: s.hosts[0]!, method: "POST", headers: { "content-type": "text/plain" }, body: "hi" });
    expect(bad.status).toBe(415);
    expect(await ai.requests()).toEqual([]);
  });

  it("rate-limits each visitor", async () => {
    // Twelve answers must land in one UTC minute (the limit's window), even on a slow machine.
    await awayFromMinuteEdge(30_000);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await chat(s, s.hosts[3]!, ask("What is the airspeed of a swallow?"))).res.status);
    expect(statuses.slice(0, 10).every((x) => x === 200)).toBe(true);
    const limited = await chat(s, s.hosts[3]!, ask("What is the airspeed of a swallow?"));
    expect(limited.res.status).toBe(429);
    expect(JSON.parse(limited.res.body)).toEqual({ error: { status: 429, message: CHAT_LIMIT_MESSAGES.visitor } });
  }, 90_000);

  it("serves the chat page from the site's host, frameable by any origin only when the widget is on", async () => {
    const page = await s.get(s.hosts[0]!, "/_/chat?embed=widget");
    expect(page.status).toBe(200);
    expect(page.body).toContain("Lumen Bot");
    expect(page.body).toContain('id="search"');
    expect(String(page.headers["content-security-policy"])).toContain("frame-ancestors *");
    // The launcher sits on every page; its chat page and script load only when opened.
    const home = await s.get(s.hosts[0]!, "/");
    expect(home.body).toMatch(/<script async="" src="\/_\/widget\.js\?v=[0-9a-f]+" data-frame="\/_\/chat"/);
    expect(home.body).not.toContain("/_/chat.js");
    expect(String(home.headers["content-security-policy"])).not.toContain("frame-ancestors *");
    const launcher = await s.get(s.hosts[0]!, home.body.match(/\/_\/widget\.js\?v=[0-9a-f]+/)![0]);
    expect(launcher.status).toBe(200);
    expect(launcher.headers["content-type"]).toContain("javascript");
  });

  it("has no chat on a site where the owner did not enable it", async () => {
    const home = await s.get(s.hosts[2]!, "/");
    expect(home.body).not.toContain("widget.js");
    expect((await s.get(s.hosts[2]!, "/_/chat")).status).toBe(404);
    expect((await chat(s, s.hosts[2]!, ask("How do I send custom events?"))).res.status).toBe(404);
  });
});

describe("a site with the widget but no chatbot", () => {
  it("serves a search-only widget page and answers no questions", async () => {
    const page = await s.get(s.hosts[4]!, "/_/chat?embed=widget");
    expect(page.status).toBe(200);
    expect(page.body).toContain('id="search"');
    expect(page.body).not.toContain("<textarea");
    expect(String(page.headers["content-security-policy"])).toContain("frame-ancestors *");
    expect((await s.get(s.hosts[4]!, "/")).body).not.toContain("widget.js");
    const asked = await chat(s, s.hosts[4]!, ask("How do I send custom events?"));
    expect(asked.res.status).toBe(404);
    expect(JSON.parse(asked.res.body)).toEqual({ error: { status: 404, message: CHAT_LIMIT_MESSAGES.off } });
  });
});

describe("a password-protected site's chatbot", () => {
  it("answers nothing and reveals nothing without the password", async () => {
    const locked = await chat(s, s.hosts[1]!, ask("How do I send custom events?"));
    expect(locked.res.status).toBe(401);
    expect(locked.res.body).not.toContain("lumen");
    const page = await s.get(s.hosts[1]!, "/_/chat");
    expect(page.status).toBe(401);
    expect(page.body).toContain("This site is password protected");
    expect(page.body).not.toContain("Lumen Bot");
    expect(await ai.requests()).toEqual([]);
  });

  it("answers with the site's password cookie", async () => {
    const unlock = await rawRequest(`${s.app.url}/_/password`, {
      host: s.hosts[1]!,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ password: PASSWORD, next: "/_/chat" }).toString(),
    });
    expect(unlock.headers.location).toBe("/_/chat");
    const cookie = String(unlock.headers["set-cookie"]).split(";")[0]!;
    await ai.script({ content: "Use lumen.track [1]." });
    const { res, text, sources } = await chat(s, s.hosts[1]!, ask("How do I send custom events?"), { cookie });
    expect(res.status).toBe(200);
    expect(text).toBe("Use lumen.track [1].");
    expect(sources[0]!.title).toBe("Custom events");
  });
});

describe("retrieval-only mode (no model configured)", () => {
  it("answers with the best passages and links to their pages", async () => {
    const { res, text, sources, done } = await chat(plain, plain.hosts[0]!, ask("How do I send custom events?"));
    expect(res.status).toBe(200);
    expect(done?.mode).toBe("retrieval");
    expect(sources[0]).toEqual({ n: 1, title: "Custom events", url: "/sending-data/custom-events" });
    // The best page's own words (here its code, fenced so the chat shows it as code), then the pages to read.
    expect(text).toMatch(/^From “Custom events”:\n```\nlumen\.track\("Downloaded report"[^\n]*\n```\n\[1\]\n/);
    expect(text).toMatch(/\n\nRead more: “Custom events” \[1\]/);
    expect(done?.cited).toContain(1);
  });

  it("still says when the site does not cover a question", async () => {
    const { text } = await chat(plain, plain.hosts[0]!, ask("Who won the 1966 world cup?"));
    expect(text).toBe(NOT_COVERED);
  });
});
