import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { sites } from "@/db/schema";

/**
 * Records that HTTPS works for the site's verified custom domain ("HTTPS: active since …"): the first
 * time the TLS front's ask approves it, or a visit arrives over https. Only when the domain is still the site's and
 * not stamped yet, so it is written once per domain; changing the domain clears the stamp (updateSiteDomain).
 */
export async function stampDomainHttps(db: Db, siteId: string, domain: string): Promise<void> {
  await db
    .update(sites)
    .set({ customDomainHttpsAt: sql`now()` })
    .where(and(eq(sites.id, siteId), eq(sites.customDomain, domain), isNotNull(sites.customDomainVerifiedAt), isNull(sites.customDomainHttpsAt)));
}
