"use client";

import { useEffect } from "react";

export const SIGNUP_REASON_STORAGE_KEY = "signupReason";

/** SPEC §2: a `signupReason` query parameter on any page is kept until signup tracking sends it. */
export function SignupReasonCapture() {
  useEffect(() => {
    const reason = new URLSearchParams(window.location.search).get("signupReason");
    if (reason) {
      try {
        window.localStorage.setItem(SIGNUP_REASON_STORAGE_KEY, reason.slice(0, 200));
      } catch {
        // storage blocked: tracking simply goes without a reason
      }
    }
  }, []);
  return null;
}
