/**
 * DNS lookups for custom domains (docs/contracts.md §4), behind an interface so the core never touches `node:dns`.
 * A name that does not exist (NXDOMAIN) or has no record of the asked type (NODATA) is an empty list, not an error;
 * anything else (time-out, SERVFAIL, refused) throws a DnsLookupError.
 */
export interface DnsResolver {
  /** Each TXT record with its strings joined (a record longer than 255 bytes is split into several strings). */
  resolveTxt(name: string): Promise<string[]>;
  /** CNAME targets, lowercase, without a trailing dot. */
  resolveCname(name: string): Promise<string[]>;
  resolve4(name: string): Promise<string[]>;
  resolve6(name: string): Promise<string[]>;
}

export class DnsLookupError extends Error {
  readonly code: string;

  constructor(name: string, type: string, code: string, cause?: unknown) {
    super(code === "ETIMEOUT" ? `The DNS lookup of ${type} ${name} timed out` : `The DNS lookup of ${type} ${name} failed (${code})`, { cause });
    this.name = "DnsLookupError";
    this.code = code;
  }
}

