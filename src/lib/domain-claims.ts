/** An unverified custom domain is dropped after this many days, so a stale claim doesn't linger. */
export const DOMAIN_CLAIM_TTL_DAYS = 7;
