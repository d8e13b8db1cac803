import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { siteRedirects, sites } from "@/db/schema";
import type { SiteType } from "@/lib/site-types";
import { parseSiteSettings, type SiteSettings } from "./site-settings";
import { sitePublicAddress } from "./site-public-address";

/** Everything the published-site server needs to answer for one site, read in two queries. */
export type PublishedSite = {
  id: string;
  siteType: SiteType;
  subdomain: string;
  notionPageId: string;
  /** The Notion connection that reads the site (official API), or null for a public page. */
  notionConnectionId: string | null;
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

/** Which site a request's host names: its own address (host key) or a verified custom domain. */
export type SiteAddress = { hostKey?: string | null; customDomain?: string | null };

/** The site at this address with its redirects and public address; null when there is none. */
export async function findPublishedSite(db: Db, address: SiteAddress, appsDomain: string): Promise<PublishedSite | null> {
  const where = address.hostKey
    ? eq(sites.hostKey, address.hostKey)
    : and(eq(sites.customDomain, address.customDomain ?? ""), isNotNull(sites.customDomainVerifiedAt));
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
    notionConnectionId: row.notionConnectionId,
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
