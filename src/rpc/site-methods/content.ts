/** Sites and their Notion source: creating a site, the page check, the address, the source, property maps, syncs, versions. */
import { getNotionData } from "@/core/notion/get-notion-data";
import { isNotionPagePublic } from "@/core/notion/is-notion-page-public";
import { notionPageStateInput, notionPageUrlInput, safeGetNotionPageState } from "@/core/notion/safe-get-notion-page-state";
import { createNewSite, createNewSiteInput } from "@/core/sites/create-new-site";
import { updateSiteVersions, updateSiteVersionsInput } from "@/core/sites/update-site-versions";
import { doesDomainExist, doesDomainExistInput } from "@/core/sites/does-domain-exist";
import { getAllNotionPages } from "@/core/sites/get-all-notion-pages";
import { syncSiteNow, syncSiteNowInput } from "@/core/sites/sync-site-now";
import { startSiteSync, startSiteSyncInput } from "@/core/sites/start-site-sync";
import { getSiteSyncState, getSiteSyncStateInput } from "@/core/sites/get-site-sync-state";
import { updateSiteNotionSource, updateSiteNotionSourceInput } from "@/core/sites/update-site-notion-source";
import { updateSiteSubdomain, updateSiteSubdomainInput } from "@/core/sites/update-site-subdomain";
import { getSitePropertyMap, getSitePropertyMapInput } from "@/core/sites/get-site-property-map";
import { updateSitePropertyMap, updateSitePropertyMapInput } from "@/core/sites/update-site-property-map";
import { method } from "../method";
import { empty, siteWrites, limited } from "./shared";

export const contentMethods = {
  getAllNotionPages: method({
    role: "self",
    readOnly: true,
    summary: "Every Notion page the owner's sites publish, from their snapshots",
    params: empty,
    result: "[{siteId, pageId, parentPageId, title, url}]",
    errors: ["RATE_LIMITED"],
    run: limited("notion-inspect", (ctx) => getAllNotionPages(ctx.runtime.db, ctx.userId)),
  }),
  doesDomainExist: method({
    role: "self",
    readOnly: true,
    summary: "Whether a site address is taken",
    params: doesDomainExistInput,
    result: "{exists, host}",
    run: (ctx, p) => doesDomainExist(ctx.runtime.db, ctx.runtime.env.APPS_DOMAIN, p),
  }),
  createNewSite: method({
    role: "self",
    summary:
      "Creates a site after checking the address, the owner's allowances (RATE_LIMITS.siteCreation, pageCheck) and then the Notion page (docs/product.md §5), and answers at once: the first sync runs in the background (getSiteOverview's `firstSync` shows its progress)",
    params: createNewSiteInput,
    result: "{siteId, subdomain, siteType, url}",
    errors: ["CONFLICT", "RATE_LIMITED", "UPSTREAM"],
    run: (ctx, p) =>
      createNewSite(
        {
          db: ctx.runtime.db,
          gateway: ctx.runtime.notion,
          content: ctx.runtime.content,
          siteEvents: ctx.runtime.siteEvents,
          appsDomain: ctx.runtime.env.APPS_DOMAIN,
          connections: ctx.runtime.notionConnections,
        },
        ctx.userId,
        p,
      ),
  }),
  updateSiteNotionSource: method({
    role: "admin",
    summary: "Moves the site to another Notion page or source (a connection, or null for a public page) after the page check; settings, redirects and subscribers stay",
    params: updateSiteNotionSourceInput,
    result: "{siteId, connectionId, notionPageUrl, sync: {status: 'updated' | 'unchanged' | 'leased' | 'failed', message?}}",
    errors: ["NOT_FOUND", "UPSTREAM", "RATE_LIMITED"],
    run: limited("notion-inspect", (ctx, p) =>
      updateSiteNotionSource(
        { db: ctx.runtime.db, gateway: ctx.runtime.notion, content: ctx.runtime.content, siteEvents: ctx.runtime.siteEvents, connections: ctx.runtime.notionConnections },
        ctx.ownerId,
        p,
      ),
    ),
    audit: { action: "source.changed", details: (p) => ({ notionPageUrl: p.notionPageUrl, connectionId: p.connectionId ?? null }) },
  }),
  updateSiteSubdomain: method({
    role: "admin",
    summary: "Moves the site to another subdomain (creation's checks); the old address answers 301 to the new one, path and query kept, and stays reserved for 90 days",
    params: updateSiteSubdomainInput,
    result: "{siteId, subdomain, url, formerUrl: string | null, redirectsUntil: string | null}",
    errors: ["NOT_FOUND", "CONFLICT"],
    run: (ctx, p) => updateSiteSubdomain({ db: ctx.runtime.db, siteEvents: ctx.runtime.siteEvents, appsDomain: ctx.runtime.env.APPS_DOMAIN }, ctx.ownerId, p),
    audit: { action: "address.changed", details: (p) => ({ subdomain: p.subdomain }) },
  }),
  getSitePropertyMap: method({
    role: "editor",
    summary: "A blog, changelog or roadmap's fields and the database properties that fill them (read fresh from Notion), for the property mapping",
    params: getSitePropertyMapInput,
    result: "{siteId, propertyMap, fields: [{field, help, optional, current: string | null | undefined, candidates: [{name, type}]}], problem: string | null}",
    errors: ["NOT_FOUND", "UPSTREAM", "RATE_LIMITED"],
    run: limited("notion-inspect", (ctx, p) =>
      getSitePropertyMap({ db: ctx.runtime.db, gateway: ctx.runtime.notion, connections: ctx.runtime.notionConnections }, ctx.ownerId, p),
    ),
  }),
  updateSitePropertyMap: method({
    role: "editor",
    summary: "Which database property fills which field (null: not used), checked against the database's properties and types; refused mappings change nothing",
    params: updateSitePropertyMapInput,
    result: "{siteId, propertyMap}",
    errors: ["NOT_FOUND", "UPSTREAM", "RATE_LIMITED"],
    run: limited("notion-inspect", (ctx, p) =>
      updateSitePropertyMap(
        { db: ctx.runtime.db, gateway: ctx.runtime.notion, connections: ctx.runtime.notionConnections, siteEvents: ctx.runtime.siteEvents },
        ctx.ownerId,
        p,
      ),
    ),
    audit: { action: "settings.updated", details: () => ({ sections: ["propertyMap"] }) },
  }),
  updateSiteVersions: method({
    role: "editor",
    summary: "Sets docsv2 versions: [{label, notionPageUrl}], the first is the default; a new version's page must pass the page check",
    params: updateSiteVersionsInput,
    result: "{siteId, settings: SiteSettings}",
    errors: ["NOT_FOUND", "RATE_LIMITED"],
    run: limited("notion-inspect", (ctx, p) =>
      updateSiteVersions({ ...siteWrites(ctx), gateway: ctx.runtime.notion, connections: ctx.runtime.notionConnections }, ctx.ownerId, p),
    ),
    audit: { action: "versions.updated", details: (p) => ({ count: p.versions.length }) },
  }),
  getNotionData: method({
    role: "self",
    readOnly: true,
    summary: "What a Notion page is and holds (rows or sub-pages)",
    params: notionPageUrlInput,
    result: "{state, isCollection, collectionType, properties, pageId, title, pages: [{pageId, title}]}",
    errors: ["UPSTREAM", "RATE_LIMITED"],
    run: limited("notion-inspect", (ctx, p) => getNotionData(ctx.runtime.notion, p)),
  }),
  safeGetNotionPageState: method({
    role: "self",
    readOnly: true,
    summary:
      "The page check (docs/product.md §3): valid, invalid_url or private, and its database type and properties; on a public page, or through one of the owner's Notion connections (`connectionId`); with `siteType`, also the page rules' message for it (`problem`, null when the page fits)",
    params: notionPageStateInput,
    result: "{state, isCollection, collectionType, properties: [{name, type?}], problem?: string | null}",
    errors: ["NOT_FOUND", "UNAUTHORIZED", "UPSTREAM", "RATE_LIMITED"],
    run: limited("notion-inspect", (ctx, p) => safeGetNotionPageState({ gateway: ctx.runtime.notion, connections: ctx.runtime.notionConnections }, ctx.userId, p)),
  }),
  isNotionPagePublic: method({
    role: "self",
    readOnly: true,
    summary: "Whether anyone can read the Notion page",
    params: notionPageUrlInput,
    result: "{isPublic}",
    errors: ["UPSTREAM", "RATE_LIMITED"],
    run: limited("notion-inspect", (ctx, p) => isNotionPagePublic(ctx.runtime.notion, p)),
  }),
  syncSiteNow: method({
    role: "editor",
    summary: "Refreshes the site from Notion now (the dashboard's Sync now)",
    params: syncSiteNowInput,
    result: "{status: 'updated' | 'unchanged', fetchedPages, reusedPages, removedPages}",
    errors: ["NOT_FOUND", "CONFLICT", "UPSTREAM", "RATE_LIMITED"],
    run: limited("sync-now", (ctx, p) => syncSiteNow({ db: ctx.runtime.db, content: ctx.runtime.content }, ctx.ownerId, p)),
  }),
  getSiteSyncState: method({
    role: "viewer",
    summary: "The site's sync state for the dashboard's poll: until it has content, its first sync (syncing with pages done / found, failed with the reason, or waiting)",
    params: getSiteSyncStateInput,
    result: "{siteId, firstSync: {state: 'syncing' | 'failed' | 'waiting', pagesDone, pagesFound, error} | null, lastSyncedAt, lastSyncError}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => getSiteSyncState(ctx.runtime.db, ctx.ownerId, p),
  }),
  startSiteSync: method({
    role: "editor",
    summary: "Starts a sync of the site in the background and answers at once (a failed first sync's Retry); its progress shows in getSiteOverview's `firstSync`",
    params: startSiteSyncInput,
    result: "{siteId, status: 'started' | 'running'}",
    errors: ["NOT_FOUND", "RATE_LIMITED"],
    run: limited("sync-now", (ctx, p) => startSiteSync({ db: ctx.runtime.db, content: ctx.runtime.content }, ctx.ownerId, p)),
  }),
};
