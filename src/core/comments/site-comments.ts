import { z } from "zod";
import type { Db } from "@/db/client";
import { getSiteForOwnerOrThrow } from "@/core/sites/get-site-for-owner-or-throw";
import { parseSiteSettings } from "@/core/sites/site-settings";
import { listSiteComments } from "./list-comments";
import { moderateComment, moderateCommentInput } from "./moderate-comment";

export const listSiteCommentsInput = z
  .object({ siteId: z.string().min(1).max(64), status: z.enum(["unconfirmed", "held", "approved", "rejected"], "status must be unconfirmed, held, approved or rejected").optional() })
  .strict();

/**
 * The Comments screen: the site's comments, newest first, with the addresses the owner moderates by. Comments are
 * kept in this database (a public Notion page can't be written to), so `keptIn` is "here".
 */
export async function listCommentsOfSite(db: Db, ownerId: string, input: z.input<typeof listSiteCommentsInput>) {
  const { siteId, status } = listSiteCommentsInput.parse(input);
  const site = await getSiteForOwnerOrThrow(db, ownerId, siteId);
  return { siteId: site.id, mode: parseSiteSettings(site.settings).comments, keptIn: "here" as const, comments: await listSiteComments(db, site.id, status) };
}

export const moderateSiteCommentInput = moderateCommentInput.extend({ siteId: z.string().min(1).max(64) }).strict();

/** approve | reject | delete | block one comment of the owner's site; another site's comment is NOT_FOUND. */
export async function moderateCommentOfSite(db: Db, ownerId: string, input: z.input<typeof moderateSiteCommentInput>) {
  const { siteId, ...decision } = moderateSiteCommentInput.parse(input);
  const site = await getSiteForOwnerOrThrow(db, ownerId, siteId);
  return moderateComment(db, site.id, decision);
}
