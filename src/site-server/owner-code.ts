import crypto from "node:crypto";
import { Parser } from "htmlparser2";
import { isApartFromApp } from "@/lib/registrable-domain";
import type { SiteSettings } from "@/core/sites/site-settings";

/**
 * The owner's own code (settings.headCode / bodyCode: chat widgets, tag managers, booking scripts) runs only on a host
 * from which it can reach no one else: a host that is not the same site, as browsers count sites for cookies and
 * SameSite, as the app. There its scripts can't read the app's cookies (host-only, another origin), can't send the
 * dashboard's session with a request (SameSite=Lax on a cross-site request), and can't plant a cookie the app would
 * read (a cookie's Domain can't name another registrable domain). So: a verified custom domain, or a subdomain of
 * SITES_DOMAIN when that is a registrable domain apart from APP_URL's (docs/operations.md, "The owner's own code").
 */

export { isApartFromApp, registrableDomainOf } from "@/lib/registrable-domain";

/** Per request host (`host[:port]`, and the custom domain when it is one), decided once per host in a bounded map. */
export function createOwnerCodeHosts(appUrl: string): (target: { host: string; customDomain: string | null }) => boolean {
  const appHostname = new URL(appUrl).hostname;
  const known = new Map<string, boolean>();
  return (target) => {
    let apart = known.get(target.host);
    if (apart === undefined) {
      apart = isApartFromApp(target.customDomain ?? target.host.replace(/:\d+$/, ""), appHostname);
      if (known.size >= 10_000) known.clear();
      known.set(target.host, apart);
    }
    return apart;
  };
}

/** Whether the settings carry any code of the owner's to render. */
export const hasOwnerCode = (settings: Pick<SiteSettings, "headCode" | "bodyCode">) => Boolean(settings.headCode || settings.bodyCode);

/** A fresh placeholder for the nonce in one rendered page (random, so nothing else in the page can match it). */
export const newNoncePlaceholder = () => `nonce${crypto.randomBytes(12).toString("hex")}`;

/**
 * The owner's HTML with `nonce="<placeholder>"` as the first attribute of every <script> start tag, found by an HTML
 * parser. Fails safe both ways: a script tag the parser missed has no nonce and is blocked by the CSP; text the parser
 * took for a tag only gains an attribute-looking string.
 */
export function withNonceAttributes(html: string, placeholder: string): string {
  const at: number[] = [];
  const parser = new Parser({
    onopentag(name) {
      if (name === "script") at.push(parser.startIndex + "<script".length);
    },
  });
  parser.write(html);
  parser.end();
  let out = "";
  let from = 0;
  for (const index of at) {
    out += `${html.slice(from, index)} nonce="${placeholder}"`;
    from = index;
  }
  return out + html.slice(from);
}

/**
 * A rendered page with the owner's code at the end of its <head> and of its <body>, every script of it carrying the
 * placeholder that the response's nonce replaces at send time (src/http/nonce-page.ts).
 */
export function withOwnerCode(page: string, settings: Pick<SiteSettings, "headCode" | "bodyCode">, placeholder: string): string {
  let out = page;
  if (settings.bodyCode) {
    const bodyEnd = out.lastIndexOf("</body>");
    if (bodyEnd >= 0) out = `${out.slice(0, bodyEnd)}${withNonceAttributes(settings.bodyCode, placeholder)}${out.slice(bodyEnd)}`;
  }
  if (settings.headCode) {
    // Our own head holds no raw text from content (JSON-LD escapes "<"), so its first </head> is the real one.
    const headEnd = out.indexOf("</head>");
    if (headEnd >= 0) out = `${out.slice(0, headEnd)}${withNonceAttributes(settings.headCode, placeholder)}${out.slice(headEnd)}`;
  }
  return out;
}
