import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { sites, type SiteRow } from "@/db/schema";

/** The value of the `_site-verify.<domain>` TXT record: random, per site and domain, replaced with the domain. */
export const newDomainToken = () => `site-verify-${crypto.randomBytes(16).toString("hex")}`;

/**
 * A domain stored without a token (set before tokens existed, or by hand) gets one now, so there is always a TXT
 * value to show. Returns the row as stored.
 */
export async function ensureDomainToken(db: Db, site: SiteRow): Promise<SiteRow> {
  if (!site.customDomain || site.customDomainToken) return site;
  const [row] = await db
    .update(sites)
    .set({ customDomainToken: newDomainToken() })
    .where(and(eq(sites.id, site.id), eq(sites.customDomain, site.customDomain), isNull(sites.customDomainToken)))
    .returning();
  if (row) return row;
  const [current] = await db.select().from(sites).where(eq(sites.id, site.id)).limit(1);
  return current ?? site;
}
