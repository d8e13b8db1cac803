import type { SiteSettings } from "./site-settings";
import { siteUrl, type SiteType } from "@/lib/site-address";

/**
 * Where a site is canonically served (CONTRACTS §4): its verified custom domain, else its subdomain address; a
 * `publicUrl` setting wins and may add a path prefix. Links in pages and in emails are built from this.
 */
export function sitePublicAddress(
  site: { siteType: SiteType; subdomain: string; verifiedCustomDomain: string | null; settings: Pick<SiteSettings, "publicUrl"> },
  appsDomain: string,
): { origin: string; basePath: string } {
  if (site.settings.publicUrl) {
    const url = new URL(site.settings.publicUrl);
    return { origin: url.origin, basePath: url.pathname.replace(/\/+$/, "") };
  }
  const origin = site.verifiedCustomDomain ? `https://${site.verifiedCustomDomain}` : siteUrl({ siteType: site.siteType, subdomain: site.subdomain, appsDomain });
  return { origin, basePath: "" };
}
