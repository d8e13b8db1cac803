/**
 * What the dashboard shows about a site's custom domain (docs/contracts.md §4): the domain, whether it is verified, the DNS
 * records the owner must create and, after a check, which of them were found. The UI imports this type.
 */
export { DOMAIN_CLAIM_TTL_DAYS } from "@/lib/domain-claims";

export type DomainRecordType = "TXT" | "CNAME" | "A" | "AAAA";

export type DomainRecord = {
  type: DomainRecordType;
  /** The full record name, e.g. `_site-verify.docs.acme.com`. */
  name: string;
  value: string;
  /** Found in DNS: true or false after a check; null when DNS was not asked (or did not answer). */
  ok: boolean | null;
};

export type DomainState = {
  domain: string | null;
  verified: boolean;
  /** ISO time of the first successful check of this domain. */
  verifiedAt: string | null;
  /** ISO time HTTPS was first seen working for the verified domain (TLS front's ask, or a visit over https); null: pending. */
  httpsActiveSince: string | null;
  records: DomainRecord[];
  /** Sentences for the owner: what is missing or could not be checked. Empty when there is nothing to do. */
  problems: string[];
};

export const NO_DOMAIN: DomainState = { domain: null, verified: false, verifiedAt: null, httpsActiveSince: null, records: [], problems: [] };
