import type { z } from "zod";
import { siteEndpointUrl } from "@/core/subscribers/subscription-site";
import { postEmailInput, sitePostOfOwner, type PostEmailDeps } from "./site-post";
import { sitePostEmail } from "./site-post-email";

/** A post's email as subscribers get it, for the owner's preview (the unsubscribe link is a placeholder). */
export async function previewPostEmail(deps: PostEmailDeps, ownerId: string, input: z.input<typeof postEmailInput>) {
  const { siteId, postId } = postEmailInput.parse(input);
  const { mailSite, model, entry } = await sitePostOfOwner(deps, ownerId, siteId, postId);
  const { subject, html, text } = sitePostEmail(mailSite, model, entry, siteEndpointUrl(mailSite, "/_/unsubscribe", "preview"), deps.fileOrigins);
  return { subject, html, text };
}
