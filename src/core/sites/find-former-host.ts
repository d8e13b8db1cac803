import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { siteFormerHosts, sites } from "@/db/schema";
import { siteUrl } from "@/lib/site-address";

/**
 * Where a site's former address now leads: the site's current address (scheme + host), or null when the
 * address was never a site's or its redirect expired. Only asked when no site has this address.
 */
export async function findFormerHost(db: Db, hostKey: string, appsDomain: string): Promise<{ siteId: string; origin: string } | null> {
  const [row] = await db
    .select({ siteId: sites.id, siteType: sites.siteType, subdomain: sites.subdomain })
    .from(siteFormerHosts)
    .innerJoin(sites, eq(sites.id, siteFormerHosts.siteId))
    .where(and(eq(siteFormerHosts.hostKey, hostKey), gt(siteFormerHosts.expiresAt, sql`now()`)))
    .limit(1);
  return row ? { siteId: row.siteId, origin: siteUrl({ siteType: row.siteType, subdomain: row.subdomain, appsDomain }) } : null;
}

/** The site's former addresses still redirecting, newest first (the General screen lists them). */
export async function listFormerHosts(db: Db, siteId: string): Promise<{ hostKey: string; expiresAt: Date }[]> {
  return db
    .select({ hostKey: siteFormerHosts.hostKey, expiresAt: siteFormerHosts.expiresAt })
    .from(siteFormerHosts)
    .where(and(eq(siteFormerHosts.siteId, siteId), gt(siteFormerHosts.expiresAt, sql`now()`)))
    .orderBy(sql`${siteFormerHosts.expiresAt} desc`);
}
