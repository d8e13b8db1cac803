import type { TakeRateLimit } from "@/core/usage/rate-limits";

/**
 * The request limits of the subscribe form (numbers in RATE_LIMITS): per IP and site, per
 * IP across sites, and per site across IPs, counted by every process together. A post refused by an IP limit does not
 * count against the site, so one machine can't use up a site's form for everyone.
 */
export async function takeSubscribeLimits(take: TakeRateLimit, siteId: string, ip: string): Promise<boolean> {
  return (await take("subscribe", `${siteId}|${ip}`)) && (await take("subscribePerIp", ip)) && (await take("subscribePerSite", siteId));
}
