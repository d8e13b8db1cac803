import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAiStub, type AiStub } from "../../../tools/ai-stub/server";
import { aiStubControl } from "../../../tools/ai-stub/control";
import { createChatModel, isChatModelError, type ChatEvent } from "@/integrations/ai";

/** The product's OpenAI-compatible client against the stand-in over real HTTP, and the stand-in's own contract. */

let stub: AiStub;
let ai: ReturnType<typeof aiStubControl>;
beforeAll(async () => {
  stub = await createAiStub({ apiKey: "k1" });
  ai = aiStubControl(stub.url);
});
afterAll(() => stub?.close());
beforeEach(() => ai.reset());

const collect = async (events: AsyncIterable<ChatEvent>) => {
  const out: ChatEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
};

describe("the chat client", () => {
  it("is off without a base URL or model", () => {
    expect(createChatModel({ AI_BASE_URL: undefined, AI_API_KEY: undefined, AI_MODEL: "m" })).toBeNull();
    expect(createChatModel({ AI_BASE_URL: stub.baseUrl, AI_API_KEY: undefined, AI_MODEL: undefined })).toBeNull();
  });

  it("streams text and assembles tool calls sent in pieces", async () => {
    await ai.script({ content: "Hello there, owner.", chunkSize: 3, toolCalls: [{ name: "upsertWidget", arguments: { widget: { enabled: true, color: "#123456" } } }, { name: "updateSiteStatus", arguments: { status: "paused" } }] });
    const model = createChatModel({ AI_BASE_URL: stub.baseUrl, AI_API_KEY: "k1", AI_MODEL: "m" })!;
    const events = await collect(model.stream({ messages: [{ role: "user", content: "hi" }], tools: [{ name: "upsertWidget", description: "d", parameters: { type: "object" } }] }));
    const texts = events.filter((e) => e.type === "text");
    expect(texts.length).toBe(7);
    expect(texts.map((e) => e.text).join("")).toBe("Hello there, owner.");
    expect(events.filter((e) => e.type === "tool_call").map((e) => e.call)).toEqual([
      { id: expect.stringMatching(/^call_/), name: "upsertWidget", arguments: '{"widget":{"enabled":true,"color":"#123456"}}' },
      { id: expect.stringMatching(/^call_/), name: "updateSiteStatus", arguments: '{"status":"paused"}' },
    ]);
    const [request] = await ai.requests();
    expect(request).toMatchObject({ path: "/v1/chat/completions", authorization: "Bearer k1", body: { model: "m", stream: true, tools: [{ type: "function", function: { name: "upsertWidget" } }] } });
  });

  it("fails with a ChatModelError on a wrong key or a time-out", async () => {
    const wrongKey = createChatModel({ AI_BASE_URL: stub.baseUrl, AI_API_KEY: "nope", AI_MODEL: "m" })!;
    const err1 = await collect(wrongKey.stream({ messages: [{ role: "user", content: "hi" }] })).catch((e: unknown) => e);
    expect(isChatModelError(err1) && err1.message).toBe("The AI service answered 401");
    // Two: the client retries once.
    await ai.fault({ mode: "hang", times: 2 });
    const slow = createChatModel({ AI_BASE_URL: stub.baseUrl, AI_API_KEY: "k1", AI_MODEL: "m" }, { timeoutMs: 300 })!;
    const err2 = await collect(slow.stream({ messages: [{ role: "user", content: "hi" }] })).catch((e: unknown) => e);
    expect(isChatModelError(err2) && err2.message).toBe("The AI service did not answer in time");
  });
});

describe("the stand-in", () => {
  it("answers without streaming as one completion, and by default quotes the first passage", async () => {
    const res = await fetch(`${stub.baseUrl}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer k1" },
      body: JSON.stringify({ model: "m", messages: [{ role: "system", content: "Passages:\n[1] Quick start\nCreate a project." }, { role: "user", content: "How?" }] }),
    });
    const body = (await res.json()) as { object: string; choices: { message: { content: string }; finish_reason: string }[] };
    expect(body.object).toBe("chat.completion");
    expect(body.choices[0]).toMatchObject({ message: { content: "From “Quick start”: Create a project. [1]" }, finish_reason: "stop" });
  });

  it("refuses bad control input and bad requests", async () => {
    expect((await fetch(`${stub.url}/__stub/script`, { method: "POST", body: JSON.stringify({ completions: [{ bogus: 1 }] }) })).status).toBe(400);
    expect((await fetch(`${stub.url}/__stub/faults`, { method: "POST", body: JSON.stringify({ mode: "explode" }) })).status).toBe(400);
    expect((await fetch(`${stub.baseUrl}/chat/completions`, { method: "POST", body: "{" })).status).toBe(400);
  });
});
