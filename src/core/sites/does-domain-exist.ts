import { and, eq, gt, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { siteFormerHosts, sites } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { siteHost, siteHostKey, validateSubdomain } from "@/lib/site-address";
import { SITE_TYPES } from "@/lib/site-types";

export const doesDomainExistInput = z.object({ subdomain: z.string().trim().toLowerCase().max(63), siteType: z.enum(SITE_TYPES) }).strict();

export const ADDRESS_TAKEN_MESSAGE = "This address is already taken, please choose another subdomain";

/**
 * Is this address in use: a site's own address, or a site's former address still redirecting (for 90
 * days after a subdomain change nobody else may take it). `exceptSiteId`: that site's own former addresses are free
 * to it (changing back).
 */
export async function isHostTaken(db: Db, hostKey: string, exceptSiteId?: string): Promise<boolean> {
  const [row] = await db.select({ id: sites.id }).from(sites).where(eq(sites.hostKey, hostKey)).limit(1);
  if (row) return true;
  const [former] = await db
    .select({ siteId: siteFormerHosts.siteId })
    .from(siteFormerHosts)
    .where(and(eq(siteFormerHosts.hostKey, hostKey), gt(siteFormerHosts.expiresAt, sql`now()`), exceptSiteId ? ne(siteFormerHosts.siteId, exceptSiteId) : undefined))
    .limit(1);
  return Boolean(former);
}

/** docs/product.md §7 doesDomainExist: is this address taken? Reserved and malformed subdomains are a validation error. */
export async function doesDomainExist(db: Db, appsDomain: string, input: z.input<typeof doesDomainExistInput>) {
  const { subdomain, siteType } = doesDomainExistInput.parse(input);
  const problem = validateSubdomain(subdomain);
  if (problem) throw new AppError("VALIDATION", problem);
  return { exists: await isHostTaken(db, siteHostKey({ siteType, subdomain })), host: siteHost({ siteType, subdomain, appsDomain }) };
}
