"use client";

import { useEffect } from "react";
import { usePathname, useSearchParams } from "next/navigation";
import { useSession } from "next-auth/react";
import { userRpc } from "@/rpc/client";
import { signupReasonFromSearch, utcOffsetHours } from "@/lib/signup-link";

export const SIGNUP_REASON_STORAGE_KEY = "signupReason";
export const SIGNUP_TRACKED_STORAGE_KEY = "signupTracked";

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage blocked: tracking simply goes without a reason
  }
}

/**
 * SPEC §2/§4: a `signupReason` query parameter on any page is kept (re-read on every client-side navigation, and
 * found inside a sign-in page's callback URL too); once a new user (jwt.isNewUser) is signed in and no signup-tracked
 * flag is stored, signup tracking runs once with the reason and the UTC offset in hours, then the flag is stored.
 */
export function SignupReasonCapture() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const { data: session, status } = useSession();
  const isNewUser = status === "authenticated" && Boolean(session?.jwt?.isNewUser);

  useEffect(() => {
    const reason = signupReasonFromSearch(search);
    if (reason) storage()?.setItem(SIGNUP_REASON_STORAGE_KEY, reason);
  }, [pathname, search]);

  useEffect(() => {
    if (!isNewUser) return;
    const store = storage();
    if (store?.getItem(SIGNUP_TRACKED_STORAGE_KEY)) return;
    // Mark first: a second tab or a remount must not track the same signup again.
    store?.setItem(SIGNUP_TRACKED_STORAGE_KEY, "1");
    const signupReason = store?.getItem(SIGNUP_REASON_STORAGE_KEY) ?? signupReasonFromSearch(window.location.search) ?? undefined;
    userRpc
      .call("trackUserData", { signupReason, utcOffset: utcOffsetHours() }, { timeoutMs: 10_000 })
      .then(() => store?.removeItem(SIGNUP_REASON_STORAGE_KEY))
      .catch((err: unknown) => {
        // Let a later page try again rather than losing the signup.
        store?.removeItem(SIGNUP_TRACKED_STORAGE_KEY);
        console.warn("Signup tracking failed", err);
      });
  }, [isNewUser]);

  return null;
}
