/**
 * Any OpenAI-compatible chat API (docs/contracts.md §2: AI_BASE_URL, AI_API_KEY, AI_MODEL), hosted or local, behind one
 * small interface. Without configuration there is no model and every AI feature answers in retrieval-only mode.
 */

export type ChatMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string; toolCalls?: ToolCall[] }
  | { role: "tool"; toolCallId: string; content: string };

export type ToolCall = { id: string; name: string; arguments: string };

/** A function the model may call: name, what it does, and a JSON schema of its arguments. */
export type ToolSpec = { name: string; description: string; parameters: Record<string, unknown> };

/** What a streamed completion yields: text as it comes, then each complete tool call at the end. */
export type ChatEvent = { type: "text"; text: string } | { type: "tool_call"; call: ToolCall };

export interface ChatModel {
  readonly name: string;
  stream(input: { messages: ChatMessage[]; tools?: ToolSpec[]; signal?: AbortSignal; maxTokens?: number }): AsyncIterable<ChatEvent>;
}

/** The model failed (network, status, time-out): callers fall back to retrieval-only answers. */
export class ChatModelError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ChatModelError";
  }
}

/**
 * By name, not instanceof: the model is created by the runtime (src/server.ts's copy of this module) and used from the
 * Next bundle too, which has its own copy of the class (docs/contracts.md §3).
 */
export const isChatModelError = (err: unknown): err is ChatModelError => err instanceof Error && err.name === "ChatModelError";
