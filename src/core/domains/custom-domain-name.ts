import { domainToASCII } from "node:url";
import { z } from "zod";
import { appHostname, isUnderAppsDomain, appsHostname, type ProductHostsEnv } from "./product-hosts";

/**
 * A custom domain as the owner types it → the lowercase ASCII host name we store, or the sentence saying what is
 * wrong. Pure, so the same rules hold for the RPC and the unit tests.
 */

const LABEL_RE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export const MAX_DOMAIN_LENGTH = 253;

export const DOMAIN_MESSAGES = {
  empty: "Enter a domain, like docs.example.com",
  scheme: "Enter the domain only, without http:// or https://",
  path: "Enter the domain only, without a path",
  port: "Enter the domain without a port",
  tooLong: `A domain can be at most ${MAX_DOMAIN_LENGTH} characters`,
  invalid: "That is not a valid domain name; use letters, digits, hyphens and dots, like docs.example.com",
  oneLabel: "Enter a full domain with a dot, like docs.example.com",
  ipAddress: "Use a domain name, not an IP address",
} as const;

export type ParsedDomain = { ok: true; domain: string } | { ok: false; message: string };

export function parseCustomDomain(input: string): ParsedDomain {
  const raw = input.trim();
  if (!raw) return { ok: false, message: DOMAIN_MESSAGES.empty };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) return { ok: false, message: DOMAIN_MESSAGES.scheme };
  if (/[/?#\\]/.test(raw)) return { ok: false, message: DOMAIN_MESSAGES.path };
  const colons = raw.split(":").length - 1;
  if (/^\[.*\]/.test(raw) || colons > 1 || /^\d{1,3}(\.\d{1,3}){3}(:\d*)?$/.test(raw)) return { ok: false, message: DOMAIN_MESSAGES.ipAddress };
  if (/:\d*$/.test(raw)) return { ok: false, message: DOMAIN_MESSAGES.port };
  if (raw.length > MAX_DOMAIN_LENGTH + 1) return { ok: false, message: DOMAIN_MESSAGES.tooLong };
  if (/[\s@:_*]/.test(raw)) return { ok: false, message: DOMAIN_MESSAGES.invalid };
  // A numeric last label would make it an IPv4 address to browsers (and to the URL parser below).
  if (/(^|\.)\d+\.?$/.test(raw)) return { ok: false, message: DOMAIN_MESSAGES.ipAddress };
  // International names become their punycode form (bücher.de → xn--bcher-kva.de); junk becomes "".
  const ascii = domainToASCII(raw.toLowerCase().replace(/\.$/, ""));
  if (!ascii) return { ok: false, message: DOMAIN_MESSAGES.invalid };
  if (ascii.length > MAX_DOMAIN_LENGTH) return { ok: false, message: DOMAIN_MESSAGES.tooLong };
  const labels = ascii.split(".");
  if (!labels.every((label) => LABEL_RE.test(label))) return { ok: false, message: DOMAIN_MESSAGES.invalid };
  if (labels.length < 2) return { ok: false, message: DOMAIN_MESSAGES.oneLabel };
  return { ok: true, domain: ascii };
}

/** The zod field for `domain`: a string parsed by parseCustomDomain (its message as the issue), or null. */
export const customDomainField = z
  .string()
  .max(1000)
  .transform((value, ctx) => {
    const parsed = parseCustomDomain(value);
    if (!parsed.ok) {
      ctx.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    }
    return parsed.domain;
  })
  .nullable();

/** The product's own hosts can't be anyone's custom domain; null when the domain is fine. */
export function productDomainProblem(domain: string, env: ProductHostsEnv): string | null {
  if (isUnderAppsDomain(domain, env)) return `Addresses under ${appsHostname(env)} can't be custom domains; use a domain you own`;
  if (domain === appHostname(env)) return "That is the address of this app, not a domain you can use for a site";
  return null;
}

/** An apex (`acme.com`, two labels) needs A/AAAA records; anything longer (`docs.acme.com`) a CNAME. */
export const isApexDomain = (domain: string) => domain.split(".").length === 2;
