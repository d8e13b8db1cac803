"use client";

import { useCallback, useEffect, useState } from "react";
import { siteRpc } from "@/rpc/client";
import type { ResultOf } from "@/rpc/method";
import type { siteMethods } from "@/rpc/site-methods";
import { Button } from "@/components/button";
import { Panel, SelectField, TextField } from "@/components/fields";
import { useAction } from "@/components/use-action";

type Keys = ResultOf<typeof siteMethods, "listApiKeys">;
const ACCESS = [
  { value: "read", label: "Read only" },
  { value: "write", label: "Read and write" },
] as const;

/** The account's API keys for the JSON-RPC API: made here (shown once), listed by their first characters, revoked. */
export function ApiKeysPanel({ index }: { index: number }) {
  const [keys, setKeys] = useState<Keys | null>(null);
  const [name, setName] = useState("");
  const [access, setAccess] = useState<"read" | "write">("read");
  const [fresh, setFresh] = useState<string | null>(null);
  const action = useAction();
  const reload = useCallback(() => void siteRpc.call("listApiKeys", {}).then(setKeys, () => setKeys([])), []);
  useEffect(reload, [reload]);

  return (
    <Panel title="API keys" description="Keys call the same API as this dashboard, as you, with Authorization: Bearer. Read-only keys can't change anything. Keys for one site are made by its admins through the API (createApiKey with siteId)." index={index}>
      {fresh ? (
        <div role="status" className="rounded-md border border-amber-600 p-3 text-sm">
          <p>Copy this key now: it is not shown again.</p>
          <code className="break-all text-xs" data-testid="new-api-key">
            {fresh}
          </code>
        </div>
      ) : null}
      <ul className="space-y-1 text-sm" data-testid="api-keys">
        {(keys ?? []).map((k) => (
          <li key={k.id} className="flex flex-wrap items-center gap-2">
            <code className="text-xs">{k.hint}…</code>
            <span>{k.name || "Unnamed"}</span>
            <span className="text-xs text-neutral-400">
              {k.access} · {k.siteId ? "one site" : "all your sites"} · {k.state} · {k.lastUsedAt ? `last used ${new Date(k.lastUsedAt).toLocaleString()}` : "never used"}
            </span>
            {k.state === "active" ? (
              <Button variant="secondary" onClick={() => void action.run(() => siteRpc.call("revokeApiKey", { id: k.id }), { success: "Key revoked" }).then(reload)}>
                Revoke
              </Button>
            ) : null}
          </li>
        ))}
        {keys && keys.length === 0 ? <li className="text-neutral-400">No keys.</li> : null}
      </ul>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void action.run(() => siteRpc.call("createApiKey", { access, name }), { success: "Key created" }).then((made) => {
            if (!made) return;
            setFresh(made.key);
            setName("");
            reload();
          });
        }}
      >
        <TextField label="Key name" placeholder="Deploy script" value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
        <SelectField label="Access" value={access} options={[...ACCESS]} onChange={setAccess} />
        <Button type="submit" loading={action.pending}>
          Create key
        </Button>
      </form>
    </Panel>
  );
}
