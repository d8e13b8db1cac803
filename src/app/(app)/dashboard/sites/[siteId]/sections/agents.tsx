"use client";

import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import type { SiteOverview } from "@/core/sites/get-site-overview";
import { agentSetupLines } from "@/lib/agent-setup";
import { siteRpc } from "@/rpc/client";
import { Button } from "@/components/button";
import { Panel, TextField, Toggle } from "@/components/fields";
import { useSave } from "./use-save";

type Token = { tokenId: string; name: string; hint: string; createdAt: string; lastUsedAt: string | null };
type Totals = { mcp: number; markdown: number; llms: number; ask: number };

const copy = (text: string) => void navigator.clipboard.writeText(text).then(() => toast.success("Copied"), () => toast.error("Could not copy"));

/** The AI screen's part for agents: the site's MCP address and setup, the footer link, tokens, counts. */
export function AgentsPanel({ site }: { site: SiteOverview }) {
  const base = (site.settings.publicUrl || site.url).replace(/\/+$/, "");
  // A token just created is shown once: the setup snippets carry it meanwhile, ready to paste.
  const [fresh, setFresh] = useState<string | null>(null);
  return (
    <Panel title="AI assistants (MCP)" description="AI assistants can search this site, read its pages and ask questions answered from them, with sources, through its MCP server." index={1}>
      <McpSetup site={site} base={base} token={fresh} />
      <FooterLink site={site} />
      <AgentTokens site={site} fresh={fresh} onCreated={setFresh} />
      <AgentCounts siteId={site.siteId} />
    </Panel>
  );
}

/** The MCP address, the ask-from-anywhere address, and a setup snippet per client. */
function McpSetup({ site, base, token }: { site: SiteOverview; base: string; token: string | null }) {
  const mcpUrl = `${base}/_/mcp`;
  const setups = agentSetupLines({ siteName: site.name || site.subdomain, mcpUrl, protected: site.hasPassword, token: token ?? undefined });
  return (
    <>
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium">MCP server</p>
        <div className="flex flex-wrap items-center gap-2">
          <code className="rounded-md bg-neutral-900 px-2 py-1 text-xs" data-testid="mcp-url">
            {mcpUrl}
          </code>
          <Button variant="secondary" onClick={() => copy(mcpUrl)}>
            Copy URL
          </Button>
        </div>
        <p className="text-sm text-neutral-400">
          Ask from anywhere: <code className="text-xs" data-testid="ask-url">{`${base}/index.md?ask=${encodeURIComponent("your question")}`}</code>
        </p>
      </div>
      {setups.map((s) => (
        <div key={s.client} className="flex flex-col gap-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm font-medium">
              {s.client} <span className="font-normal text-neutral-400">— {s.where}</span>
            </p>
            <Button variant="secondary" aria-label={`Copy the ${s.client} setup`} onClick={() => copy(s.text)}>
              Copy
            </Button>
          </div>
          {/* Focusable, so a keyboard can scroll a line wider than a phone. */}
          <pre tabIndex={0} className="overflow-x-auto rounded-md bg-neutral-900 p-3 text-xs" data-testid={`mcp-setup-${s.client}`}>
            <code>{s.text}</code>
          </pre>
        </div>
      ))}
    </>
  );
}

function FooterLink({ site }: { site: SiteOverview }) {
  const [footer, setFooter] = useState(site.settings.showAgentLink);
  const saving = useSave();
  return (
    <>
      <Toggle label="Show “Use with your AI assistant” in the site's footer" checked={footer} onChange={setFooter} />
      <Button loading={saving.pending} onClick={() => void saving.save(() => siteRpc.call("updateSite", { siteId: site.siteId, settings: { showAgentLink: footer } }))}>
        Save footer
      </Button>
    </>
  );
}

/** The site's agent tokens: the one just created (shown once), the list with Revoke, and the form for a new one. */
function AgentTokens({ site, fresh, onCreated }: { site: SiteOverview; fresh: string | null; onCreated: (token: string) => void }) {
  const [tokens, setTokens] = useState<Token[] | null>(null);
  const [tokenName, setTokenName] = useState("");
  const revoking = useSave();
  const making = useSave();
  useEffect(() => {
    void siteRpc.call("listAgentTokens", { siteId: site.siteId }).then(setTokens, () => setTokens([]));
  }, [site.siteId]);
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium">Agent tokens</p>
      <p className="text-sm text-neutral-400">
        {!site.hasPassword
          ? "Anyone can read this site, so agents need no token. Tokens matter once you set a password."
          : fresh
            ? "This site has a password: agents send a token as “Authorization: Bearer …”. The snippets above carry the token you just created."
            : "This site has a password: agents need a token, sent as “Authorization: Bearer <token>”. Replace <token> above with it."}
      </p>
      {fresh ? (
        <div role="status" className="rounded-md border border-amber-600 p-3 text-sm">
          <p>Copy this token now: it is not shown again.</p>
          <code className="break-all text-xs" data-testid="new-agent-token">
            {fresh}
          </code>
          <div className="mt-2">
            <Button variant="secondary" onClick={() => copy(fresh)}>
              Copy token
            </Button>
          </div>
        </div>
      ) : null}
      <ul className="space-y-1 text-sm">
        {(tokens ?? []).map((t) => (
          <li key={t.tokenId} className="flex flex-wrap items-center gap-2">
            <span>{t.name}</span>
            <code className="text-xs text-neutral-400">{t.hint}…</code>
            <span className="text-xs text-neutral-400">{t.lastUsedAt ? `last used ${new Date(t.lastUsedAt).toLocaleString()}` : "never used"}</span>
            <Button
              variant="secondary"
              onClick={() =>
                void revoking.save(() => siteRpc.call("revokeAgentToken", { siteId: site.siteId, tokenId: t.tokenId }), "Token revoked").then((r) => r && setTokens((ts) => (ts ?? []).filter((x) => x.tokenId !== t.tokenId)))
              }
            >
              Revoke
            </Button>
          </li>
        ))}
        {tokens && tokens.length === 0 ? <li className="text-neutral-400">No tokens.</li> : null}
      </ul>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void making.save(() => siteRpc.call("createAgentToken", { siteId: site.siteId, name: tokenName }), "Token created").then((r) => {
            if (!r) return;
            onCreated(r.token);
            setTokenName("");
            setTokens((ts) => [...(ts ?? []), { tokenId: r.tokenId, name: r.name, hint: r.hint, createdAt: r.createdAt, lastUsedAt: null }]);
          });
        }}
      >
        <TextField label="Token name" placeholder="Claude Code" value={tokenName} maxLength={80} onChange={(e) => setTokenName(e.target.value)} />
        <Button type="submit" loading={making.pending} disabled={!tokenName.trim()}>
          Create token
        </Button>
      </form>
    </div>
  );
}

function AgentCounts({ siteId }: { siteId: string }) {
  const [totals, setTotals] = useState<Totals | null>(null);
  useEffect(() => {
    void siteRpc.call("getAgentRequestCounts", { siteId }).then((r) => setTotals(r.totals), () => setTotals(null));
  }, [siteId]);
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm font-medium">Agent requests, last 30 days</p>
      {totals ? (
        <p className="text-sm text-neutral-400" data-testid="agent-counts">
          MCP calls {totals.mcp} · questions {totals.ask} · Markdown pages {totals.markdown} · llms.txt {totals.llms}
        </p>
      ) : (
        <p className="text-sm text-neutral-400">No figures yet.</p>
      )}
    </div>
  );
}
