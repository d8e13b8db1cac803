import http from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";

/**
 * A local stand-in for an OpenAI-compatible chat API (`POST /v1/chat/completions`), speaking the real wire format:
 * with `stream: true`, SSE `data: {chat.completion.chunk}` lines whose `choices[0].delta` carries content or
 * `tool_calls` pieces, then `data: [DONE]`; without it, one `chat.completion` JSON. Tests script the next completions,
 * make it fail or slow, and read back every request it received (to check what the product sent).
 *
 * Unscripted requests get a default answer built from the request itself: it quotes the first numbered passage
 * ("[1] …") of the system message and cites it, or says the site does not cover the question when there is none —
 * enough for `npm run demo` to show a grounded, cited answer without a real model.
 */

const toolCallSchema = z.object({ name: z.string().min(1), arguments: z.union([z.string(), z.record(z.string(), z.unknown())]) });

export const completionSchema = z
  .object({
    /** The text of the answer; streamed in pieces of `chunkSize` characters. */
    content: z.string().default(""),
    toolCalls: z.array(toolCallSchema).default([]),
    chunkSize: z.number().int().min(1).max(10_000).default(12),
  })
  .strict();
export type ScriptedCompletion = z.input<typeof completionSchema>;

export const faultSchema = z
  .object({
    /** status: answer with that HTTP status; latency: wait before answering; hang: never answer; drop: close the stream midway. */
    mode: z.enum(["status", "latency", "hang", "drop"]),
    status: z.number().int().min(400).max(599).default(500),
    latencyMs: z.number().int().min(0).max(120_000).default(1000),
    /** How many requests it applies to (then the stand-in behaves again). */
    times: z.number().int().min(1).max(1000).default(1),
  })
  .strict();
export type AiFault = z.input<typeof faultSchema>;

export type ReceivedRequest = { path: string; authorization: string | null; body: ChatRequestBody };
type ChatMessage = { role: string; content?: string | null; tool_calls?: unknown[]; tool_call_id?: string };
export type ChatRequestBody = { model?: string; stream?: boolean; messages: ChatMessage[]; tools?: { type: string; function: { name: string } }[] };

export type AiStub = { url: string; baseUrl: string; close(): Promise<void> };

function defaultCompletion(body: ChatRequestBody): z.infer<typeof completionSchema> {
  const system = body.messages.filter((m) => m.role === "system").map((m) => m.content ?? "").join("\n");
  const first = /^\[1\] ([^\n]*)\n([^\n]*)/m.exec(system);
  const content = first ? `From “${first[1]}”: ${first[2]!.slice(0, 240)} [1]` : "The site does not cover that.";
  return { content, toolCalls: [], chunkSize: 12 };
}

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });

function json(res: http.ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function createAiStub(opts: { port?: number; host?: string; apiKey?: string } = {}): Promise<AiStub> {
  let script: z.infer<typeof completionSchema>[] = [];
  let faults: z.infer<typeof faultSchema>[] = [];
  let received: ReceivedRequest[] = [];
  const open = new Set<http.ServerResponse>();
  let counter = 0;

  async function complete(req: http.IncomingMessage, res: http.ServerResponse, path: string): Promise<void> {
    let body: ChatRequestBody;
    try {
      body = JSON.parse(await readBody(req)) as ChatRequestBody;
      if (!Array.isArray(body.messages)) throw new Error("messages");
    } catch {
      return json(res, 400, { error: { message: "Invalid request body", type: "invalid_request_error" } });
    }
    received.push({ path, authorization: req.headers.authorization ?? null, body });
    if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`) {
      return json(res, 401, { error: { message: "Incorrect API key provided", type: "invalid_request_error" } });
    }
    const fault = faults[0];
    if (fault) {
      fault.times -= 1;
      if (fault.times <= 0) faults.shift();
      if (fault.mode === "status") return json(res, fault.status, { error: { message: `Stand-in failure ${fault.status}`, type: "server_error" } });
      if (fault.mode === "latency") await sleep(fault.latencyMs);
      if (fault.mode === "hang") {
        open.add(res);
        return;
      }
    }
    const completion = script.shift() ?? defaultCompletion(body);
    const id = `chatcmpl-stub-${++counter}`;
    const created = Math.floor(Date.now() / 1000);
    const model = body.model ?? "stub-model";
    const toolCalls = completion.toolCalls.map((t, i) => ({
      index: i,
      id: `call_${counter}_${i}`,
      type: "function" as const,
      function: { name: t.name, arguments: typeof t.arguments === "string" ? t.arguments : JSON.stringify(t.arguments) },
    }));
    const finish = toolCalls.length ? "tool_calls" : "stop";

    if (!body.stream) {
      const message = { role: "assistant", content: completion.content || null, ...(toolCalls.length ? { tool_calls: toolCalls.map(({ index: _i, ...t }) => t) } : {}) };
      return json(res, 200, { id, object: "chat.completion", created, model, choices: [{ index: 0, message, finish_reason: finish }] });
    }

    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    open.add(res);
    const send = (delta: object, finishReason: string | null = null) =>
      res.write(`data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`);
    send({ role: "assistant", content: "" });
    const pieces = completion.content.match(new RegExp(`[\\s\\S]{1,${completion.chunkSize}}`, "g")) ?? [];
    for (const [i, piece] of pieces.entries()) {
      if (fault?.mode === "drop" && i >= pieces.length / 2) {
        res.destroy();
        open.delete(res);
        return;
      }
      send({ content: piece });
      await sleep(fault?.mode === "latency" ? Math.min(fault.latencyMs, 200) : 1);
    }
    // Tool calls arrive as the real API sends them: the name first, then the arguments in several pieces.
    for (const call of toolCalls) {
      send({ tool_calls: [{ index: call.index, id: call.id, type: "function", function: { name: call.function.name, arguments: "" } }] });
      for (const part of call.function.arguments.match(/[\s\S]{1,16}/g) ?? []) send({ tool_calls: [{ index: call.index, function: { arguments: part } }] });
    }
    send({}, finish);
    res.write("data: [DONE]\n\n");
    res.end();
    open.delete(res);
  }

  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    void (async () => {
      if (req.method === "POST" && path.endsWith("/chat/completions")) return complete(req, res, path);
      if (path === "/__stub/script" && req.method === "POST") {
        const parsed = z.object({ completions: z.array(completionSchema).max(100) }).strict().safeParse(JSON.parse((await readBody(req)) || "{}"));
        if (!parsed.success) return json(res, 400, { error: parsed.error.message });
        script.push(...parsed.data.completions);
        return json(res, 200, { queued: script.length });
      }
      if (path === "/__stub/faults" && req.method === "POST") {
        const parsed = faultSchema.safeParse(JSON.parse((await readBody(req)) || "{}"));
        if (!parsed.success) return json(res, 400, { error: parsed.error.message });
        faults.push(parsed.data);
        return json(res, 200, { faults: faults.length });
      }
      if (path === "/__stub/requests" && req.method === "GET") return json(res, 200, received);
      if (path === "/__stub/reset" && req.method === "POST") {
        script = [];
        faults = [];
        received = [];
        return json(res, 200, { reset: true });
      }
      if (path === "/v1/models" && req.method === "GET") return json(res, 200, { object: "list", data: [{ id: "stub-model", object: "model" }] });
      json(res, 404, { error: { message: `Unknown path ${path}`, type: "invalid_request_error" } });
    })().catch((err: unknown) => {
      if (!res.headersSent) json(res, 400, { error: { message: String(err) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    baseUrl: `${url}/v1`,
    close: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
