import { z } from "zod";
import type { Db } from "@/db/client";
import type { SiteRow } from "@/db/schema";
import { contentSiteOf } from "@/core/sites/content-site-of";
import { getSiteForOwnerOrThrow } from "@/core/sites/get-site-for-owner-or-throw";
import { parseSiteSettings } from "@/core/sites/site-settings";
import { sitePublicAddress } from "@/core/sites/site-public-address";
import { subscriptionSiteOf, type SubscriptionSite } from "@/core/subscribers/subscription-site";
import { AppError } from "@/lib/errors";
import { siteTypeHas } from "@/lib/site-types";
import type { SiteSnapshot } from "@/notion/site-content";
import { siteModelOf, type DatabaseSiteModel, type Entry } from "@/site-model/site-model";

export type PostEmailDeps = { db: Db; appsDomain: string; getSnapshot: (siteId: string) => Promise<SiteSnapshot | null>; fileOrigins?: readonly string[] };

export const postEmailInput = z.object({ siteId: z.string().min(1).max(64), postId: z.string().min(1).max(64) }).strict();

export const POST_NOT_FOUND = "This post is not published on the site";

export const dashed = (id: string) => {
  const hex = id.replace(/-/g, "").toLowerCase();
  return /^[0-9a-f]{32}$/.test(hex) ? `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}` : id;
};

/**
 * The owner's blog or changelog post as its subscribers would get it: the site (another owner's is not found), its
 * address for links, its page model, and the post — only a published one (hidden and future posts are not on the site).
 */
export async function sitePostOfOwner(deps: PostEmailDeps, ownerId: string, siteId: string, postId: string): Promise<{ site: SiteRow; mailSite: SubscriptionSite; model: DatabaseSiteModel; entry: Entry; snapshot: SiteSnapshot }> {
  const site = await getSiteForOwnerOrThrow(deps.db, ownerId, siteId);
  if (!siteTypeHas(site.siteType, "subscribers")) throw new AppError("VALIDATION", "Only blogs and changelogs email their posts");
  const snapshot = await deps.getSnapshot(site.id);
  const model = snapshot ? siteModelOf(contentSiteOf(site), snapshot) : null;
  const wanted = dashed(postId);
  const entry = model?.kind === "database" ? model.entries.find((e) => e.pageId === wanted) : undefined;
  if (!snapshot || !model || model.kind !== "database" || !entry) throw new AppError("NOT_FOUND", POST_NOT_FOUND);
  const settings = parseSiteSettings(site.settings);
  const address = sitePublicAddress({ siteType: site.siteType, subdomain: site.subdomain, customDomain: site.customDomain, customDomainVerifiedAt: site.customDomainVerifiedAt }, settings, deps.appsDomain);
  const mailSite = subscriptionSiteOf({ id: site.id, ...address, settings }, model.title || new URL(address.origin).host);
  return { site, mailSite, model, entry, snapshot };
}
