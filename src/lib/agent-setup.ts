/**
 * Copy-paste setup for a site's MCP server in common AI clients, shown on the dashboard's AI screen and in
 * docs/agents.md. A protected site adds its agent token as a bearer header (`<token>` is a placeholder the owner fills).
 */

export type AgentClientSetup = { client: string; where: string; text: string };

/** A short server name for client configs, from the site's name ("Lumen Docs" → "lumen-docs"). */
export function mcpServerName(siteName: string): string {
  const slug = siteName
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return slug || "site";
}

/** With `token` (one just created, shown once), the snippets carry it in place of the `<token>` placeholder. */
export function agentSetupLines(opts: { siteName: string; mcpUrl: string; protected: boolean; token?: string }): AgentClientSetup[] {
  const name = mcpServerName(opts.siteName);
  const bearer = `Bearer ${opts.token ?? "<token>"}`;
  const auth = `Authorization: ${bearer}`;
  const headers = opts.protected ? { headers: { Authorization: bearer } } : {};
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  return [
    {
      client: "Claude Code",
      where: "Run in a terminal",
      text: `claude mcp add --transport http ${name} ${opts.mcpUrl}${opts.protected ? ` --header "${auth}"` : ""}`,
    },
    {
      client: "Claude Desktop",
      where: opts.protected ? "claude_desktop_config.json (through mcp-remote, which sends the header)" : "Settings → Connectors → Add custom connector, with this URL",
      text: opts.protected ? json({ mcpServers: { [name]: { command: "npx", args: ["-y", "mcp-remote", opts.mcpUrl, "--header", auth] } } }) : opts.mcpUrl,
    },
    { client: "Cursor", where: "~/.cursor/mcp.json", text: json({ mcpServers: { [name]: { url: opts.mcpUrl, ...headers } } }) },
    { client: "VS Code", where: ".vscode/mcp.json", text: json({ servers: { [name]: { type: "http", url: opts.mcpUrl, ...headers } } }) },
  ];
}
