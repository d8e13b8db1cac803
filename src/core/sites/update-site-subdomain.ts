import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { siteFormerHosts, sites } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { siteHostKey, siteUrl, validateSubdomain } from "@/lib/site-address";
import { isUniqueViolation } from "@/core/domains/update-site-domain";
import { ADDRESS_TAKEN_MESSAGE, isHostTaken } from "./does-domain-exist";
import { getSiteForOwnerOrThrow } from "./get-site-for-owner-or-throw";
import type { SiteEvents } from "./site-events";

/** How long a former address keeps answering 301 to the new one, and stays reserved for its site. */
export const FORMER_HOST_DAYS = 90;

export const updateSiteSubdomainInput = z.object({ siteId: z.string().min(1).max(64), subdomain: z.string().trim().toLowerCase().max(63) }).strict();

export type UpdateSiteSubdomainDeps = { db: Db; siteEvents: SiteEvents; appsDomain: string };

/**
 * Moves a site to another subdomain with creation's checks and messages. The old address then answers
 * 301 to the new one (path and query kept) for FORMER_HOST_DAYS days, and no other site can take it meanwhile; the
 * site may take back one of its own former addresses. Same subdomain: nothing changes.
 */
export async function updateSiteSubdomain(deps: UpdateSiteSubdomainDeps, ownerId: string, input: z.input<typeof updateSiteSubdomainInput>) {
  const { siteId, subdomain } = updateSiteSubdomainInput.parse(input);
  const problem = validateSubdomain(subdomain);
  if (problem) throw new AppError("VALIDATION", problem);
  const site = await getSiteForOwnerOrThrow(deps.db, ownerId, siteId);
  const hostKey = siteHostKey({ siteType: site.siteType, subdomain });
  const result = (expiresAt: Date | null) => ({
    siteId: site.id,
    subdomain,
    url: siteUrl({ siteType: site.siteType, subdomain, appsDomain: deps.appsDomain }),
    formerUrl: expiresAt ? siteUrl({ siteType: site.siteType, subdomain: site.subdomain, appsDomain: deps.appsDomain }) : null,
    redirectsUntil: expiresAt?.toISOString() ?? null,
  });
  if (hostKey === site.hostKey) return result(null);
  if (await isHostTaken(deps.db, hostKey, site.id)) throw new AppError("CONFLICT", ADDRESS_TAKEN_MESSAGE);

  const expiresAt = new Date(Date.now() + FORMER_HOST_DAYS * 86_400_000);
  try {
    await deps.db.transaction(async (tx) => {
      // Taking back one of its own former addresses ends that redirect.
      await tx.delete(siteFormerHosts).where(and(eq(siteFormerHosts.hostKey, hostKey), eq(siteFormerHosts.siteId, site.id)));
      // An expired row for the old address (another site's, long ago) is replaced.
      await tx
        .insert(siteFormerHosts)
        .values({ hostKey: site.hostKey, siteId: site.id, expiresAt })
        .onConflictDoUpdate({ target: siteFormerHosts.hostKey, set: { siteId: site.id, expiresAt, createdAt: sql`now()` } });
      await tx.update(sites).set({ subdomain, hostKey, updatedAt: sql`now()` }).where(eq(sites.id, site.id));
    });
  } catch (err) {
    // Another site took the address between the check and the write: the unique indexes decide.
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", ADDRESS_TAKEN_MESSAGE);
    throw err;
  }
  deps.siteEvents.emitSiteChanged(site.id);
  return result(expiresAt);
}
