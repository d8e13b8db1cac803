import type { Env } from "@/env";
import { createBunnyPurger } from "./bunny";
import { createCloudflarePurger } from "./cloudflare";
import { createFastlyPurger } from "./fastly";
import type { CdnPurger, CdnProvider } from "./types";

export type * from "./types";

/**
 * The CDN in front of published sites, when CDN_PURGE names one (`cloudflare:<zone>`, `fastly:<service>`,
 * `bunny:<pull zone>`): purged by tag on every change (src/core/sites/cdn-purges.ts). Unset: no CDN to purge, and
 * cached copies elsewhere expire by their `s-maxage`.
 */
export function createCdnPurger(env: Pick<Env, "CDN_PURGE" | "CDN_API_TOKEN" | "CDN_API_BASE">): CdnPurger | null {
  if (!env.CDN_PURGE || !env.CDN_API_TOKEN) return null;
  const colon = env.CDN_PURGE.indexOf(":");
  const provider = env.CDN_PURGE.slice(0, colon) as CdnProvider;
  const target = { provider, id: env.CDN_PURGE.slice(colon + 1), token: env.CDN_API_TOKEN, apiBase: env.CDN_API_BASE };
  if (provider === "cloudflare") return createCloudflarePurger(target);
  if (provider === "fastly") return createFastlyPurger(target);
  return createBunnyPurger(target);
}
