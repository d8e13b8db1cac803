import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { sites, type SiteRow } from "@/db/schema";
import { DOMAIN_CLAIM_TTL_DAYS } from "./domain-state";

export { DOMAIN_CLAIM_TTL_DAYS };

export const domainClaimExpiredMessage = (domain: string) =>
  `${domain} was not verified within ${DOMAIN_CLAIM_TTL_DAYS} days, so it was removed from this site. Add it again to get a new TXT value.`;

/**
 * Drops the site's custom domain if it is still unverified DOMAIN_CLAIM_TTL_DAYS after it was set. Returns the row as
 * stored and the domain that expired (null when nothing did). A claim without a time (set by hand) does not expire.
 */
export async function expireStaleDomainClaim(db: Db, site: SiteRow, now = new Date()): Promise<{ site: SiteRow; expired: string | null }> {
  const claimedAt = site.customDomainClaimedAt;
  const cutoff = new Date(now.getTime() - DOMAIN_CLAIM_TTL_DAYS * 86_400_000);
  if (!site.customDomain || site.customDomainVerifiedAt || !claimedAt || claimedAt >= cutoff) return { site, expired: null };
  const [row] = await db
    .update(sites)
    .set({ customDomain: null, customDomainToken: null, customDomainClaimedAt: null, updatedAt: sql`now()` })
    .where(and(eq(sites.id, site.id), eq(sites.customDomain, site.customDomain), isNull(sites.customDomainVerifiedAt), lt(sites.customDomainClaimedAt, cutoff)))
    .returning();
  if (row) return { site: row, expired: site.customDomain };
  // Changed meanwhile (verified, replaced or removed): take it as it is now.
  const [current] = await db.select().from(sites).where(eq(sites.id, site.id)).limit(1);
  return { site: current ?? site, expired: null };
}
