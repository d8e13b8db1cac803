import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { requireSiteFeatures } from "@/core/billing/site-plan";
import { getSiteForOwnerOrThrow } from "@/core/sites/get-site-for-owner-or-throw";
import { sites } from "@/db/schema";
import { customDomainField, productDomainProblem } from "./custom-domain-name";
import type { DomainDeps } from "./domain-deps";
import { uncheckedDomainState } from "./domain-records";
import type { DomainState } from "./domain-state";
import { ensureDomainToken, newDomainToken } from "./domain-token";
import { expireStaleDomainClaim } from "./expire-domain-claim";

export const updateSiteDomainInput = z.object({ siteId: z.string().min(1).max(64), domain: customDomainField }).strict();

export const DOMAIN_TAKEN_MESSAGE = "This domain is already used by another site";

export const isUniqueViolation = (err: unknown) =>
  String((err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code) === "23505";

/**
 * Sets the site's custom domain (stored unverified, with a fresh token for the TXT record), or removes it and its
 * token with null. Setting the domain the site already has changes nothing, so records already created stay valid.
 * Only a verified domain is taken: an unverified claim elsewhere never blocks this one, and the first site whose DNS
 * proves control wins (verifySiteDomain). The site server drops its cached lookups (site:changed), so a removed
 * domain stops being served at once.
 */
export async function updateSiteDomain(deps: DomainDeps, ownerId: string, input: z.input<typeof updateSiteDomainInput>): Promise<DomainState> {
  const { siteId, domain } = updateSiteDomainInput.parse(input);
  const { site } = await expireStaleDomainClaim(deps.db, await getSiteForOwnerOrThrow(deps.db, ownerId, siteId));

  if (domain === null) {
    if (site.customDomain === null && site.customDomainToken === null) return uncheckedDomainState(site, deps.env, deps.dns);
    const [row] = await deps.db
      .update(sites)
      .set({ customDomain: null, customDomainToken: null, customDomainVerifiedAt: null, customDomainClaimedAt: null, customDomainHttpsAt: null, updatedAt: sql`now()` })
      .where(eq(sites.id, site.id))
      .returning();
    deps.siteEvents.emitSiteChanged(site.id);
    return uncheckedDomainState(row ?? site, deps.env, deps.dns);
  }

  await requireSiteFeatures({ db: deps.db, billingEnabled: deps.env.billingEnabled }, site.id, ["customDomain"]);
  const problem = productDomainProblem(domain, deps.env);
  if (problem) throw new AppError("VALIDATION", problem);
  if (site.customDomain === domain) return uncheckedDomainState(await ensureDomainToken(deps.db, site), deps.env, deps.dns);

  const [verifiedElsewhere] = await deps.db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.customDomain, domain), ne(sites.id, site.id), isNotNull(sites.customDomainVerifiedAt)))
    .limit(1);
  if (verifiedElsewhere) throw new AppError("CONFLICT", DOMAIN_TAKEN_MESSAGE);

  const [row] = await deps.db
    .update(sites)
    .set({ customDomain: domain, customDomainToken: newDomainToken(), customDomainVerifiedAt: null, customDomainClaimedAt: sql`now()`, customDomainHttpsAt: null, updatedAt: sql`now()` })
    .where(eq(sites.id, site.id))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", "Site not found");
  deps.siteEvents.emitSiteChanged(site.id);
  return uncheckedDomainState(row, deps.env, deps.dns);
}
