import type { DatabaseSiteModel, Entry } from "@/site-model/site-model";
import type { SubscriptionSite } from "@/core/subscribers/subscription-site";
import type { RenderedEmail } from "../render-email";
import { postEmail, postEmailLinks } from "./post-email";

/** One post of a blog or changelog as the email its subscribers get (the reader's own unsubscribe link in it). */
export function sitePostEmail(site: SubscriptionSite, model: Pick<DatabaseSiteModel, "pathOfPage">, entry: Entry, unsubscribeUrl: string, fileOrigins: readonly string[] = []): RenderedEmail {
  return postEmail({
    site,
    post: { pageId: entry.pageId, title: entry.title, description: entry.description, date: entry.date, recordMap: entry.recordMap },
    postUrl: `${site.origin}${site.basePath}${entry.path}`,
    links: postEmailLinks(site, model.pathOfPage, fileOrigins),
    unsubscribeUrl,
  });
}
