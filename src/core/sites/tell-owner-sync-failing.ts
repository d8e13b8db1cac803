import { and, eq, gte, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notionConnections, siteSyncs, sites, users } from "@/db/schema";
import type { EmailProvider } from "@/integrations/email";
import { siteUrl } from "@/lib/site-address";
import type { SiteType } from "@/lib/site-types";
import { syncFailingEmail } from "@/core/email/templates";
import { parseSiteSettings } from "./site-settings";

/**
 * Failed syncs in a row before the owner hears of it: one failure is often Notion having a bad minute, three mean
 * the page was unshared, the token revoked, or Notion changed something.
 */
export const SYNC_FAILURES_BEFORE_EMAIL = 3;

/**
 * After a failed refresh: once a site's syncs keep failing, its owner gets ONE email. The claim is one conditional
 * update (failure_notified_at still null), so concurrent failures or processes send it once; a good refresh clears
 * it (writeSnapshot), so a later run of failures gets its own email. Not for a site on a connection Notion refused
 * for good: that owner gets one email for the whole connection. Returns whether an email was sent.
 */
export async function tellOwnerSyncFailing(
  deps: { db: Db; email: EmailProvider; appUrl: string; appsDomain: string },
  siteId: string,
  failure: { message: string; failureCount: number },
): Promise<boolean> {
  if (failure.failureCount < SYNC_FAILURES_BEFORE_EMAIL) return false;
  // A site on a connection Notion refused: its owner gets the connection's one email instead (tell-owner-connection-refused.ts).
  const [refused] = await deps.db
    .select({ id: sites.id })
    .from(sites)
    .innerJoin(notionConnections, eq(notionConnections.id, sites.notionConnectionId))
    .where(and(eq(sites.id, siteId), isNotNull(notionConnections.refusedAt)))
    .limit(1);
  if (refused) return false;
  const [claimed] = await deps.db
    .update(siteSyncs)
    .set({ failureNotifiedAt: new Date() })
    .where(and(eq(siteSyncs.siteId, siteId), isNull(siteSyncs.failureNotifiedAt), gte(siteSyncs.failureCount, SYNC_FAILURES_BEFORE_EMAIL)))
    .returning({ failingSince: siteSyncs.failingSince });
  if (!claimed) return false;
  const [row] = await deps.db
    .select({ site: sites, ownerEmail: users.email })
    .from(sites)
    .innerJoin(users, eq(users.id, sites.ownerId))
    .where(eq(sites.id, siteId))
    .limit(1);
  if (!row) return false;
  const address = siteUrl({ siteType: row.site.siteType as SiteType, subdomain: row.site.subdomain, appsDomain: deps.appsDomain });
  const siteName = parseSiteSettings(row.site.settings).name || row.site.subdomain;
  try {
    await deps.email.send({
      to: row.ownerEmail,
      ...syncFailingEmail({
        siteName,
        siteAddress: address,
        error: failure.message,
        failingSince: claimed.failingSince ?? new Date(),
        settingsUrl: `${deps.appUrl}/dashboard/sites/${siteId}`,
      }),
    });
  } catch (err) {
    // Not sent: release the claim so the next failure tries again.
    await deps.db.update(siteSyncs).set({ failureNotifiedAt: null }).where(eq(siteSyncs.siteId, siteId));
    throw err;
  }
  return true;
}
