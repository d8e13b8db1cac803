import { describe, expect, it } from "vitest";
import { agentNameOf, isAgentUserAgent } from "@/lib/agent-user-agents";
import { agentSetupLines, mcpServerName } from "@/lib/agent-setup";
import { agentAnswerMarkdown } from "@/core/agents/answer-agent-question";

describe("isAgentUserAgent", () => {
  it.each([
    ["Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)", true],
    ["Claude-User/1.0", true],
    ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)", true],
    ["Mozilla/5.0 (compatible; ChatGPT-User/1.0; +https://openai.com/bot)", true],
    ["Mozilla/5.0 (compatible; PerplexityBot/1.0)", true],
    ["Cursor/1.2 (linux)", true],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36", false],
    ["curl/8.5.0", false],
    // A word that merely contains a token is not that agent.
    ["Mozilla/5.0 NotClaudeBotter/1.0", false],
    ["", false],
    [undefined, false],
  ])("%s → %s", (ua, expected) => {
    expect(isAgentUserAgent(ua)).toBe(expected);
  });
});

describe("agentNameOf", () => {
  it.each([
    ["Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)", "ClaudeBot"],
    ["claude-user/1.0", "Claude-User"],
    ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)", "GPTBot"],
    ["cursor/1.2 (linux)", "Cursor"],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36", null],
    ["Mozilla/5.0 NotClaudeBotter/1.0", null],
    [undefined, null],
  ])("%s → %s", (ua, expected) => {
    expect(agentNameOf(ua)).toBe(expected);
  });
});

describe("agent setup lines", () => {
  it("names the server after the site", () => {
    expect(mcpServerName("Lumen Docs")).toBe("lumen-docs");
    expect(mcpServerName("Café — Help!")).toBe("cafe-help");
    expect(mcpServerName("日本")).toBe("site");
  });

  it("gives each client the MCP URL, with the bearer header only on a protected site", () => {
    const open = agentSetupLines({ siteName: "Lumen Docs", mcpUrl: "https://docs.example.com/_/mcp", protected: false });
    expect(open.map((s) => s.client)).toEqual(["Claude Code", "Claude Desktop", "Cursor", "VS Code"]);
    expect(open[0]!.text).toBe("claude mcp add --transport http lumen-docs https://docs.example.com/_/mcp");
    expect(open[1]!.text).toBe("https://docs.example.com/_/mcp");
    expect(JSON.parse(open[2]!.text)).toEqual({ mcpServers: { "lumen-docs": { url: "https://docs.example.com/_/mcp" } } });
    expect(JSON.parse(open[3]!.text)).toEqual({ servers: { "lumen-docs": { type: "http", url: "https://docs.example.com/_/mcp" } } });
    for (const s of open) expect(s.text).not.toContain("Bearer");

    const locked = agentSetupLines({ siteName: "Lumen Docs", mcpUrl: "https://docs.example.com/_/mcp", protected: true });
    expect(locked[0]!.text).toBe('claude mcp add --transport http lumen-docs https://docs.example.com/_/mcp --header "Authorization: Bearer <token>"');
    expect(JSON.parse(locked[1]!.text).mcpServers["lumen-docs"].args).toEqual(["-y", "mcp-remote", "https://docs.example.com/_/mcp", "--header", "Authorization: Bearer <token>"]);
    expect(JSON.parse(locked[2]!.text).mcpServers["lumen-docs"].headers).toEqual({ Authorization: "Bearer <token>" });
    expect(JSON.parse(locked[3]!.text).servers["lumen-docs"].headers).toEqual({ Authorization: "Bearer <token>" });
  });
});

describe("agentAnswerMarkdown", () => {
  it("puts the sources after the answer as numbered links, and none when there are none", () => {
    const sources = [
      { n: 1, title: "Custom events", url: "https://d.example/custom-events" },
      { n: 2, title: "WordPress", url: "https://d.example/wordpress" },
    ];
    expect(agentAnswerMarkdown({ answer: "Use lumen.track [1].", sources, mode: "model" })).toBe(
      "Use lumen.track [1].\n\n## Sources\n\n1. [Custom events](https://d.example/custom-events)\n2. [WordPress](https://d.example/wordpress)\n",
    );
    expect(agentAnswerMarkdown({ answer: "Not covered.", sources: [], mode: "retrieval" })).toBe("Not covered.\n");
  });
});
