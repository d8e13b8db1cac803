import { z } from "zod";
import type { SiteEvents } from "@/core/sites/site-events";
import type { Db } from "@/db/client";
import { sites } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { checkNotionPageForSiteType } from "@/core/notion/check-notion-page-for-site-type";
import { checkConnectedPage } from "@/core/notion-connections/check-connected-page";
import type { NotionConnectionDeps } from "@/core/notion-connections/connection-deps";
import { siteHostKey, siteUrl, validateSubdomain } from "@/lib/site-address";
import { SITE_TYPES } from "@/lib/site-types";
import { propertyMapSchema } from "./site-settings";
import type { NotionGateway } from "@/notion/notion-gateway";
import type { ContentService } from "@/notion/site-content";
import { startFirstSync } from "./start-site-sync";
import { ADDRESS_TAKEN_MESSAGE, isHostTaken } from "./does-domain-exist";
import { takeSharedRateLimit } from "@/core/usage/rate-limits";
import { tooManyCallsMessage } from "@/core/usage/require-owner-call-allowance";

export const TOO_MANY_SITES_MESSAGE = "You have created many sites in a short time, please try again in an hour";

export const createNewSiteInput = z
  .object({
    siteType: z.enum(SITE_TYPES),
    notionPageUrl: z.string().trim().min(1).max(2048),
    subdomain: z.string().trim().toLowerCase().max(63),
    name: z.string().trim().max(120).optional(),
    /** Read the page through this Notion connection of the owner's (official API); absent: a public page. */
    connectionId: z.string().min(1).max(64).optional(),
    /** Database sites whose properties have other names: field → the database's property (checked against its types). */
    propertyMap: propertyMapSchema.optional(),
  })
  .strict();

export type CreateNewSiteDeps = {
  db: Db;
  gateway: NotionGateway;
  content: ContentService;
  siteEvents: SiteEvents;
  appsDomain: string;
  connections: NotionConnectionDeps;
};

/**
 * A new site (docs/product.md §7 createNewSite): the subdomain checked (docs/contracts.md §4: format, reserved, taken)
 * and the owner's allowances taken first (sites created per hour, page checks per minute: RATE_LIMITS), so a call that
 * can create nothing costs no request to Notion, whose budget every tenant shares; then the Notion page checked again on the
 * server with the form's own rules (docs/product.md §5, a few requests whatever the page's size), the row stored, and
 * the answer given at once. The first sync runs on in the background at the owner's priority (startFirstSync): the
 * dashboard shows its progress, the site's address a "being published" page until it is done.
 */
export async function createNewSite(deps: CreateNewSiteDeps, ownerId: string, input: z.input<typeof createNewSiteInput>) {
  const { siteType, notionPageUrl, subdomain, name, connectionId, propertyMap = {} } = createNewSiteInput.parse(input);
  const subdomainProblem = validateSubdomain(subdomain);
  if (subdomainProblem) throw new AppError("VALIDATION", subdomainProblem);
  const hostKey = siteHostKey({ siteType, subdomain });
  if (await isHostTaken(deps.db, hostKey)) throw new AppError("CONFLICT", ADDRESS_TAKEN_MESSAGE);
  if (!(await takeSharedRateLimit(deps.db, "siteCreation", ownerId))) throw new AppError("RATE_LIMITED", TOO_MANY_SITES_MESSAGE);
  if (!(await takeSharedRateLimit(deps.db, "pageCheck", ownerId))) throw new AppError("RATE_LIMITED", tooManyCallsMessage("notion-inspect", 60), { retryAfterSeconds: 60 });
  const check = connectionId
    ? await checkConnectedPage(deps.connections, ownerId, connectionId, siteType, notionPageUrl, propertyMap)
    : await checkNotionPageForSiteType(deps.gateway, siteType, notionPageUrl, propertyMap);
  if (!check.ok) throw new AppError("VALIDATION", check.message);
  let row;
  try {
    [row] = await deps.db
      .insert(sites)
      .values({ ownerId, siteType, subdomain, hostKey, notionPageId: check.pageId, notionPageUrl, notionConnectionId: connectionId ?? null, settings: { ...(name ? { name } : {}), ...(Object.keys(propertyMap).length ? { propertyMap } : {}) } })
      .returning();
  } catch (err) {
    // Two owners racing for one address: the unique index decides.
    if (String((err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code) === "23505") {
      throw new AppError("CONFLICT", ADDRESS_TAKEN_MESSAGE);
    }
    throw err;
  }
  startFirstSync(deps, row!);
  deps.siteEvents.emitSiteChanged(row!.id);
  return { siteId: row!.id, subdomain, siteType, url: siteUrl({ siteType, subdomain, appsDomain: deps.appsDomain }) };
}
