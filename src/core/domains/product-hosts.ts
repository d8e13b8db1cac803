import type { Env } from "@/env";
import { siteHost } from "@/lib/site-address";

/** The product's own host names (no ports): what custom domains may not be, and what TLS is always allowed for. */

export const hostnameOf = (host: string) => host.trim().toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");

export type ProductHostsEnv = Pick<Env, "APP_URL" | "APPS_DOMAIN">;

/** APPS_DOMAIN without its port: "example.site". */
export const appsHostname = (env: Pick<Env, "APPS_DOMAIN">) => hostnameOf(env.APPS_DOMAIN);

/** APP_URL's host name: "app.example.io". */
export const appHostname = (env: Pick<Env, "APP_URL">) => new URL(env.APP_URL).hostname.toLowerCase();

/** A site's own address host without port, `{prefix}{subdomain}.{APPS_DOMAIN}`: what a CNAME points at. */
export const siteAddressHostname = (site: { siteType: string; subdomain: string }, env: Pick<Env, "APPS_DOMAIN">) =>
  hostnameOf(siteHost({ siteType: site.siteType, subdomain: site.subdomain, appsDomain: env.APPS_DOMAIN }));

/** Equal to APPS_DOMAIN or under it. */
export const isUnderAppsDomain = (host: string, env: Pick<Env, "APPS_DOMAIN">) => {
  const apps = appsHostname(env);
  return host === apps || host.endsWith(`.${apps}`);
};
