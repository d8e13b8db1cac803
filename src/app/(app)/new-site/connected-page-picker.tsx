"use client";

import { useCallback, useEffect, useState } from "react";
import { GENERIC_ERROR_MESSAGE } from "@/lib/errors";
import { siteRpc, RpcError } from "@/rpc/client";
import type { ResultOf } from "@/rpc/method";
import type { siteMethods } from "@/rpc/site-methods";
import { Button } from "@/components/button";
import { useAction } from "@/components/use-action";
import { SharedPageList, type SharedPage } from "./shared-page-list";

type Connection = ResultOf<typeof siteMethods, "listNotionConnections">[number];

export type ConnectedChoice = { connectionId: string; notionPageUrl: string; title: string } | null;

/**
 * "Connect Notion": the owner's connections, a way to add one (Notion's consent screen through
 * /api/notion/connect when the operator configured OAuth, or an internal integration secret), and the pages shared
 * with the chosen connection to pick the site's root from. The token never reaches the browser.
 */
export function ConnectedPagePicker({
  oauth,
  initialConnectionId,
  connectionError,
  onChoose,
}: {
  /** Whether the operator configured a public integration (the "Connect Notion" button). */
  oauth: boolean;
  initialConnectionId?: string;
  connectionError?: string;
  onChoose: (choice: ConnectedChoice) => void;
}) {
  const [connections, setConnections] = useState<Connection[] | null>(null);
  const [connectionId, setConnectionId] = useState<string | undefined>();
  const [pages, setPages] = useState<{ status: "idle" | "loading" | "ok" | "problem"; items: SharedPage[]; message?: string }>({ status: "idle", items: [] });
  const [pageId, setPageId] = useState<string | null>(null);
  const [secret, setSecret] = useState("");
  const add = useAction();

  /** Chooses a connection and lists its shared pages (the page choice starts over). */
  const selectConnection = useCallback(
    async (id: string | undefined) => {
      setConnectionId(id);
      setPageId(null);
      onChoose(null);
      if (!id) return setPages({ status: "idle", items: [] });
      setPages({ status: "loading", items: [] });
      try {
        setPages({ status: "ok", items: await siteRpc.call("listNotionConnectionPages", { connectionId: id }) });
      } catch (err) {
        setPages({ status: "problem", items: [], message: err instanceof RpcError ? err.message : GENERIC_ERROR_MESSAGE });
      }
    },
    [onChoose],
  );

  const loadConnections = useCallback(async (): Promise<Connection[]> => {
    const list = await siteRpc.call("listNotionConnections", {}).catch(() => []);
    setConnections(list);
    return list;
  }, []);

  useEffect(() => {
    void siteRpc
      .call("listNotionConnections", {})
      .catch(() => [] as Connection[])
      .then((list) => {
        setConnections(list);
        const usable = list.filter((c) => c.connected);
        const first = usable.find((c) => c.connectionId === initialConnectionId) ?? usable[0];
        if (first) void selectConnection(first.connectionId);
      });
  }, [selectConnection, initialConnectionId]);

  const addSecret = async () => {
    const added = await add.run(() => siteRpc.call("addNotionIntegrationSecret", { secret: secret.trim() }), { success: "Notion connected" });
    if (!added) return;
    setSecret("");
    await loadConnections();
    await selectConnection(added.connectionId);
  };

  const choose = (page: SharedPage) => {
    setPageId(page.id);
    onChoose({ connectionId: connectionId!, notionPageUrl: page.url, title: page.title });
  };

  const usable = (connections ?? []).filter((c) => c.connected);
  const refused = (connections ?? []).filter((c) => c.refused);
  return (
    <div className="mt-3 space-y-4" data-testid="connected-page-picker">
      {connectionError ? (
        <p role="alert" className="text-sm text-red-700">
          {connectionError}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        {oauth ? (
          // A plain link: the route redirects to Notion's consent screen.
          <a href="/api/notion/connect" className="rounded-md bg-neutral-900 px-4 py-2 text-sm font-medium text-white hover:bg-neutral-700">
            Connect Notion
          </a>
        ) : null}
        {usable.length ? (
          <label className="flex items-center gap-2 text-sm">
            Workspace
            <select value={connectionId ?? ""} onChange={(e) => void selectConnection(e.target.value || undefined)} className="rounded-md border border-neutral-300 bg-white px-2 py-1">
              {usable.map((c) => (
                <option key={c.connectionId} value={c.connectionId}>
                  {c.workspaceName ?? "Notion workspace"} ({c.kind === "oauth" ? "connected" : "internal integration"})
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <RefusedConnections refused={refused} oauth={oauth} />
      <SecretForm secret={secret} setSecret={setSecret} pending={add.pending} onAdd={() => void addSecret()} />
      {pages.status === "loading" ? <p className="text-sm text-neutral-500">Loading the pages shared with Pagewright…</p> : null}
      {pages.status === "problem" ? (
        <p role="alert" className="text-sm text-red-700">
          {pages.message}
        </p>
      ) : null}
      {pages.status === "ok" && !pages.items.length ? <p className="text-sm text-neutral-600">No pages are shared with this connection yet: in Notion, open a page&apos;s ••• menu → Connections and add Pagewright.</p> : null}
      {pages.items.length ? <SharedPageList items={pages.items} selectedId={pageId} onChoose={choose} /> : null}
    </div>
  );
}

/** Connections Notion refused for good: said here, with the way back (the new tokens go on the same connection). */
function RefusedConnections({ refused, oauth }: { refused: Connection[]; oauth: boolean }) {
  if (!refused.length) return null;
  return (
        <ul className="space-y-1 text-sm" data-testid="refused-connections">
          {refused.map((c) => (
            <li key={c.connectionId} className="text-amber-800">
              {c.workspaceName ?? "Notion workspace"}: Notion refused this connection on {new Date(c.refused!.at).toLocaleString()}
              {c.refused!.reason ? ` (“${c.refused!.reason}”)` : ""}.{" "}
              {c.kind === "oauth" ? (
                oauth ? (
                  <a href={`/api/notion/connect?${new URLSearchParams({ reconnect: c.connectionId })}`} className="font-medium underline">
                    Reconnect Notion
                  </a>
                ) : null
              ) : (
                "Paste a new secret of the same integration below to reconnect it."
              )}
            </li>
          ))}
        </ul>
      
  );
}

/** The internal integration secret, for owners whose operator set up no public integration (or who prefer one). */
function SecretForm({ secret, setSecret, pending, onAdd }: { secret: string; setSecret: (v: string) => void; pending: boolean; onAdd: () => void }) {
  return (
      <details className="text-sm">
        <summary className="cursor-pointer text-neutral-700">Or paste an internal integration secret</summary>
        <div className="mt-2 flex flex-wrap gap-2">
          <input
            type="password"
            autoComplete="off"
            aria-label="Internal integration secret"
            placeholder="ntn_…"
            value={secret}
            onChange={(e) => setSecret(e.target.value)}
            className="w-full rounded-md border border-neutral-300 bg-white px-3 py-2 sm:w-80"
          />
          <Button type="button" loading={pending} disabled={secret.trim().length < 20} onClick={onAdd}>
            Add
          </Button>
        </div>
        <p className="mt-1 text-neutral-500">In Notion: Settings → Connections → Develop or manage integrations → your integration → Configuration. Then share your pages with it.</p>
      </details>
  );
}
