import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { checkAgentToken } from "@/core/agents/check-agent-token";
import { verifySitePassword } from "@/core/sites/update-site-password";
import type { Db } from "@/db/client";
import { renderPasswordPage } from "./render/password-page";
import { lockedSiteTranslator } from "./render/context";
import type { MessageKey } from "@/lib/i18n/catalogues/en";
import { safeLocalPath } from "@/lib/safe-local-path";
import { NOTICE_PAGE_CSP } from "./security";
import type { PublishedSite } from "./site-lookup";
import { rootBasePathOf } from "./languages";

/**
 * Password-protected sites: without the site's cookie, every path answers the password form or 401 —
 * pages, feeds, sitemap, search, Markdown, llms.txt, images, JSON alike. The cookie is an HMAC of the site id and
 * its password hash (a new password logs everyone out), host-only and scoped to the site's path (every language's).
 */

export const cookieName = (siteId: string) => `site_access_${siteId.replace(/-/g, "").slice(0, 16)}`;

export function accessToken(secret: string, site: Pick<PublishedSite, "id" | "passwordHash">): string {
  return crypto.createHmac("sha256", secret).update(`${site.id}\n${site.passwordHash}`).digest("base64url");
}

export function cookiesOf(req: IncomingMessage): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of String(req.headers.cookie ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i > 0) out.set(part.slice(0, i).trim(), part.slice(i + 1).trim());
  }
  return out;
}

export function hasAccess(req: IncomingMessage, secret: string, site: PublishedSite): boolean {
  if (!site.passwordHash) return true;
  const given = cookiesOf(req).get(cookieName(site.id));
  if (!given) return false;
  const expected = accessToken(secret, site);
  return given.length === expected.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/**
 * An AI agent's way in: `Authorization: Bearer <agent token>` opens a protected site like the cookie. Only
 * asked when the cookie is missing and the header is there, so pages of open sites never touch the database.
 */
export async function hasAgentToken(req: IncomingMessage, db: Db, site: PublishedSite): Promise<boolean> {
  const header = req.headers.authorization;
  const match = typeof header === "string" ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match ? checkAgentToken(db, site.id, match[1]!) : false;
}

/** A path to return to after the password: only this site's own paths. */
export function safeNext(next: string | null | undefined, basePath: string): string {
  const fallback = `${basePath}/`;
  const path = safeLocalPath(next);
  if (!path) return fallback;
  return basePath && !path.startsWith(`${basePath}/`) && path !== basePath ? fallback : path;
}

/** The password page (render/password-page.tsx) with the headers of a page nobody may keep or index. */
export function sendPasswordForm(res: ServerResponse, site: PublishedSite, next: string, opts: { status?: number; error?: MessageKey } = {}): void {
  const i18n = lockedSiteTranslator(site);
  const body = renderPasswordPage({ action: `${site.basePath}/_/password`, next, error: opts.error && i18n.t(opts.error), i18n });
  res.writeHead(opts.status ?? 401, {
    "content-type": "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "cache-control": "private, no-store",
    "x-robots-tag": "noindex",
    "x-content-type-options": "nosniff",
    "content-security-policy": NOTICE_PAGE_CSP,
  });
  res.end(body);
}

export async function checkPassword(site: PublishedSite, password: string): Promise<boolean> {
  return Boolean(site.passwordHash) && password.length > 0 && password.length <= 200 && (await verifySitePassword(password, site.passwordHash!));
}

export function accessCookie(secret: string, site: PublishedSite, secure: boolean): string {
  return `${cookieName(site.id)}=${accessToken(secret, site)}; Path=${rootBasePathOf(site) || "/"}; HttpOnly; SameSite=Lax; Max-Age=${30 * 24 * 3600}${secure ? "; Secure" : ""}`;
}
