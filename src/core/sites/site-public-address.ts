import { siteUrl } from "@/lib/site-address";
import { type SiteType } from "@/lib/site-types";
import type { SiteSettings } from "./site-settings";

/**
 * Where a site is canonically served: its `publicUrl` when set (origin + path prefix), else its verified custom
 * domain, else its own address (docs/contracts.md §4).
 */
export function sitePublicAddress(
  site: { siteType: SiteType; subdomain: string; customDomain: string | null; customDomainVerifiedAt: Date | null },
  settings: Pick<SiteSettings, "publicUrl">,
  appsDomain: string,
): { origin: string; basePath: string; customDomain: string | null } {
  const customDomain = site.customDomainVerifiedAt ? site.customDomain : null;
  if (settings.publicUrl) {
    const url = new URL(settings.publicUrl);
    return { origin: url.origin, basePath: url.pathname.replace(/\/+$/, ""), customDomain };
  }
  return { origin: customDomain ? `https://${customDomain}` : siteUrl({ siteType: site.siteType, subdomain: site.subdomain, appsDomain }), basePath: "", customDomain };
}
