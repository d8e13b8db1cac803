/** Longer than any path of ours; a longer value is a trick or a mistake. */
export const MAX_LOCAL_PATH_LENGTH = 2048;

/** Backslashes, controls (C0, DEL, C1) and Unicode whitespace: browsers read `\` as `/` and drop tabs and newlines. */
const UNSAFE_RAW = /[\\\p{Cc}\p{Zl}\p{Zp}\s]/u;
/** After one decoding: the same, except a plain space (an encoded `%20` is an ordinary path character). */
const UNSAFE_DECODED = /[\\\p{Cc}\p{Zl}\p{Zp}]/u;
/** Any placeholder origin works: only whether the value leaves it matters. */
const PROBE_ORIGIN = "http://local.invalid";

/**
 * A redirect target from a query string or a form: the path, query and fragment
 * of a same-origin location, or null. It must be a path (`/…`, never `//…` or `/\…`), carry no backslash, control
 * character or whitespace (also after one round of percent-decoding, so `%2F%2F`, `%5C` and `%09` don't sneak
 * through a second decoder), and resolve to the origin it came from.
 */
export function safeLocalPath(value: string | null | undefined): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LOCAL_PATH_LENGTH) return null;
  if (!value.startsWith("/") || value.startsWith("//") || UNSAFE_RAW.test(value)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  if (decoded.startsWith("//") || UNSAFE_DECODED.test(decoded)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith("//") ? null : path;
}
