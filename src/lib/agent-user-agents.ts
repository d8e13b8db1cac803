/**
 * User agents of AI agents and assistants that fetch pages for a person or a model (counted apart from
 * human visitors). Matched as words in the User-Agent header, case-insensitively; a list, so adding one is one line.
 */
export const AGENT_USER_AGENT_TOKENS = [
  "ClaudeBot",
  "Claude-User",
  "Claude-SearchBot",
  "Claude-Web",
  "anthropic-ai",
  "claude-code",
  "GPTBot",
  "ChatGPT-User",
  "OAI-SearchBot",
  "PerplexityBot",
  "Perplexity-User",
  "Google-Extended",
  "Gemini-Deep-Research",
  "cohere-ai",
  "MistralAI-User",
  "DuckAssistBot",
  "meta-externalagent",
  "Applebot-Extended",
  "Amazonbot",
  "YouBot",
  "Cursor",
  "Windsurf",
  "GitHub-Copilot",
] as const;

const PATTERN = new RegExp(`(^|[^a-z0-9-])(${AGENT_USER_AGENT_TOKENS.map((t) => t.replace(/[-]/g, "\\-")).join("|")})([^a-z0-9-]|$)`, "i");

const BY_LOWER_CASE = new Map<string, string>(AGENT_USER_AGENT_TOKENS.map((t) => [t.toLowerCase(), t]));

/** The known AI agent a User-Agent names, spelled as in the list ("ClaudeBot"); null for anyone else. */
export function agentNameOf(userAgent: string | undefined | null): string | null {
  const match = userAgent ? PATTERN.exec(userAgent.slice(0, 512)) : null;
  return match ? (BY_LOWER_CASE.get(match[2]!.toLowerCase()) ?? null) : null;
}

/** True when the User-Agent names a known AI agent. */
export function isAgentUserAgent(userAgent: string | undefined | null): boolean {
  return agentNameOf(userAgent) !== null;
}
