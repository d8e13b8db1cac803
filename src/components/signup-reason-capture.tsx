"use client";

import { useEffect } from "react";
import { usePathname, useSearchParams } from "next/navigation";
import { useSession } from "next-auth/react";
import { userRpc } from "@/rpc/client";
import { signupReasonFromSearch, utcOffsetHours } from "@/lib/signup-link";
import { SIGNUP_REASON_STORAGE_KEY, SIGNUP_TRACKED_STORAGE_KEY, keepSignupReason, storage } from "@/lib/signup-reason-storage";
import { readPublicConfig } from "@/lib/public-config";
import { CONVERSION } from "@/integrations/tracking";
import { trackConversion } from "@/components/tracking/browser";

/** One tracking request at a time per page (effects can run twice in development and on remounts). */
let inFlight = false;

/**
 * docs/product.md §2/§4: a `signupReason` query parameter on any page is kept (re-read on every client-side navigation, and
 * found inside a sign-in page's callback URL too); once a new user (jwt.isNewUser) is signed in and no signup-tracked
 * flag is stored, signup tracking runs once with the reason and the UTC offset in hours (stored by trackUserData, and
 * sent as the SignUp conversion), then the flag is stored.
 */
export function SignupReasonCapture() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const { data: session, status } = useSession();
  // The sign-in page leaves with a full navigation right after the session appears: a conversion queued there for a
  // tracking script would be lost, so tracking waits for the page the user lands on.
  const isNewUser = status === "authenticated" && Boolean(session?.jwt?.isNewUser) && !pathname.startsWith("/signin");

  useEffect(() => keepSignupReason(search), [pathname, search]);

  useEffect(() => {
    if (!isNewUser || inFlight) return;
    const store = storage();
    if (store?.getItem(SIGNUP_TRACKED_STORAGE_KEY)) return;
    const signupReason = store?.getItem(SIGNUP_REASON_STORAGE_KEY) ?? signupReasonFromSearch(window.location.search) ?? undefined;
    // The flag is stored only once the server has it: sign-in navigates right after the session appears, which can
    // cut this request off; the next page then sends it again (storing the same values twice is harmless).
    inFlight = true;
    const utcOffset = utcOffsetHours();
    userRpc
      .call("trackUserData", { signupReason, utcOffset }, { timeoutMs: 10_000 })
      .then(() => {
        store?.setItem(SIGNUP_TRACKED_STORAGE_KEY, "1");
        store?.removeItem(SIGNUP_REASON_STORAGE_KEY);
        trackConversion(readPublicConfig().tracking, CONVERSION.signUp, { signupReason, utcOffset });
      })
      .catch((err: unknown) => console.warn("Signup tracking failed; it will be tried again on the next page", err))
      .finally(() => {
        inFlight = false;
      });
  }, [isNewUser]);

  return null;
}
