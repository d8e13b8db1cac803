import type { Db } from "@/db/client";
import type { EmailProvider } from "@/integrations/email";
import { commentConfirmationEmail, ideaConfirmationEmail, subscriberConfirmationEmail, voterConfirmationEmail } from "@/core/email/templates";
import { siteEndpointUrl, type SubscriptionSite } from "@/core/subscribers/subscription-site";
import { PRODUCT_NAME } from "@/lib/brand";
import { issueReaderLink, type ReaderLinkPurpose } from "./reader-links";

/** The “send a new link” button of a used or expired link posts here. */
export const LINK_AGAIN_PATH = "/_/link/new";

/** Where each purpose's link lands on the site's own host. */
export const READER_LINK_PATHS: Record<ReaderLinkPurpose, string> = {
  vote: "/_/vote/confirm",
  idea: "/_/vote/confirm",
  subscribe: "/_/subscribe/confirm",
  comment: "/_/comments/confirm",
};

const TEMPLATES = {
  vote: voterConfirmationEmail,
  idea: ideaConfirmationEmail,
  subscribe: subscriberConfirmationEmail,
  comment: commentConfirmationEmail,
} satisfies Record<ReaderLinkPurpose, unknown>;

/**
 * Issues a single-use link for `purpose` and mails it in the product's own words: anyone can type any address, so
 * the mail has a fixed subject, names the site by its address and carries no owner-chosen sender, Reply-To or text.
 */
export async function mailReaderLink(
  deps: { db: Db; email: EmailProvider },
  site: SubscriptionSite,
  link: { email: string; purpose: ReaderLinkPurpose; subjectId: string | null },
  now = new Date(),
): Promise<void> {
  const token = await issueReaderLink(deps.db, { siteId: site.id, ...link }, now);
  const siteAddress = `${new URL(site.origin).host}${site.basePath}`;
  const mail = TEMPLATES[link.purpose]({ siteAddress, confirmUrl: siteEndpointUrl(site, READER_LINK_PATHS[link.purpose], token), accentColor: site.accentColor });
  await deps.email.send({ to: link.email, ...mail, fromName: `${siteAddress} via ${PRODUCT_NAME}` });
}
