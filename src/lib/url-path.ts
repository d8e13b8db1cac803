/**
 * Site paths on the wire. Slugs keep their script (配置中心, привет-мир), so a path can hold any character; HTTP
 * headers (Location, Link), XML feeds and sitemaps need it as a URI. A site's model keeps every path in one canonical
 * form — each segment NFC and percent-encoded (UTF-8, upper-case hex) wherever RFC 3986 does not allow the character
 * as is — which is what browsers send for a raw path and what every link, header, feed and index is written with.
 * Plain ASCII slugs are their own canonical form, so existing Latin addresses never change.
 */

/** RFC 3986 `pchar` minus `%`: unreserved, sub-delims, ":" and "@". */
const PCHAR = /[A-Za-z0-9\-._~!$&'()*+,;=:@]/;

/** One path segment in canonical form: NFC, every byte outside `pchar` percent-encoded. */
export function encodePathSegment(segment: string): string {
  let out = "";
  for (const char of segment.normalize("NFC")) {
    if (char.length === 1 && PCHAR.test(char)) {
      out += char;
      continue;
    }
    for (const byte of Buffer.from(char, "utf8")) out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** A decoded path ("/配置中心/公告") in canonical form ("/%E9%85%8D…/%E5%85%AC%E5%91%8A"). */
export function encodePath(path: string): string {
  return path.split("/").map(encodePathSegment).join("/");
}

/**
 * A path as people write it (raw "/配置中心", partly or wholly percent-encoded, lower-case hex, NFD) in canonical form,
 * so the same page matches however its address was typed; null when its percent-escapes are malformed.
 */
export function canonicalPath(path: string): string | null {
  try {
    return path
      .split("/")
      .map((segment) => encodePathSegment(decodeURIComponent(segment)))
      .join("/");
  } catch {
    return null;
  }
}

/** A canonical path back in readable form, for people (the dashboard); malformed escapes are left as they are. */
export function readablePath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * A redirect or link target made safe for a Location header: a site path in canonical form (its query and fragment
 * kept, encoded where needed), an absolute URL through the URL parser (IDN hosts to punycode, the rest encoded).
 */
export function headerSafeUrl(target: string): string {
  if (target.startsWith("/")) {
    const at = target.search(/[?#]/);
    const path = at < 0 ? target : target.slice(0, at);
    const rest = at < 0 ? "" : target.slice(at);
    return `${canonicalPath(path) ?? encodePath(path)}${encodeURI(safeDecode(rest))}`;
  }
  try {
    return new URL(target).href;
  } catch {
    return encodeURI(safeDecode(target));
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}
