import crypto from "node:crypto";

/**
 * The Content-Security-Policy of the app's own pages (the Next.js dashboard and the product's website). Scripts are
 * what the policy guards: only those our server marked for this response (a nonce, which Next.js puts on its own
 * scripts) and what they load themselves ('strict-dynamic': page chunks, and the support chat or conversion tags an
 * operator switched on), never an inline script someone's text slipped into a page. Those third-party tools bring
 * their own stylesheets, images, fonts, frames and connections from hosts that change with their releases, so those
 * kinds are allowed from any https origin; styles also inline (style attributes of React components and the
 * toasts' and progress bar's injected rules), which runs no code. Nothing may frame the app.
 */

/** A nonce for one response: 128 random bits, base64 (what CSP's nonce-source takes). */
export const newAppNonce = () => crypto.randomBytes(16).toString("base64");

/**
 * The directives both kinds of page share; `scripts` is the script-src list. An instance served over plain http (on
 * one's own machine, or its tests with local stand-ins for those tools) may also fetch from plain http origins; a
 * production instance is https, whose pages a browser never lets load plain http anyway.
 */
function policyWith(scripts: string[], plainHttp: boolean): string {
  const outside = plainHttp ? "https: http:" : "https:";
  return [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
    `style-src 'self' 'unsafe-inline' ${outside}`,
    `img-src 'self' data: blob: ${outside}`,
    `font-src 'self' data: ${outside}`,
    `connect-src 'self' ${outside} ${plainHttp ? "wss: ws:" : "wss:"}`,
    `media-src 'self' ${outside}`,
    `frame-src 'self' ${outside}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * A Next.js page's policy for one response. The development server evaluates its hot-reload code, so only there
 * scripts may also use eval.
 */
export function appPagePolicy(nonce: string, opts: { development?: boolean; plainHttp?: boolean } = {}): string {
  return policyWith(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(opts.development ? ["'unsafe-eval'"] : [])], Boolean(opts.plainHttp));
}

/**
 * The product website's policy: its pages are rendered once and kept, so no per-response nonce; they have no inline
 * script, only their own file and, when configured, the support chat's loader (which loads the rest of the chat).
 */
export function websitePolicy(scriptOrigins: string[], opts: { plainHttp?: boolean } = {}): string {
  return policyWith(["'self'", ...scriptOrigins], Boolean(opts.plainHttp));
}
