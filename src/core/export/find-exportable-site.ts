import { eq } from "drizzle-orm";
import { sites } from "@/db/schema";
import { AppError } from "@/lib/errors";
import type { BillingDeps } from "@/core/billing/site-plan";
import { findPublishedSite, type PublishedSite, type SiteAddress } from "@/core/sites/find-published-site";

/**
 * The site `npm run export` names: its host key ("acme", "docs.acme"), its full address on APPS_DOMAIN, its bare
 * subdomain, or its verified custom domain. Refused when it is protected by a password (an export is a public copy:
 * the password would protect nothing once the files are on a static host) or paused.
 */
export async function findExportableSite(deps: BillingDeps, name: string, appsDomain: string): Promise<{ site: PublishedSite; address: SiteAddress }> {
  const wanted = name.trim().toLowerCase().replace(/\.$/, "");
  if (!wanted) throw new AppError("VALIDATION", "Name the site to export: its subdomain or its domain.");
  const hostKey = wanted.endsWith(`.${appsDomain.toLowerCase()}`) ? wanted.slice(0, -appsDomain.length - 1) : wanted;
  const [bySubdomain] = await deps.db.select({ hostKey: sites.hostKey }).from(sites).where(eq(sites.subdomain, hostKey)).limit(1);
  const candidates: SiteAddress[] = [{ hostKey }, ...(bySubdomain ? [{ hostKey: bySubdomain.hostKey }] : []), { customDomain: wanted }];
  for (const address of candidates) {
    const site = await findPublishedSite(deps, address, appsDomain);
    if (!site) continue;
    if (site.passwordHash) {
      throw new AppError("FORBIDDEN", `The site ${name} is protected by a password and is not exported: a static copy would be readable by anyone. Remove its password first to export it.`);
    }
    if (site.status !== "published") throw new AppError("CONFLICT", `The site ${name} is paused: publish it again to export it.`);
    // Served at its verified custom domain, the site answers there (its own address redirects to it).
    return { site, address: site.customDomain ? { customDomain: site.customDomain } : { hostKey: address.hostKey ?? null } };
  }
  throw new AppError("NOT_FOUND", `No site is published at ${name}.`);
}
