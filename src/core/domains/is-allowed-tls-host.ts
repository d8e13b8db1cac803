import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { sites } from "@/db/schema";
import { findFormerHost } from "@/core/sites/find-former-host";
import { appHostname, appsHostname, type ProductHostsEnv } from "./product-hosts";
import { stampDomainHttps } from "./stamp-domain-https";

const HOSTNAME_RE = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * May the TLS front (Caddy's on-demand `ask`) get a certificate for this host? Yes for the product's own hosts
 * (APP_URL's host, APPS_DOMAIN, www.APPS_DOMAIN), any existing site's address `{prefix}{subdomain}.{APPS_DOMAIN}`,
 * a site's former address while it redirects (so the 301 works over https), and verified custom domains; no for
 * everything else, so strangers can't make us request certificates. Approving a verified domain the first time
 * stamps "HTTPS active" for the Domain screen.
 */
export async function isAllowedTlsHost(db: Db, env: ProductHostsEnv, host: string): Promise<boolean> {
  const name = host.trim().toLowerCase().replace(/\.$/, "");
  if (!HOSTNAME_RE.test(name)) return false;
  const apps = appsHostname(env);
  if (name === appHostname(env) || name === apps || name === `www.${apps}`) return true;
  if (name.endsWith(`.${apps}`)) {
    const hostKey = name.slice(0, -(apps.length + 1));
    const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.hostKey, hostKey)).limit(1);
    return Boolean(site) || Boolean(await findFormerHost(db, hostKey, env.APPS_DOMAIN));
  }
  const [site] = await db
    .select({ id: sites.id, httpsAt: sites.customDomainHttpsAt })
    .from(sites)
    .where(and(eq(sites.customDomain, name), isNotNull(sites.customDomainVerifiedAt)))
    .limit(1);
  if (site && !site.httpsAt) await stampDomainHttps(db, site.id, name);
  return Boolean(site);
}
