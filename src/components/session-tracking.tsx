"use client";

import { useEffect } from "react";
import { useSession } from "next-auth/react";
import { usePathname } from "next/navigation";
import { userRpc } from "@/rpc/client";
import { PAID_STATUSES } from "@/lib/plans";
import { readPublicConfig } from "@/lib/public-config";
import type { UserMarkers } from "@/integrations/tracking";
import { identifyUser } from "@/components/tracking/browser";

/** docs/product.md §9: the subscription lookup waits this long after a session exists. */
export const SUBSCRIPTION_LOOKUP_DELAY_MS = 2000;

/**
 * docs/product.md §4 after sign-in: 2 s after a session exists, the subscription lookup tells tracking whether the user pays,
 * holds a lifetime deal, and at what plan price. (Sign-up tracking is SignupReasonCapture's.)
 */
export function SessionTracking() {
  const { data: session, status: sessionStatus } = useSession();
  // The sign-in page is left with a full navigation at once: the lookup runs on the page the user lands on.
  const onSignInPage = usePathname()?.startsWith("/signin") ?? false;
  const status = onSignInPage ? "loading" : sessionStatus;
  const userId = session?.user?.id;

  useEffect(() => {
    if (status !== "authenticated" || !userId) return;
    const timer = setTimeout(() => {
      userRpc
        .call("getSubscriptions", {})
        .then((subs) => {
          const live = subs.filter((s) => (PAID_STATUSES as readonly string[]).includes(s.status));
          // The best one: a paid subscription's price says most; a lifetime deal has none.
          const best = live.find((s) => s.unit_price) ?? live[0];
          if (!best) return;
          const markers: UserMarkers = { paying: true, lifetimeDeal: !best.paddleUserId, ...(best.unit_price ? { planPriceUsd: best.unit_price } : {}) };
          identifyUser(readPublicConfig().tracking, userId, markers);
        })
        .catch((err: unknown) => console.error("[tracking] subscription lookup failed", err));
    }, SUBSCRIPTION_LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status, userId]);

  return null;
}
