import OpenAI from "openai";
import type { Env } from "@/env";
import { ChatModelError, type ChatMessage, type ChatModel, type ToolCall } from "./types";

export const AI_TIMEOUT_MS = 30_000;

/** The configured model, or null (retrieval-only mode) when AI_BASE_URL or AI_MODEL is missing. */
export function createChatModel(env: Pick<Env, "AI_BASE_URL" | "AI_API_KEY" | "AI_MODEL">, opts: { timeoutMs?: number } = {}): ChatModel | null {
  if (!env.AI_BASE_URL || !env.AI_MODEL) return null;
  // A local server often needs no key; the client library insists on one, and sends it only as a bearer token.
  const client = new OpenAI({ baseURL: env.AI_BASE_URL, apiKey: env.AI_API_KEY ?? "none", timeout: opts.timeoutMs ?? AI_TIMEOUT_MS, maxRetries: 1 });
  const model = env.AI_MODEL;
  return {
    name: model,
    async *stream({ messages, tools, signal, maxTokens = 800 }) {
      let stream;
      try {
        stream = await client.chat.completions.create(
          {
            model,
            stream: true,
            max_tokens: maxTokens,
            messages: messages.map(toWire),
            ...(tools?.length ? { tools: tools.map((t) => ({ type: "function" as const, function: t })) } : {}),
          },
          { signal },
        );
      } catch (err) {
        throw new ChatModelError(describe(err), { cause: err });
      }
      // Tool calls come in pieces keyed by index: the id and name first, then the arguments a few characters at a time.
      const calls = new Map<number, ToolCall>();
      try {
        for await (const chunk of stream) {
          const delta = chunk.choices[0]?.delta;
          if (!delta) continue;
          if (delta.content) yield { type: "text", text: delta.content };
          for (const piece of delta.tool_calls ?? []) {
            const call = calls.get(piece.index) ?? { id: "", name: "", arguments: "" };
            if (piece.id) call.id = piece.id;
            if (piece.function?.name) call.name += piece.function.name;
            if (piece.function?.arguments) call.arguments += piece.function.arguments;
            calls.set(piece.index, call);
          }
        }
      } catch (err) {
        if (signal?.aborted) return;
        throw new ChatModelError(describe(err), { cause: err });
      }
      for (const call of [...calls.entries()].sort(([a], [b]) => a - b).map(([, c]) => c)) if (call.name) yield { type: "tool_call", call };
    },
  };
}

function describe(err: unknown): string {
  if (err instanceof OpenAI.APIError && err.status) return `The AI service answered ${err.status}`;
  if (err instanceof OpenAI.APIConnectionTimeoutError) return "The AI service did not answer in time";
  return "The AI service could not be reached";
}

function toWire(m: ChatMessage): OpenAI.Chat.Completions.ChatCompletionMessageParam {
  if (m.role === "tool") return { role: "tool", tool_call_id: m.toolCallId, content: m.content };
  if (m.role === "assistant") {
    return m.toolCalls?.length
      ? { role: "assistant", content: m.content || null, tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: "function", function: { name: c.name, arguments: c.arguments } })) }
      : { role: "assistant", content: m.content };
  }
  return { role: m.role, content: m.content };
}
