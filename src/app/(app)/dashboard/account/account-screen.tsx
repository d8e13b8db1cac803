"use client";

import { useEffect, useState } from "react";
import { signOut } from "next-auth/react";
import { userRpc } from "@/rpc/client";
import type { PlanProduct } from "@/core/billing/get-products-for-change-plan";
import { Button } from "@/components/button";
import { useDialogState } from "@/components/dialog";
import { Panel } from "@/components/fields";
import { TypedConfirmDialog } from "@/components/typed-confirm-dialog";
import { useAction } from "@/components/use-action";
import { NotionConnectionsPanel } from "./notion-connections";
import { ApiKeysPanel } from "./api-keys";

export function AccountScreen({ email, billing }: { email: string; billing: boolean }) {
  const [products, setProducts] = useState<PlanProduct[] | null>(null);
  const [dialog, open, close] = useDialogState({});
  const deleting = useAction();
  useEffect(() => {
    if (!billing) return;
    const ctrl = new AbortController();
    userRpc
      .call("getProductsForChangePlan", {}, { signal: ctrl.signal })
      .then((r) => setProducts(r.products))
      .catch(() => setProducts([]));
    return () => ctrl.abort();
  }, [billing]);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Account</h1>
      <Panel title="Signed in" description={email}>
        <p className="text-sm text-neutral-400">Plans are per site: open a site and choose Plan to change it.</p>
      </Panel>
      <Panel title="Change plan" index={1}>
        {!billing ? (
          <p className="text-sm text-neutral-300" data-testid="billing-off">
            Billing is off on this installation: every feature is unlocked for every site.
          </p>
        ) : products === null ? (
          <p className="text-sm text-neutral-400">Loading plans…</p>
        ) : products.length === 0 ? (
          <p className="text-sm text-neutral-400">No plans are on sale right now.</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {products.map((p) => (
              <li key={p.priceId} className="rounded-lg border border-neutral-800 p-3">
                <p className="font-medium">{p.name}</p>
                <p className="text-sm text-neutral-400">
                  {p.unit_price} {p.currency} / {p.interval}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <NotionConnectionsPanel index={2} />
      <ApiKeysPanel index={3} />
      <Panel title="Delete account" description="Your account, every site and everything they hold are deleted at once." index={4}>
        <Button variant="danger" onClick={() => open({})}>
          Delete my account
        </Button>
        <TypedConfirmDialog
          open={dialog.isOpen}
          onClose={close}
          title="Delete your account?"
          word="DELETE"
          fieldLabel="Confirmation"
          confirmLabel="Delete account"
          pending={deleting.pending}
          onConfirm={() => void deleting.run(() => userRpc.call("deleteUser", { confirm: "DELETE" }), { success: "Your account is deleted" }).then((r) => r && signOut({ callbackUrl: "/" }))}
        />
      </Panel>
    </div>
  );
}
