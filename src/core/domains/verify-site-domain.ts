import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { requireSiteFeatures } from "@/core/billing/site-plan";
import { getSiteForOwnerOrThrow } from "@/core/sites/get-site-for-owner-or-throw";
import { sites, type SiteRow } from "@/db/schema";
import { isApexDomain } from "./custom-domain-name";
import type { DomainDeps } from "./domain-deps";
import { domainState, lookupAppsAddresses, requiredDomainRecords, verifyRecordName } from "./domain-records";
import { NO_DOMAIN, type DomainState } from "./domain-state";
import { ensureDomainToken } from "./domain-token";
import { domainClaimExpiredMessage, expireStaleDomainClaim } from "./expire-domain-claim";
import { DOMAIN_TAKEN_MESSAGE, isUniqueViolation } from "./update-site-domain";
import { appsHostname, siteAddressHostname } from "./product-hosts";

export const verifySiteDomainInput = z.object({ siteId: z.string().min(1).max(64) }).strict();

type Lookup = { ok: true; values: string[] } | { ok: false; error: string };

const settle = async (work: Promise<string[]>): Promise<Lookup> => {
  try {
    return { ok: true, values: await work };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
};

const list = (xs: string[]) => xs.join(", ");

/**
 * Checks the domain's DNS (docs/contracts.md §4): the TXT record `_site-verify.<domain>` must hold the site's token, and
 * the domain must point at us — a CNAME to the site's address (or anything under APPS_DOMAIN), or A/AAAA records
 * among APPS_DOMAIN's addresses. Success marks the domain verified (the site server then serves it); failure leaves
 * it as it was — a verified domain stays verified through a failed or flaky check — and lists what is missing.
 * Several sites may claim one domain unverified; the first to pass the check wins (the unique index on verified
 * domains decides a race), the others' claims are dropped, and a later check elsewhere is a CONFLICT.
 */
export async function verifySiteDomain(deps: DomainDeps, ownerId: string, input: z.input<typeof verifySiteDomainInput>): Promise<DomainState> {
  const { siteId } = verifySiteDomainInput.parse(input);
  const claim = await expireStaleDomainClaim(deps.db, await getSiteForOwnerOrThrow(deps.db, ownerId, siteId));
  if (claim.expired) return { ...NO_DOMAIN, problems: [domainClaimExpiredMessage(claim.expired)] };
  const site = await ensureDomainToken(deps.db, claim.site);
  const domain = site.customDomain;
  if (!domain) throw new AppError("VALIDATION", "Add a custom domain first");
  // A claim made on a plan that has since lapsed is not verified (a verified domain stays so; the site server decides
  // whether it is served).
  if (!site.customDomainVerifiedAt) await requireSiteFeatures({ db: deps.db, billingEnabled: deps.env.billingEnabled }, site.id, ["customDomain"]);
  const token = site.customDomainToken!;

  // No transaction is open while DNS answers (PGlite is one connection).
  const [txt, cname, a, aaaa, apps] = await Promise.all([
    settle(deps.dns.resolveTxt(verifyRecordName(domain))),
    settle(deps.dns.resolveCname(domain)),
    settle(deps.dns.resolve4(domain)),
    settle(deps.dns.resolve6(domain)),
    lookupAppsAddresses(deps.dns, deps.env),
  ]);

  const appsHost = appsHostname(deps.env);
  const target = siteAddressHostname(site, deps.env);
  const appsIps = new Set([...apps.v4, ...apps.v6]);
  const domainIps = [...(a.ok ? a.values : []), ...(aaaa.ok ? aaaa.values : [])];

  // Some DNS panels store the quotes people paste around the value: accept them.
  const txtOk = txt.ok ? txt.values.some((value) => value.trim().replace(/^"(.*)"$/, "$1").trim() === token) : null;
  const cnameOk = cname.ok ? cname.values.some((t) => t === target || t === appsHost || t.endsWith(`.${appsHost}`)) : null;
  // Unknown when the domain's addresses could not be read, or it has some but ours could not be (to compare them).
  const addressOk = domainIps.some((ip) => appsIps.has(ip))
    ? true
    : !a.ok || !aaaa.ok || (domainIps.length > 0 && apps.failure !== null && appsIps.size === 0)
      ? null
      : false;
  // Pointing at us: either way is enough; unknown only when no lookup said yes and one of them did not answer.
  const pointsOk = cnameOk === true || addressOk === true ? true : cnameOk === null || addressOk === null ? null : false;
  const passed = txtOk === true && pointsOk === true;

  const { records, problems } = requiredDomainRecords({ ...site, customDomain: domain }, deps.env, isApexDomain(domain) ? apps : null);
  for (const record of records) {
    if (record.type === "TXT") record.ok = txtOk;
    else if (record.type === "CNAME") record.ok = pointsOk;
    else record.ok = (record.type === "A" ? a : aaaa).ok ? domainIps.includes(record.value) : null;
  }

  if (passed) problems.length = 0;
  else {
    if (!txt.ok) problems.push(`Could not check the TXT record ${verifyRecordName(domain)}: ${txt.error}. Try again in a minute.`);
    else if (!txt.values.length) problems.push(`No TXT record found at ${verifyRecordName(domain)}: add one with the value ${token}.`);
    else if (!txtOk) problems.push(`The TXT record at ${verifyRecordName(domain)} does not contain ${token} (found: ${list(txt.values)}).`);
    if (pointsOk !== true) problems.push(...pointingProblems());
  }

  function pointingProblems(): string[] {
    const out: string[] = [];
    const failures = [cname, a, aaaa].filter((l): l is Extract<Lookup, { ok: false }> => !l.ok).map((l) => l.error);
    if (!isApexDomain(domain!)) {
      const others = cname.ok ? cname.values.filter((t) => t !== target) : [];
      if (others.length) out.push(`${domain} is a CNAME for ${list(others)}; it should point at ${target}.`);
      else if (cname.ok) out.push(`No CNAME record found for ${domain}: add one pointing at ${target}.`);
    } else if (appsIps.size) {
      if (domainIps.length) out.push(`${domain} points at ${list(domainIps)}, not at ${list([...appsIps])}.`);
      else if (a.ok && aaaa.ok) out.push(`No A or AAAA records found for ${domain}: point them at ${list([...appsIps])}.`);
    }
    if (failures.length) out.push(`Could not check where ${domain} points: ${failures[0]}. Try again in a minute.`);
    return out;
  }

  let current: SiteRow = site;
  if (passed && !site.customDomainVerifiedAt) {
    let row: SiteRow | undefined;
    try {
      row = await deps.db.transaction(async (tx) => {
        // Only if the domain and token are still the ones just checked (the owner may have changed them meanwhile).
        const [won] = await tx
          .update(sites)
          .set({ customDomainVerifiedAt: sql`now()`, customDomainClaimedAt: null, updatedAt: sql`now()` })
          .where(and(eq(sites.id, site.id), eq(sites.customDomain, domain), eq(sites.customDomainToken, token), isNull(sites.customDomainVerifiedAt)))
          .returning();
        // Other sites' unverified claims on this domain can never be verified now: drop them.
        if (won) {
          await tx
            .update(sites)
            .set({ customDomain: null, customDomainToken: null, customDomainClaimedAt: null, updatedAt: sql`now()` })
            .where(and(eq(sites.customDomain, domain), ne(sites.id, site.id), isNull(sites.customDomainVerifiedAt)));
        }
        return won;
      });
    } catch (err) {
      // Another site proved control of this domain first.
      if (isUniqueViolation(err)) throw new AppError("CONFLICT", DOMAIN_TAKEN_MESSAGE);
      throw err;
    }
    if (row) {
      current = row;
      deps.siteEvents.emitSiteChanged(site.id);
    } else {
      const [now] = await deps.db.select().from(sites).where(eq(sites.id, site.id)).limit(1);
      // Verified by a check that ran at the same time: the same outcome. Anything else changed under us.
      if (!now) throw new AppError("NOT_FOUND", "Site not found");
      if (now.customDomain !== domain || now.customDomainToken !== token) {
        throw new AppError("CONFLICT", "The domain changed while it was being checked, please check again");
      }
      current = now;
    }
  }
  return domainState(current, records, problems);
}
