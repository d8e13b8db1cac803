"use client";

import { useEffect } from "react";
import { useSession } from "next-auth/react";
import { usePathname } from "next/navigation";
import { userRpc } from "@/rpc/client";
import { readPublicConfig } from "@/lib/public-config";
import { CONVERSION, type UserMarkers } from "@/integrations/tracking/conversion-events";
import { identifyUser, trackConversion } from "@/integrations/tracking/browser";
import { SIGNUP_REASON_STORAGE_KEY } from "./signup-reason-capture";

export const SIGNUP_TRACKED_KEY = "signupTracked";
/** SPEC §9: the subscription lookup waits this long after a session exists. */
export const SUBSCRIPTION_LOOKUP_DELAY_MS = 2000;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * SPEC §4 after sign-in: a new user's sign-up is tracked once (reason and UTC offset in hours, stored server-side
 * with trackUserData and sent as the SignUp conversion), then a local flag stops it repeating; 2 s after any session,
 * the subscription lookup tells tracking whether the user pays, holds a lifetime deal, and at what plan price.
 */
export function SessionTracking() {
  const { data: session, status: sessionStatus } = useSession();
  // The sign-in page leaves with a full navigation right after the session appears: what it queued for a
  // tracking script would be lost, so tracking waits for the page the user lands on.
  const onSignInPage = usePathname()?.startsWith("/signin") ?? false;
  const status = onSignInPage ? "loading" : sessionStatus;
  const userId = session?.user?.id;
  const isNewUser = Boolean(session?.jwt?.isNewUser);

  useEffect(() => {
    if (status !== "authenticated" || !userId || !isNewUser) return;
    const store = storage();
    if (store?.getItem(SIGNUP_TRACKED_KEY)) return;
    store?.setItem(SIGNUP_TRACKED_KEY, "1");
    const signupReason = store?.getItem(SIGNUP_REASON_STORAGE_KEY) ?? undefined;
    const utcOffset = Math.round(-new Date().getTimezoneOffset() / 60);
    trackConversion(readPublicConfig().tracking, CONVERSION.signUp, { signupReason, utcOffset });
    userRpc.call("trackUserData", { signupReason, utcOffset }).catch((err: unknown) => {
      // Not stored: let the next page load try again.
      store?.removeItem(SIGNUP_TRACKED_KEY);
      console.error("[tracking] sign-up tracking failed", err);
    });
  }, [status, userId, isNewUser]);

  useEffect(() => {
    if (status !== "authenticated" || !userId) return;
    const timer = setTimeout(() => {
      userRpc
        .call("getSubscriptions", {})
        .then((subs) => {
          const live = subs.filter((s) => ["active", "trialing", "past_due"].includes(s.status));
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
