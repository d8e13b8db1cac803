import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notionConnections, sites, users } from "@/db/schema";
import type { EmailProvider } from "@/integrations/email";
import { siteUrl } from "@/lib/site-address";
import type { SiteType } from "@/lib/site-types";
import { connectionRefusedEmail } from "@/core/email/templates";
import { parseSiteSettings } from "@/core/sites/site-settings";

/**
 * Notion refused a connection for good: its owner gets ONE email naming every site on it. The claim is one
 * conditional update (refused, not yet emailed), so concurrent refusals or processes send it once; reconnecting
 * clears it (a later refusal gets its own email). A failed send releases the claim, so the next failure tries again.
 * Returns whether an email was sent.
 */
export async function tellOwnerConnectionRefused(deps: { db: Db; email: EmailProvider; appUrl: string; appsDomain: string }, connectionId: string): Promise<boolean> {
  const [claimed] = await deps.db
    .update(notionConnections)
    .set({ refusalEmailedAt: new Date() })
    .where(and(eq(notionConnections.id, connectionId), isNotNull(notionConnections.refusedAt), isNull(notionConnections.refusalEmailedAt)))
    .returning();
  if (!claimed) return false;
  const [owner] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, claimed.ownerId)).limit(1);
  const onConnection = await deps.db.select().from(sites).where(eq(sites.notionConnectionId, connectionId)).orderBy(asc(sites.createdAt));
  // A connection no site reads through: the owner sees the refusal where they pick pages; nothing to mail.
  if (!owner || !onConnection.length) return false;
  try {
    await deps.email.send({
      to: owner.email,
      ...connectionRefusedEmail({
        workspaceName: claimed.workspaceName,
        notionReason: claimed.refusedReason ?? "access was revoked",
        refusedAt: claimed.refusedAt ?? new Date(),
        kind: claimed.kind,
        sites: onConnection.map((site) => ({
          name: parseSiteSettings(site.settings).name || site.subdomain,
          address: siteUrl({ siteType: site.siteType as SiteType, subdomain: site.subdomain, appsDomain: deps.appsDomain }),
        })),
        settingsUrl: `${deps.appUrl}/dashboard/sites/${onConnection[0]!.id}`,
      }),
    });
  } catch (err) {
    await deps.db.update(notionConnections).set({ refusalEmailedAt: null }).where(eq(notionConnections.id, connectionId));
    throw err;
  }
  return true;
}
