import type { IncomingMessage } from "node:http";
import type { Db } from "@/db/client";
import { stampDomainHttps } from "@/core/domains/stamp-domain-https";
import { clientProtocol } from "@/http/client-address";
import type { PublishedSite } from "./site-lookup";

/**
 * The first visit over https to a custom domain not yet known to have HTTPS stamps it. Asked only while
 * the cached site says `httpsPending`; remembered per site and domain, so this process writes once even before the
 * cached lookup catches up. Never delays the answer: the write is not awaited, and a failed one is retried next visit.
 */
export function createHttpsStamp(db: Db, trustedHops: number) {
  const done = new Set<string>();
  return (req: IncomingMessage, site: PublishedSite, domain: string): void => {
    if (!site.httpsPending || site.customDomain !== domain) return;
    const key = `${site.id}|${domain}`;
    if (done.has(key) || clientProtocol(req, trustedHops) !== "https") return;
    if (done.size >= 10_000) done.clear();
    done.add(key);
    stampDomainHttps(db, site.id, domain).catch(() => done.delete(key));
  };
}
