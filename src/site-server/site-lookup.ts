import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { siteRedirects, sites } from "@/db/schema";
import { parseSiteSettings, type SiteSettings } from "@/core/sites/site-settings";
import type { SiteType } from "@/lib/site-types";
import { sitePublicAddress } from "@/core/sites/site-public-address";
import type { HostTarget } from "./classify-host";

/**
 * Host → site, cached in memory (unknown hosts too, briefly) and dropped when the site changes (the runtime's site
 * events, CONTRACTS §3). The TTL bounds staleness when another process changed it.
 */

export type PublishedSite = {
  id: string;
  siteType: SiteType;
  subdomain: string;
  notionPageId: string;
  status: string;
  settings: SiteSettings;
  rawSettings: unknown;
  passwordHash: string | null;
  customDomain: string | null;
  /** Bumped by any change to the row: part of the page cache key. */
  stamp: number;
  redirects: { fromPath: string; toUrl: string; permanent: boolean }[];
  /** Where the site is canonically served: scheme + host, and a path prefix ("" or "/docs"). */
  origin: string;
  basePath: string;
};

const TTL_MS = 5_000;

export function createSiteLookup(db: Db, appsDomain: string) {
  const cache = new Map<string, { site: PublishedSite | null; expires: number; siteId?: string }>();

  async function load(target: Extract<HostTarget, { kind: "site" }>): Promise<PublishedSite | null> {
    const where = target.hostKey
      ? eq(sites.hostKey, target.hostKey)
      : and(eq(sites.customDomain, target.customDomain ?? ""), isNotNull(sites.customDomainVerifiedAt));
    const [row] = await db.select().from(sites).where(where).limit(1);
    if (!row) return null;
    const redirects = await db
      .select({ fromPath: siteRedirects.fromPath, toUrl: siteRedirects.toUrl, permanent: siteRedirects.permanent })
      .from(siteRedirects)
      .where(eq(siteRedirects.siteId, row.id));
    const settings = parseSiteSettings(row.settings);
    const { origin, basePath, customDomain } = sitePublicAddress({ ...row, siteType: row.siteType }, settings, appsDomain);
    return {
      id: row.id,
      siteType: row.siteType,
      subdomain: row.subdomain,
      notionPageId: row.notionPageId,
      status: row.status,
      settings,
      rawSettings: row.settings,
      passwordHash: row.passwordHash,
      customDomain,
      stamp: row.updatedAt.getTime(),
      redirects,
      origin,
      basePath,
    };
  }

  return {
    async find(target: Extract<HostTarget, { kind: "site" }>): Promise<PublishedSite | null> {
      const key = target.host;
      const hit = cache.get(key);
      if (hit && hit.expires > Date.now()) return hit.site;
      const site = await load(target);
      if (cache.size > 10_000) cache.clear();
      cache.set(key, { site, expires: Date.now() + TTL_MS, siteId: site?.id });
      return site;
    },
    /** Forget a site (or, with no id, everything). */
    invalidate(siteId?: string): void {
      for (const [key, entry] of cache) if (!siteId || entry.siteId === siteId || !entry.site) cache.delete(key);
    },
  };
}
