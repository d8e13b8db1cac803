"use client";

import { useRouter } from "next/navigation";
import type { SiteOverview } from "@/core/sites/get-site-overview";
import { siteRpc } from "@/rpc/client";
import { Button } from "@/components/button";
import { useDialogState } from "@/components/dialog";
import { Panel } from "@/components/fields";
import { TypedConfirmDialog } from "@/components/typed-confirm-dialog";
import { useAction } from "@/components/use-action";

/** Deleting a site: typed confirmation in a dialog (state shape 4: isOpen only). */
export function DeleteSection({ site }: { site: SiteOverview }) {
  const router = useRouter();
  const [dialog, open, close] = useDialogState({});
  const deleting = useAction();
  return (
    <Panel title="Delete site" description="The site, its pages, subscribers, feedback and uploads are deleted at once; its address stops answering.">
      <Button variant="danger" onClick={() => open({})}>
        Delete this site
      </Button>
      <TypedConfirmDialog
        open={dialog.isOpen}
        onClose={close}
        title="Delete this site?"
        word={site.subdomain}
        fieldLabel="Site subdomain"
        confirmLabel="Delete site"
        pending={deleting.pending}
        onConfirm={() =>
          void deleting.run(() => siteRpc.call("deleteSite", { siteId: site.siteId }), { success: "Site deleted" }).then((r) => {
            if (!r) return;
            router.push("/dashboard");
            router.refresh();
          })
        }
      />
    </Panel>
  );
}
