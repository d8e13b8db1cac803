import crypto from "node:crypto";
import { canonicalPath, headerSafeUrl } from "@/lib/url-path";
import { and, eq, isNotNull } from "drizzle-orm";
import { siteRedirects, sites } from "@/db/schema";
import type { PaidFeature } from "@/lib/plans";
import type { SiteType } from "@/lib/site-types";
import { featuresOf, pausedFeatures, settingsAllowedBy, type SiteFeatures } from "@/core/billing/features-of";
import type { BillingDeps } from "@/core/billing/site-plan";
import type { ContentSite } from "@/notion/site-content";
import { contentSiteOf } from "./content-site-of";
import { parseSiteSettings, type SiteSettings } from "./site-settings";
import { sitePublicAddress } from "./site-public-address";
import { siteTypeHas } from "@/lib/site-types";
import { roadmapItemsNamedOf, type LinkedPage } from "@/core/changelog/read-changelog-links";
import { mentionLinksOf } from "@/core/mentions/mention-links-of";

/** Everything the published-site server needs to answer for one site, read in four queries (a changelog: five). */
export type PublishedSite = {
  id: string;
  siteType: SiteType;
  subdomain: string;
  notionPageId: string;
  /** The Notion connection that reads the site (official API), or null for a public page. */
  notionConnectionId: string | null;
  status: string;
  /** The settings as they apply now: paid-only ones the plan doesn't allow are off (settingsAllowedBy). */
  settings: SiteSettings;
  /** What the content service needs to read or refresh the site (computed once here, not per request). */
  contentRef: ContentSite;
  /** Kept whatever the plan: a protected site never becomes public because its subscription ended. */
  passwordHash: string | null;
  /** The verified custom domain the site is served at; null when there is none or the plan no longer allows it. */
  customDomain: string | null;
  /** The custom domain is served but HTTPS was not seen working for it yet (a visit over https stamps it). */
  httpsPending: boolean;
  /** What the site's plan allows now (featuresOf), and the paid features it uses that the plan no longer allows. */
  features: SiteFeatures;
  paused: PaidFeature[];
  /** Changes with any change to the row or to its plan: part of the page cache key. */
  stamp: string;
  redirects: { fromPath: string; toUrl: string; permanent: boolean }[];
  /** Changelogs: per entry page id, the owner's roadmap items it names; loaded here so entry pages need no query. */
  roadmapItems: ReadonlyMap<string, LinkedPage[]>;
  /** Per page id its content mentions: the page's address on another of the owner's sites (mentionLinksOf). */
  mentionLinks: ReadonlyMap<string, string>;
  /** Where the site is canonically served: scheme + host, and a path prefix ("" or "/docs"). */
  origin: string;
  basePath: string;
};

/** Which site a request's host names: its own address (host key) or a verified custom domain. */
export type SiteAddress = { hostKey?: string | null; customDomain?: string | null };

/**
 * The site at this address with its redirects, public address and features; null when there is none. A lapsed
 * custom domain still finds its site (the site server sends its visitors to the site's own address).
 */
export async function findPublishedSite(deps: BillingDeps, address: SiteAddress, appsDomain: string): Promise<PublishedSite | null> {
  const { db } = deps;
  const where = address.hostKey
    ? eq(sites.hostKey, address.hostKey)
    : and(eq(sites.customDomain, address.customDomain ?? ""), isNotNull(sites.customDomainVerifiedAt));
  const [row] = await db.select().from(sites).where(where).limit(1);
  if (!row) return null;
  const redirects = await db
    .select({ fromPath: siteRedirects.fromPath, toUrl: siteRedirects.toUrl, permanent: siteRedirects.permanent })
    .from(siteRedirects)
    .where(eq(siteRedirects.siteId, row.id));
  const roadmapItems = siteTypeHas(row.siteType, "whatsNew") ? await roadmapItemsNamedOf(db, row.id) : new Map<string, LinkedPage[]>();
  const mentionLinks = await mentionLinksOf(db, row.id);
  // The links are part of the stamp, so a cached page follows them (within the lookup's TTL).
  const linksStamp = roadmapItems.size ? `:${crypto.createHash("sha256").update(JSON.stringify([...roadmapItems])).digest("base64url").slice(0, 16)}` : "";
  const mentionsStamp = mentionLinks.size ? `:${crypto.createHash("sha256").update(JSON.stringify([...mentionLinks])).digest("base64url").slice(0, 16)}` : "";
  const stored = parseSiteSettings(row.settings);
  const features = await featuresOf(deps, row.id);
  const settings = settingsAllowedBy(stored, features);
  const verifiedAt = features.has.customDomain ? row.customDomainVerifiedAt : null;
  const { origin, basePath, customDomain } = sitePublicAddress({ ...row, siteType: row.siteType, customDomainVerifiedAt: verifiedAt }, settings, appsDomain);
  return {
    id: row.id,
    siteType: row.siteType,
    subdomain: row.subdomain,
    notionPageId: row.notionPageId,
    notionConnectionId: row.notionConnectionId,
    status: row.status,
    settings,
    contentRef: contentSiteOf(row),
    passwordHash: row.passwordHash,
    customDomain,
    httpsPending: Boolean(customDomain && !row.customDomainHttpsAt),
    features,
    paused: pausedFeatures(row, stored, features),
    stamp: `${row.updatedAt.getTime()}:${features.plan ?? "unlocked"}${linksStamp}${mentionsStamp}`,
    // Compared with the request's canonical path and sent in a Location header: both need the one encoded form, however
    // the owner typed them ("/配置中心" or "/%E9%85%8D…").
    redirects: redirects.map((r) => ({ fromPath: canonicalPath(r.fromPath) ?? r.fromPath, toUrl: headerSafeUrl(r.toUrl), permanent: r.permanent })),
    roadmapItems,
    mentionLinks,
    origin,
    basePath,
  };
}
