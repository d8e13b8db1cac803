export * from "./types";
export { AI_TIMEOUT_MS, createChatModel } from "./openai-compatible";
