import type { IncomingMessage } from "node:http";
import { encodePathSegment } from "@/lib/url-path";

const PLAIN_PATH = /^(?:\/[A-Za-z0-9_~-][A-Za-z0-9_.~-]{0,200})*\/?$/;

/**
 * A request path in the canonical form the site's model uses (lib/url-path.ts): each segment decoded, NFC and
 * percent-encoded again the one way, no empty segments, no trailing slash. So `/配置中心` however it was escaped
 * (upper or lower-case hex, NFD, partly raw) is one path. Null for malformed escapes, NUL and traversal attempts.
 */
export function normalizePath(raw: string): string | null {
  // Most requests: plain ASCII segments, nothing to decode or normalise.
  if (raw.length > 0 && raw.length <= 1024 && PLAIN_PATH.test(raw)) return raw.length > 1 && raw.endsWith("/") ? raw.slice(0, -1) : raw;
  if (raw.length > 4096) return null;
  const segments: string[] = [];
  let decodedLength = 0;
  for (const part of raw.split("/")) {
    let segment: string;
    try {
      segment = decodeURIComponent(part);
    } catch {
      return null;
    }
    decodedLength += segment.length + 1;
    if (segment.includes("\0") || segment === "." || segment === "..") return null;
    // An escaped slash is a separator too, as it was before paths were kept encoded: "/a%2Fb" is "/a/b".
    for (const piece of segment.split("/")) {
      if (piece === "." || piece === "..") return null;
      if (piece) segments.push(encodePathSegment(piece));
    }
  }
  if (decodedLength > 1025) return null;
  return `/${segments.join("/")}`;
}

/** The browser asked for JSON (the site's own scripts do) rather than a page. */
/**
 * A browser request another site's page made (Fetch Metadata `Sec-Fetch-Site`: cross-site, or same-site — another
 * site under the same apps domain). Clients that send no Fetch Metadata (agents, curl) are not "another site".
 */
export function fromAnotherSite(req: IncomingMessage): boolean {
  const from = req.headers["sec-fetch-site"];
  return from === "cross-site" || from === "same-site";
}

export const wantsJson = (req: IncomingMessage) => (req.headers.accept ?? "").includes("application/json");

/** The body is a regular HTML form. */
export const isFormPost = (req: IncomingMessage) => String(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");
