"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import type { SiteOverview } from "@/core/sites/get-site-overview";
import { siteRpc } from "@/rpc/client";
import { Button } from "@/components/button";
import { Dialog, useDialogState } from "@/components/dialog";
import { Panel, TextField } from "@/components/fields";
import { useAction } from "@/components/use-action";

/** Deleting a site: typed confirmation in a dialog (state shape 4: isOpen only). */
export function DeleteSection({ site }: { site: SiteOverview }) {
  const router = useRouter();
  const [dialog, open, close] = useDialogState({});
  const [typed, setTyped] = useState("");
  const deleting = useAction();
  const confirmWord = site.subdomain;
  return (
    <Panel title="Delete site" description="The site, its pages, subscribers, feedback and uploads are deleted at once; its address stops answering.">
      <Button variant="danger" onClick={() => open({})}>
        Delete this site
      </Button>
      <Dialog open={dialog.isOpen} onClose={close} title="Delete this site?">
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (typed !== confirmWord) return;
            void deleting.run(() => siteRpc.call("deleteSite", { siteId: site.siteId }), { success: "Site deleted" }).then((r) => {
              if (r) {
                router.push("/dashboard");
                router.refresh();
              }
            });
          }}
        >
          <p className="text-sm text-neutral-300">
            This cannot be undone. Type <strong className="font-mono">{confirmWord}</strong> to confirm.
          </p>
          <TextField label="Site subdomain" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" loading={deleting.pending} disabled={typed !== confirmWord}>
              Delete site
            </Button>
          </div>
        </form>
      </Dialog>
    </Panel>
  );
}
