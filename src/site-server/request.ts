import type { IncomingMessage } from "node:http";

const PLAIN_PATH = /^(?:\/[A-Za-z0-9_~-][A-Za-z0-9_.~-]{0,200})*\/?$/;

/** Decodes and normalises a request path: no trailing slash, NFC; null for malformed or traversal attempts. */
export function normalizePath(raw: string): string | null {
  // Most requests: plain ASCII segments, nothing to decode or normalise.
  if (raw.length > 0 && raw.length <= 1024 && PLAIN_PATH.test(raw)) return raw.length > 1 && raw.endsWith("/") ? raw.slice(0, -1) : raw;
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (path.length > 1024 || path.includes("\0") || /(^|\/)\.\.?(\/|$)/.test(path)) return null;
  path = path.normalize("NFC").replace(/\/{2,}/g, "/");
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  return path.startsWith("/") ? path : `/${path}`;
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
