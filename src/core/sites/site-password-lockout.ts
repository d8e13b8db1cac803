import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { sites, users } from "@/db/schema";
import type { EmailProvider } from "@/integrations/email";
import { siteUrl } from "@/lib/site-address";
import type { SiteType } from "@/lib/site-types";
import { passwordGuessingEmail } from "@/core/email/templates";
import { parseSiteSettings } from "@/core/sites/site-settings";
import { RATE_LIMITS } from "@/core/usage/rate-limits";
import { countUsage, periodEnd, usageCount } from "@/core/usage/take-usage";

/**
 * Wrong passwords on a protected site, from every address together. Past the hour's limit the password form
 * refuses every try (right or wrong, so a guesser learns nothing) until the hour ends or the owner lifts it; the
 * owner is emailed once an hour when the wrong passwords reach OWNER_ALERT_AFTER. Right passwords are not counted.
 */
export const SITE_PASSWORD_SCOPE = "limit:sitePasswordPerSite";
export const SITE_PASSWORD_WINDOW = { minutes: RATE_LIMITS.sitePasswordPerSite.minutes };
export const OWNER_ALERT_AFTER = 20;
export const SITE_LOCKED_MESSAGE = "This site has had too many wrong passwords. Please try again later.";

export type SitePasswordLockout = { locked: boolean; wrongTries: number; limit: number; until: string | null };

export async function sitePasswordLockoutOf(db: Db, siteId: string, now = new Date()): Promise<SitePasswordLockout> {
  const wrongTries = await usageCount(db, SITE_PASSWORD_SCOPE, siteId, SITE_PASSWORD_WINDOW, now);
  const { limit } = RATE_LIMITS.sitePasswordPerSite;
  const locked = wrongTries >= limit;
  return { locked, wrongTries, limit, until: locked ? periodEnd(SITE_PASSWORD_WINDOW, now).toISOString() : null };
}

export type WrongPasswordDeps = { db: Db; email: EmailProvider; appUrl: string; appsDomain: string };

/** Counts one wrong password; the try that reaches OWNER_ALERT_AFTER emails the owner (once: one count reaches it). */
export async function noteWrongSitePassword(deps: WrongPasswordDeps, siteId: string, now = new Date()): Promise<void> {
  const count = await countUsage(deps.db, SITE_PASSWORD_SCOPE, siteId, RATE_LIMITS.sitePasswordPerSite.limit, SITE_PASSWORD_WINDOW, now);
  if (count !== OWNER_ALERT_AFTER) return;
  const [row] = await deps.db
    .select({ site: sites, ownerEmail: users.email })
    .from(sites)
    .innerJoin(users, eq(users.id, sites.ownerId))
    .where(eq(sites.id, siteId))
    .limit(1);
  if (!row) return;
  const { site } = row;
  await deps.email.send({
    to: row.ownerEmail,
    ...passwordGuessingEmail({
      siteName: parseSiteSettings(site.settings).name || site.subdomain,
      siteAddress: siteUrl({ siteType: site.siteType as SiteType, subdomain: site.subdomain, appsDomain: deps.appsDomain }),
      wrongTries: OWNER_ALERT_AFTER,
      minutes: SITE_PASSWORD_WINDOW.minutes,
      limit: RATE_LIMITS.sitePasswordPerSite.limit,
      settingsUrl: `${deps.appUrl}/dashboard/sites/${site.id}`,
    }),
  });
}
