import type { SiteRow } from "@/db/schema";
import type { DnsResolver } from "@/integrations/dns";
import { isApexDomain } from "./custom-domain-name";
import type { DomainRecord, DomainState } from "./domain-state";
import { appsHostname, siteAddressHostname, type ProductHostsEnv } from "./product-hosts";

/** The DNS records a custom domain needs (docs/contracts.md §4), and the DomainState built from them. */

export const verifyRecordName = (domain: string) => `_site-verify.${domain}`;

/** Where APPS_DOMAIN's host points: what an apex domain's A/AAAA records must equal. */
export type AppsAddresses = { host: string; v4: string[]; v6: string[]; failure: string | null };

export async function lookupAppsAddresses(dns: DnsResolver, env: Pick<ProductHostsEnv, "APPS_DOMAIN">): Promise<AppsAddresses> {
  const host = appsHostname(env);
  const [v4, v6] = await Promise.allSettled([dns.resolve4(host), dns.resolve6(host)]);
  const failed = [v4, v6].find((r) => r.status === "rejected");
  return {
    host,
    v4: v4.status === "fulfilled" ? v4.value : [],
    v6: v6.status === "fulfilled" ? v6.value : [],
    failure: failed ? String((failed.reason as Error).message ?? failed.reason) : null,
  };
}

export type DomainSite = Pick<SiteRow, "siteType" | "subdomain" | "customDomain" | "customDomainToken" | "customDomainVerifiedAt"> & Partial<Pick<SiteRow, "customDomainHttpsAt">>;

/**
 * The records to create, each with `ok: null` (not checked): the TXT token, then a CNAME to the site's address for
 * a subdomain-style domain, or A/AAAA records equal to APPS_DOMAIN's addresses for an apex. `apps` is only needed
 * for an apex; when no address was found, `problems` says so.
 */
export function requiredDomainRecords(
  site: DomainSite & { customDomain: string },
  env: ProductHostsEnv,
  apps: AppsAddresses | null,
): { records: DomainRecord[]; problems: string[] } {
  const domain = site.customDomain;
  const records: DomainRecord[] = [{ type: "TXT", name: verifyRecordName(domain), value: site.customDomainToken ?? "", ok: null }];
  const problems: string[] = [];
  if (!isApexDomain(domain)) {
    records.push({ type: "CNAME", name: domain, value: siteAddressHostname(site, env), ok: null });
    return { records, problems };
  }
  for (const ip of apps?.v4 ?? []) records.push({ type: "A", name: domain, value: ip, ok: null });
  for (const ip of apps?.v6 ?? []) records.push({ type: "AAAA", name: domain, value: ip, ok: null });
  if (apps && !apps.v4.length && !apps.v6.length) {
    const why = apps.failure ? ` (${apps.failure})` : "";
    problems.push(
      `Could not find the IP addresses of ${apps.host}${why}. Point the A/AAAA records of ${domain} at the same addresses as ${apps.host}, or use a subdomain such as www.${domain} with a CNAME.`,
    );
  }
  return { records, problems };
}

/** The state of a site's domain from its row, the records (checked or not) and the problems found. */
export function domainState(site: DomainSite, records: DomainRecord[], problems: string[]): DomainState {
  return {
    domain: site.customDomain,
    verified: Boolean(site.customDomain && site.customDomainVerifiedAt),
    verifiedAt: site.customDomain && site.customDomainVerifiedAt ? site.customDomainVerifiedAt.toISOString() : null,
    httpsActiveSince: site.customDomain && site.customDomainVerifiedAt && site.customDomainHttpsAt ? site.customDomainHttpsAt.toISOString() : null,
    records,
    problems,
  };
}

/** The DomainState without checking the domain's own records (only APPS_DOMAIN's addresses, for an apex). */
export async function uncheckedDomainState(site: DomainSite, env: ProductHostsEnv, dns: DnsResolver): Promise<DomainState> {
  if (!site.customDomain) return domainState(site, [], []);
  const apps = isApexDomain(site.customDomain) ? await lookupAppsAddresses(dns, env) : null;
  const { records, problems } = requiredDomainRecords({ ...site, customDomain: site.customDomain }, env, apps);
  return domainState(site, records, problems);
}
