"use client";

import { useCallback, useEffect, useState } from "react";
import Link from "next/link";
import { siteRpc } from "@/rpc/client";
import type { ResultOf } from "@/rpc/method";
import type { siteMethods } from "@/rpc/site-methods";
import { Button } from "@/components/button";
import { Dialog, useDialogState } from "@/components/dialog";
import { Panel } from "@/components/fields";
import { useAction } from "@/components/use-action";

type Connection = ResultOf<typeof siteMethods, "listNotionConnections">[number];

/** What a Disconnect does to the connection's sites, said before it happens (the confirm). */
export function disconnectConsequence(sites: { name: string }[]): string {
  if (!sites.length) return "No site reads through it. Its access token is deleted at once.";
  const names = sites.map((s) => `“${s.name}”`).join(", ");
  const one = sites.length === 1;
  return `Its access token is deleted at once. ${one ? `The site ${names} stays` : `Its ${sites.length} sites ${names} stay`} online with the pages last synced, but ${one ? "no longer updates" : "no longer update"} from Notion until you connect Notion again or move ${one ? "it" : "them"} to another connection (General → Change Notion page).`;
}

/**
 * "Notion connections" on the account screen: every workspace connected (official API), the sites read through each,
 * and Disconnect after a confirm that names what happens to those sites. Connecting the same workspace again (on
 * /new-site) reuses its connection, so this list holds one row per workspace.
 */
export function NotionConnectionsPanel({ index }: { index: number }) {
  const [connections, setConnections] = useState<Connection[] | null>(null);
  const [dialog, open, close] = useDialogState<{ connection: Connection | null }>({ connection: null });
  const disconnecting = useAction();
  const load = useCallback(() => siteRpc.call("listNotionConnections", {}).catch(() => [] as Connection[]), []);
  useEffect(() => {
    void load().then(setConnections);
  }, [load]);

  const disconnect = async () => {
    const connection = dialog.connection;
    if (!connection) return;
    const done = await disconnecting.run(() => siteRpc.call("deleteNotionConnection", { connectionId: connection.connectionId }), { success: "Notion disconnected" });
    if (!done) return;
    close();
    setConnections(await load());
  };

  return (
    <Panel title="Notion connections" description="Workspaces you connected to read private pages (official API)." index={index}>
      {connections === null ? (
        <p className="text-sm text-neutral-400">Loading…</p>
      ) : connections.length === 0 ? (
        <p className="text-sm text-neutral-400" data-testid="no-connections">
          No Notion workspace is connected. Connect one when you{" "}
          <Link href="/new-site" className="text-[#8fb0ff] underline">
            create a site
          </Link>
          .
        </p>
      ) : (
        <ul className="divide-y divide-neutral-800 rounded-lg border border-neutral-800" data-testid="notion-connections">
          {connections.map((c) => (
            <li key={c.connectionId} className="flex flex-wrap items-center justify-between gap-3 p-3" data-testid="notion-connection">
              <div className="min-w-0">
                <p className="font-medium">
                  {c.workspaceName ?? "Notion workspace"}{" "}
                  <span className="text-xs font-normal text-neutral-400">{c.kind === "oauth" ? "connected with Notion" : "internal integration"}</span>
                </p>
                <p className="text-sm text-neutral-400" data-testid="connection-state">
                  {c.refused ? "Notion refused this connection: reconnect it" : c.connected ? "Connected" : "Disconnected"}
                  {" · "}
                  {c.sites.length ? `Used by ${c.sites.map((s) => s.name).join(", ")}` : "No site uses it"}
                </p>
              </div>
              {c.connected || c.refused ? (
                <Button variant="danger" onClick={() => open({ connection: c })}>
                  Disconnect
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Dialog open={dialog.isOpen} onClose={close} title={`Disconnect ${dialog.connection?.workspaceName ?? "this Notion workspace"}?`}>
        <p className="text-sm text-neutral-300" data-testid="disconnect-consequence">
          {disconnectConsequence(dialog.connection?.sites ?? [])}
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button variant="danger" loading={disconnecting.pending} onClick={() => void disconnect()}>
            Disconnect
          </Button>
        </div>
      </Dialog>
    </Panel>
  );
}
