import { signupReasonFromSearch } from "./signup-link";

/** Browser storage for docs/product.md §2's `signupReason`: kept on any page, read once the new user is signed in. */
export const SIGNUP_REASON_STORAGE_KEY = "signupReason";
export const SIGNUP_TRACKED_STORAGE_KEY = "signupTracked";

export function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage blocked: tracking simply goes without a reason
  }
}

/** Keeps the reason found in a page's query (the latest one wins); a query without one leaves the kept one alone. */
export function keepSignupReason(search: string): void {
  const reason = signupReasonFromSearch(search);
  if (reason) storage()?.setItem(SIGNUP_REASON_STORAGE_KEY, reason);
}
