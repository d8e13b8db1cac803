"use client";

import { useRouter } from "next/navigation";
import { siteRpc } from "@/rpc/client";
import { Button } from "@/components/button";
import { useAction } from "@/components/use-action";

export function AcceptInvitation({ token }: { token: string }) {
  const action = useAction();
  const router = useRouter();
  return (
    <div className="mt-4">
      <Button
        loading={action.pending}
        onClick={() =>
          void action.run(() => siteRpc.call("acceptSiteInvitation", { token }), { success: "Welcome aboard" }).then((joined) => {
            if (joined) router.push(`/dashboard/sites/${joined.siteId}`);
          })
        }
      >
        Accept the invitation
      </Button>
    </div>
  );
}
