import { z } from "zod";
import { roadmapStatusEmail } from "@/core/email/templates";
import { parseSiteSettings } from "@/core/sites/site-settings";
import { siteIdOnly } from "@/core/subscribers/site-subscribers-to-csv";
import { approvedIdeasOf, roadmapItemsOf } from "./roadmap-items";
import { roadmapSiteOfOwner, type RoadmapDeps } from "./roadmap-site-of-owner";
import { roadmapMailSite } from "./deliver-status-emails";

/** The status email as voters would get it, for the owner's preview: the board's first item moving to its last column. */
export async function previewRoadmapStatusEmail(deps: RoadmapDeps & { appsDomain: string }, ownerId: string, input: z.input<typeof siteIdOnly>) {
  const { siteId } = siteIdOnly.parse(input);
  const { site, model } = await roadmapSiteOfOwner(deps, ownerId, siteId);
  const settings = parseSiteSettings(site.settings);
  const columns = model?.kind === "database" ? model.columns.map((c) => c.status) : [];
  const item = roadmapItemsOf(model, await approvedIdeasOf(deps.db, site.id))[0];
  const siteName = settings.name || (model?.kind === "database" && model.title) || site.subdomain;
  // The address the real email links to (the roadmap's own host or custom domain, with its scheme).
  const { mailSite } = roadmapMailSite(site, deps.appsDomain, (model?.kind === "database" && model.title) || "");
  const origin = `${mailSite.origin}${mailSite.basePath}`;
  const mail = roadmapStatusEmail({
    siteName,
    title: item?.title ?? "Dark mode",
    fromStatus: item?.status ?? columns[0] ?? "Planned",
    toStatus: columns.at(-1) ?? "Shipped",
    itemUrl: `${origin}${item?.path ?? "/"}`,
    unsubscribeUrl: `${origin}/_/vote/unsubscribe?token=preview`,
    accentColor: settings.theme.accentColor,
  });
  return { enabled: settings.roadmap.statusEmails, ...mail };
}
