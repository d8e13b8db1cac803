import { SUBSCRIBE_LIMITS } from "@/core/limits";
import { createRateLimiter } from "@/http/rate-limit";

/**
 * The request limits of the subscribe form (security review, finding 4): per IP and site, per IP across sites, and
 * per site across IPs. A post refused by an IP limit does not count against the site, so one machine can't use up
 * a site's form for everyone. In memory, per process (see createRateLimiter).
 */
export function createSubscribeLimits() {
  const perIpPerSite = createRateLimiter(SUBSCRIBE_LIMITS.perIpPerSite);
  const perIp = createRateLimiter(SUBSCRIBE_LIMITS.perIp);
  const perSite = createRateLimiter(SUBSCRIBE_LIMITS.perSite);
  return {
    /** true when this subscribe post may go ahead. */
    take(siteId: string, ip: string, now = Date.now()): boolean {
      return perIpPerSite.take(`${siteId}|${ip}`, now) && perIp.take(ip, now) && perSite.take(siteId, now);
    },
  };
}

export type SubscribeLimits = ReturnType<typeof createSubscribeLimits>;
