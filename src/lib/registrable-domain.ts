import { parse } from "tldts";

/**
 * Whether two hosts are the same site as browsers count sites for cookies and SameSite: by registrable domain, from the
 * Public Suffix List. The site server asks it before rendering an owner's own code; the dashboard asks it to tell the
 * owner where that code runs.
 */

/**
 * The registrable domain of a host by the Public Suffix List, its private section included (so `acme.github.io` and
 * `bob.github.io` are apart, as browsers treat them); the host itself when it has none (localhost, an IP address).
 */
export function registrableDomainOf(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return parse(host, { allowPrivateDomains: true }).domain ?? host;
}

const isWithin = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/**
 * Whether a site answering on `hostname` (no port) is apart from the app on `appHostname`: neither lies within the
 * other's registrable domain. Loopback names all count as one site with `localhost` (`blog.acme.localhost` is within it).
 */
export function isApartFromApp(hostname: string, appHostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  const app = appHostname.toLowerCase().replace(/\.$/, "");
  return !isWithin(host, registrableDomainOf(app)) && !isWithin(app, registrableDomainOf(host));
}
