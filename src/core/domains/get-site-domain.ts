import { z } from "zod";
import { getSiteForOwnerOrThrow } from "@/core/sites/get-site-for-owner-or-throw";
import type { DomainDeps } from "./domain-deps";
import { uncheckedDomainState } from "./domain-records";
import { NO_DOMAIN, type DomainState } from "./domain-state";
import { ensureDomainToken } from "./domain-token";
import { domainClaimExpiredMessage, expireStaleDomainClaim } from "./expire-domain-claim";

export const getSiteDomainInput = z.object({ siteId: z.string().min(1).max(64) }).strict();

/**
 * The site's custom domain, the records to create and the stored verification, without checking the domain's DNS
 * (`ok: null` on every record). For an apex domain it looks up APPS_DOMAIN's addresses to show the A/AAAA values.
 * An unverified domain past DOMAIN_CLAIM_TTL_DAYS is dropped here, and the state says so.
 */
export async function getSiteDomain(deps: Omit<DomainDeps, "siteEvents">, ownerId: string, input: z.input<typeof getSiteDomainInput>): Promise<DomainState> {
  const { siteId } = getSiteDomainInput.parse(input);
  const { site, expired } = await expireStaleDomainClaim(deps.db, await getSiteForOwnerOrThrow(deps.db, ownerId, siteId));
  if (expired) return { ...NO_DOMAIN, problems: [domainClaimExpiredMessage(expired)] };
  return uncheckedDomainState(await ensureDomainToken(deps.db, site), deps.env, deps.dns);
}
