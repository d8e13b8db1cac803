import type { Db } from "@/db/client";
import type { EmailProvider } from "@/integrations/email";
import type { SnapshotPage } from "@/notion/fetch-site-content";
import type { ContentSite } from "@/notion/site-content";
import { siteModelOf } from "@/site-model/site-model";
import type { DeliveryResult } from "@/core/email/deliver-queued";
import { deliverStatusEmails } from "./deliver-status-emails";
import { notifyStatusChanges } from "./notify-status-changes";
import { approvedIdeasOf, roadmapItemsOf } from "./roadmap-items";
import { shippedInOf } from "@/core/changelog/read-changelog-links";

/**
 * After a roadmap's refresh: queue the status changes this snapshot shows, then send what is queued. The board's last
 * column counts as "shipped": a move there names the changelog entries linked to the item as they are when
 * the email goes out; an entry linked later sends nothing more.
 */
export async function checkRoadmapStatuses(deps: { db: Db; email: EmailProvider; appsDomain: string }, site: ContentSite, pages: Map<string, SnapshotPage>): Promise<DeliveryResult> {
  const model = siteModelOf(site, { pages });
  if (!model || model.kind !== "database") return { sent: 0, failed: 0, cancelled: 0 };
  const items = roadmapItemsOf(model, await approvedIdeasOf(deps.db, site.id));
  await notifyStatusChanges(deps.db, site.id, items);
  const lastColumn = model.columns.at(-1)?.status;
  const shipped = lastColumn ? { status: lastColumn, entries: await shippedInOf(deps.db, site.id) } : undefined;
  return deliverStatusEmails(deps, site.id, items, model.title, shipped);
}
