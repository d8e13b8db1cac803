"use client";

import { useRouter } from "next/navigation";
import { Button } from "@/components/button";
import { useAction } from "@/components/use-action";
import { userRpc } from "@/rpc/client";

/** Opens the window in which Notion's webhook verification request is taken (the operator then acts in Notion). */
export function ExpectVerificationButton({ replaces }: { replaces: boolean }) {
  const router = useRouter();
  const action = useAction();
  return (
    <Button
      variant="secondary"
      loading={action.pending}
      onClick={() =>
        void action.run(() => userRpc.call("expectNotionWebhookVerification", {}), { success: "Waiting 15 minutes for Notion's verification request" }).then((r) => r && router.refresh())
      }
    >
      {replaces ? "Verify again: expect a new verification request" : "Expect Notion's verification request"}
    </Button>
  );
}
