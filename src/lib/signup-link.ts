/**
 * Sign-up links (docs/product.md §2): straight to the sign-in page with `signupReason` as a top-level parameter (so it is
 * captured on arrival) and where to go afterwards as the callback URL.
 */
export const SIGNUP_REASON_PARAM = "signupReason";

export function signupHref(reason: string, next = "/new-site"): string {
  return `/signin?${new URLSearchParams({ [SIGNUP_REASON_PARAM]: reason, callbackUrl: next })}`;
}

/**
 * The reason in a page's query: its own `signupReason`, or one inside its `callbackUrl` (a protected page linked with
 * a reason sends anonymous visitors to sign-in with the reason nested in the callback).
 */
export function signupReasonFromSearch(search: string): string | null {
  const params = new URLSearchParams(search);
  const own = params.get(SIGNUP_REASON_PARAM)?.trim();
  if (own) return own.slice(0, 200);
  const callback = params.get("callbackUrl");
  if (!callback) return null;
  const query = callback.indexOf("?");
  if (query < 0) return null;
  const nested = new URLSearchParams(callback.slice(query + 1)).get(SIGNUP_REASON_PARAM)?.trim();
  return nested ? nested.slice(0, 200) : null;
}

/** docs/product.md §4: the UTC offset in whole hours, within what trackUserData accepts (-12…14). */
export function utcOffsetHours(date = new Date()): number {
  // `|| 0`: UTC gives -0, which is not 0 to a strict comparison.
  return Math.min(14, Math.max(-12, Math.round(-date.getTimezoneOffset() / 60) || 0));
}
