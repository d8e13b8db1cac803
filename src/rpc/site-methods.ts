import { updateRoadmapSettings, updateRoadmapSettingsInput } from "@/core/roadmap/update-roadmap-settings";
import { z } from "zod";
import { askSiteAssistant, askSiteAssistantInput } from "@/core/ai/ask-site-assistant";
import { createAgentToken, createAgentTokenInput } from "@/core/agents/create-agent-token";
import { getAgentRequestCounts, getAgentRequestCountsInput } from "@/core/agents/get-agent-request-counts";
import { listAgentTokens, listAgentTokensInput } from "@/core/agents/list-agent-tokens";
import { revokeAgentToken, revokeAgentTokenInput } from "@/core/agents/revoke-agent-token";
import { sitePageUrls } from "@/core/sites/site-page-urls";
import { ensureSitePassages } from "@/core/ai/index-site-passages";
import { sendCancellationReason, sendCancellationReasonInput } from "@/core/billing/send-cancellation-reason";
import { waitForSubscription, waitForSubscriptionInput } from "@/core/billing/wait-for-subscription";
import { getSiteDomain, getSiteDomainInput } from "@/core/domains/get-site-domain";
import { updateSiteDomain, updateSiteDomainInput } from "@/core/domains/update-site-domain";
import { verifySiteDomain, verifySiteDomainInput } from "@/core/domains/verify-site-domain";
import { getTextFeedback, getTextFeedbackInput } from "@/core/feedback/get-text-feedback";
import { getSiteAnalytics, getSiteAnalyticsInput } from "@/core/analytics/get-site-analytics";
import { getViewTrends } from "@/core/analytics/get-view-trends";
import { getNotionData } from "@/core/notion/get-notion-data";
import { isNotionPagePublic } from "@/core/notion/is-notion-page-public";
import { notionPageStateInput, notionPageUrlInput, safeGetNotionPageState } from "@/core/notion/safe-get-notion-page-state";
import { createNewSite, createNewSiteInput } from "@/core/sites/create-new-site";
import { updateSiteVersions, updateSiteVersionsInput } from "@/core/sites/update-site-versions";
import { addInternalNotionConnection, addInternalNotionConnectionInput } from "@/core/notion-connections/add-internal-notion-connection";
import { deleteNotionConnection } from "@/core/notion-connections/delete-notion-connection";
import { connectionIdInput, listConnectionPages } from "@/core/notion-connections/list-connection-pages";
import { listNotionConnections } from "@/core/notion-connections/list-notion-connections";
import { refreshConnectionSites } from "@/core/notion-connections/reconnect-notion-connection";
import { replaceNotionIntegrationSecret, replaceNotionIntegrationSecretInput } from "@/core/notion-connections/replace-notion-integration-secret";
import { deleteSite, siteIdInput } from "@/core/sites/delete-site";
import { doesDomainExist, doesDomainExistInput } from "@/core/sites/does-domain-exist";
import { getAllNotionPages } from "@/core/sites/get-all-notion-pages";
import { listOwnerSites } from "@/core/sites/list-owner-sites";
import { syncSiteNow, syncSiteNowInput } from "@/core/sites/sync-site-now";
import { startSiteSync, startSiteSyncInput } from "@/core/sites/start-site-sync";
import { getSiteSyncState, getSiteSyncStateInput } from "@/core/sites/get-site-sync-state";
import { updateSite, updateSiteInput } from "@/core/sites/update-site";
import { updateSiteStatus, updateSiteStatusInput } from "@/core/sites/update-site-status";
import { updateSiteNotionSource, updateSiteNotionSourceInput } from "@/core/sites/update-site-notion-source";
import { updateSiteSubdomain, updateSiteSubdomainInput } from "@/core/sites/update-site-subdomain";
import { getSitePropertyMap, getSitePropertyMapInput } from "@/core/sites/get-site-property-map";
import { updateSitePropertyMap, updateSitePropertyMapInput } from "@/core/sites/update-site-property-map";
import { updateSitePassword, updateSitePasswordInput } from "@/core/sites/update-site-password";
import { getSitePasswordLockout, getSitePasswordLockoutInput } from "@/core/sites/get-site-password-lockout";
import { liftSitePasswordLockout, liftSitePasswordLockoutInput } from "@/core/sites/lift-site-password-lockout";
import { updateSiteRedirects, updateSiteRedirectsInput } from "@/core/sites/update-site-redirects";
import { uploadFile, uploadFileInput } from "@/core/sites/upload-file";
import { siteIdOnly, siteSubscribersToCsv } from "@/core/subscribers/site-subscribers-to-csv";
import { requireOwnerCallAllowance, type OwnerCallScope } from "@/core/usage/require-owner-call-allowance";
import { UPLOAD_BODY_LIMIT } from "@/http/request-guards";
import { approveIdea, approveIdeaInput, mergeIdea, mergeIdeaInput, rejectIdea, rejectIdeaInput } from "@/core/roadmap/decide-idea";
import { getRoadmapFeedback } from "@/core/roadmap/get-roadmap-feedback";
import { previewRoadmapStatusEmail } from "@/core/roadmap/preview-status-email";
import { roadmapVotersInput, roadmapVotersToCsv } from "@/core/roadmap/roadmap-voters-to-csv";
import { method, type RpcContext } from "./method";

/** The site RPC (`POST /api/site`, docs/product.md §7). Every method: zod params, one core operation, owner checked inside it. */

const siteId = z.string().min(1).max(64);
const empty = z.object({}).strict();
/** What operations that change a site need: the database, site events (caches drop the site) and the billing switch. */
const siteWrites = (ctx: RpcContext) => ({ db: ctx.runtime.db, siteEvents: ctx.runtime.siteEvents, billingEnabled: ctx.runtime.env.billingEnabled });
/** Custom domains: the above, the product's hosts and the runtime's DNS resolver (DNS_SERVERS when set). */
const domains = (ctx: RpcContext) => ({ ...siteWrites(ctx), env: ctx.runtime.env, dns: ctx.runtime.dns });
const DOMAIN_STATE = "DomainState {domain, verified, verifiedAt, records: [{type: 'TXT' | 'CNAME' | 'A' | 'AAAA', name, value, ok: boolean | null}], problems: string[]}";
const billingEnabled = (ctx: RpcContext) => ctx.runtime.env.billingEnabled;
/** Roadmap votes and ideas: the database, the site's current snapshot (the board's items and columns), and the queue of writes back to Notion. */
const roadmap = (ctx: RpcContext) => ({
  db: ctx.runtime.db,
  getSnapshot: (id: string) => ctx.runtime.content.getSnapshot(id),
  scheduleNotionWrites: (id: string) => ctx.runtime.roadmapNotion.schedule(id),
});
/** Methods that reach Notion on demand count against the owner's per-minute budget first (NOTION_CALLS_PER_MINUTE). */
const limited =
  <P, R>(scope: OwnerCallScope, run: (ctx: RpcContext, p: P) => Promise<R>) =>
  async (ctx: RpcContext, p: P): Promise<R> => {
    await requireOwnerCallAllowance(ctx.runtime.db, scope, ctx.userId);
    return run(ctx, p);
  };

/** The upsert… methods patch one section of the settings (docs/contracts.md §8) through updateSite. */
const sectionMethod = <K extends "widget" | "ai" | "analytics" | "email" | "roadmap">(key: K, summary: string) =>
  method({
    summary,
    params: z.object({ siteId, [key]: z.record(z.string(), z.unknown()) }).strict() as unknown as z.ZodType<{ siteId: string } & Record<K, unknown>>,
    result: "{siteId, settings: SiteSettings}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => updateSite(siteWrites(ctx), ctx.userId, { siteId: p.siteId, settings: { [key]: p[key] } }),
  });

export const siteMethods = {
  getAllNotionPages: method({
    summary: "Every Notion page the owner's sites publish, from their snapshots",
    params: empty,
    result: "[{siteId, pageId, parentPageId, title, url}]",
    errors: ["RATE_LIMITED"],
    run: limited("notion-inspect", (ctx) => getAllNotionPages(ctx.runtime.db, ctx.userId)),
  }),
  doesDomainExist: method({
    summary: "Whether a site address is taken",
    params: doesDomainExistInput,
    result: "{exists, host}",
    run: (ctx, p) => doesDomainExist(ctx.runtime.db, ctx.runtime.env.APPS_DOMAIN, p),
  }),
  createNewSite: method({
    summary:
      "Creates a site after checking the Notion page (docs/product.md §5) and the address, and answers at once: the first sync runs in the background (getSiteOverview's `firstSync` shows its progress)",
    params: createNewSiteInput,
    result: "{siteId, subdomain, siteType, url}",
    errors: ["CONFLICT", "UPSTREAM"],
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
    summary: "Moves the site to another Notion page or source (a connection, or null for a public page) after the page check; settings, redirects and subscribers stay",
    params: updateSiteNotionSourceInput,
    result: "{siteId, connectionId, notionPageUrl, sync: {status: 'updated' | 'unchanged' | 'leased' | 'failed', message?}}",
    errors: ["NOT_FOUND", "UPSTREAM", "RATE_LIMITED"],
    run: limited("notion-inspect", (ctx, p) =>
      updateSiteNotionSource(
        { db: ctx.runtime.db, gateway: ctx.runtime.notion, content: ctx.runtime.content, siteEvents: ctx.runtime.siteEvents, connections: ctx.runtime.notionConnections },
        ctx.userId,
        p,
      ),
    ),
  }),
  updateSiteSubdomain: method({
    summary: "Moves the site to another subdomain (creation's checks); the old address answers 301 to the new one, path and query kept, and stays reserved for 90 days",
    params: updateSiteSubdomainInput,
    result: "{siteId, subdomain, url, formerUrl: string | null, redirectsUntil: string | null}",
    errors: ["NOT_FOUND", "CONFLICT"],
    run: (ctx, p) => updateSiteSubdomain({ db: ctx.runtime.db, siteEvents: ctx.runtime.siteEvents, appsDomain: ctx.runtime.env.APPS_DOMAIN }, ctx.userId, p),
  }),
  getSitePropertyMap: method({
    summary: "A blog, changelog or roadmap's fields and the database properties that fill them (read fresh from Notion), for the property mapping",
    params: getSitePropertyMapInput,
    result: "{siteId, propertyMap, fields: [{field, help, optional, current: string | null | undefined, candidates: [{name, type}]}], problem: string | null}",
    errors: ["NOT_FOUND", "UPSTREAM", "RATE_LIMITED"],
    run: limited("notion-inspect", (ctx, p) =>
      getSitePropertyMap({ db: ctx.runtime.db, gateway: ctx.runtime.notion, connections: ctx.runtime.notionConnections }, ctx.userId, p),
    ),
  }),
  updateSitePropertyMap: method({
    summary: "Which database property fills which field (null: not used), checked against the database's properties and types; refused mappings change nothing",
    params: updateSitePropertyMapInput,
    result: "{siteId, propertyMap}",
    errors: ["NOT_FOUND", "UPSTREAM", "RATE_LIMITED"],
    run: limited("notion-inspect", (ctx, p) =>
      updateSitePropertyMap(
        { db: ctx.runtime.db, gateway: ctx.runtime.notion, connections: ctx.runtime.notionConnections, siteEvents: ctx.runtime.siteEvents },
        ctx.userId,
        p,
      ),
    ),
  }),
  listNotionConnections: method({
    summary: "The owner's Notion connections (official API), without their tokens, each with the sites read through it",
    params: empty,
    result: "[{connectionId, kind: 'oauth' | 'internal', workspaceName, workspaceIcon, connected, createdAt, lastError, refused: {at, reason} | null, sites: [{siteId, name}]}]",
    run: (ctx) => listNotionConnections(ctx.runtime.db, ctx.userId),
  }),
  listNotionConnectionPages: method({
    summary: "The pages and databases shared with one of the owner's Notion connections (top ones first), to pick a site's root",
    params: connectionIdInput,
    result: "[{id, kind: 'page' | 'database', title, parentId, url, lastEditedTime, topLevel}]",
    errors: ["NOT_FOUND", "UNAUTHORIZED", "UPSTREAM", "RATE_LIMITED"],
    run: limited("notion-inspect", (ctx, p) => listConnectionPages(ctx.runtime.notionConnections, ctx.userId, p)),
  }),
  addNotionIntegrationSecret: method({
    summary: "Connects Notion with an internal integration secret (checked with Notion first), for servers without OAuth",
    params: addInternalNotionConnectionInput,
    result: "{connectionId, kind: 'internal', workspaceName, workspaceIcon, connected, createdAt, lastError, refused, reconnected}",
    errors: ["UPSTREAM", "RATE_LIMITED"],
    run: limited("notion-inspect", async (ctx, p) => {
      const added = await addInternalNotionConnection(ctx.runtime.notionConnections, ctx.userId, p);
      // A new secret of a refused connection's integration went on that connection: its sites catch up now.
      if (added.reconnected) await refreshConnectionSites(ctx.runtime, added.connectionId);
      return added;
    }),
  }),
  replaceNotionIntegrationSecret: method({
    summary: "Reconnects an internal-secret connection Notion refused: a new secret of the same integration goes on the same connection, which is used again, and its sites are refreshed",
    params: replaceNotionIntegrationSecretInput,
    result: "{connectionId, kind: 'internal', workspaceName, workspaceIcon, connected, createdAt, lastError, refused: null, sites: [{siteId, status}]}",
    errors: ["NOT_FOUND", "UPSTREAM", "RATE_LIMITED"],
    run: limited("notion-inspect", async (ctx, p) => {
      const connection = await replaceNotionIntegrationSecret(ctx.runtime.notionConnections, ctx.userId, p);
      return { ...connection, sites: await refreshConnectionSites(ctx.runtime, connection.connectionId) };
    }),
  }),
  deleteNotionConnection: method({
    summary: "Disconnects Notion: deletes the connection's token (its sites keep their last pages until moved)",
    params: connectionIdInput,
    result: "{connectionId, connected: false}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => deleteNotionConnection(ctx.runtime.db, ctx.userId, p),
  }),
  updateSite: method({
    summary: "Changes the name and settings (a partial SiteSettings; sections merge field by field)",
    params: updateSiteInput,
    result: "{siteId, settings: SiteSettings}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => updateSite(siteWrites(ctx), ctx.userId, p),
  }),
  updateSitePassword: method({
    summary: "Sets the site's password, or removes it with null",
    params: updateSitePasswordInput,
    result: "{siteId, hasPassword}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => updateSitePassword(siteWrites(ctx), ctx.userId, p),
  }),
  getSitePasswordLockout: method({
    summary: "Wrong passwords on the protected site this hour (every visitor together) and whether the password form is locked until `until`",
    params: getSitePasswordLockoutInput,
    result: "{locked, wrongTries, limit, until}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => getSitePasswordLockout(ctx.runtime.db, ctx.userId, p),
  }),
  liftSitePasswordLockout: method({
    summary: "Lifts the password form's lockout: this hour's wrong passwords are forgotten (each visitor's own limit still holds)",
    params: liftSitePasswordLockoutInput,
    result: "{locked: false, wrongTries: 0, limit, until: null}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => liftSitePasswordLockout(ctx.runtime.db, ctx.userId, p),
  }),
  updateSiteRedirects: method({
    summary: "Replaces the owner's redirects (paths → links); cycles and self-redirects refused",
    params: updateSiteRedirectsInput,
    result: "{siteId, redirects: [{from, to, permanent}]}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => updateSiteRedirects(siteWrites(ctx), ctx.userId, p),
  }),
  upsertWidget: sectionMethod("widget", "Changes the embeddable widget settings"),
  upsertAiCustomization: sectionMethod("ai", "Changes the AI chatbot settings"),
  upsertAnalyticsCustomization: sectionMethod("analytics", "Changes the analytics settings"),
  updateSiteEmailSettings: sectionMethod("email", "Changes the email settings for subscribers"),
  updateSiteVersions: method({
    summary: "Sets docsv2 versions: [{label, notionPageUrl}], the first is the default; a new version's page must pass the page check",
    params: updateSiteVersionsInput,
    result: "{siteId, settings: SiteSettings}",
    errors: ["NOT_FOUND", "RATE_LIMITED"],
    run: limited("notion-inspect", (ctx, p) =>
      updateSiteVersions({ ...siteWrites(ctx), gateway: ctx.runtime.notion, connections: ctx.runtime.notionConnections }, ctx.userId, p),
    ),
  }),
  updateRoadmapSettings: method({
    summary: "Roadmaps: status emails to voters on or off ({statusEmails}) and the Notion number property for vote counts ({votesProperty}: a Number property of the roadmap database, connected sites only; \"\" for none)",
    params: updateRoadmapSettingsInput,
    result: "{siteId, settings: SiteSettings}",
    errors: ["NOT_FOUND", "VALIDATION", "UNAUTHORIZED", "UPSTREAM"],
    run: (ctx, p) => updateRoadmapSettings({ ...roadmap(ctx), ...ctx.runtime.notionConnections, ...siteWrites(ctx) }, ctx.userId, p),
  }),
  getRoadmapFeedback: method({
    summary: "Roadmaps: items by votes, the board's columns, ideas waiting for a decision, and where votes are kept",
    params: siteIdOnly,
    result: "{siteId, votesIn: 'notion' | 'here', columns: string[], items: [{itemId, title, status, votes}], ideas: [{ideaId, title, details, email, createdAt}], notionFailures: [{itemId, title, error, attempts}]}",
    errors: ["NOT_FOUND", "VALIDATION"],
    run: (ctx, p) => getRoadmapFeedback(roadmap(ctx), ctx.userId, p),
  }),
  approveRoadmapIdea: method({
    summary: "Roadmaps: approves a pending idea into one of the board's columns (it shows as a card there)",
    params: approveIdeaInput,
    result: "{ideaId, itemId, status: 'approved', column}",
    errors: ["NOT_FOUND", "VALIDATION"],
    run: (ctx, p) => approveIdea(roadmap(ctx), ctx.userId, p),
  }),
  mergeRoadmapIdea: method({
    summary: "Roadmaps: merges a pending idea into an item on the board; its votes (and its author's) move there",
    params: mergeIdeaInput,
    result: "{ideaId, itemId, status: 'merged'}",
    errors: ["NOT_FOUND", "VALIDATION"],
    run: (ctx, p) => mergeIdea(roadmap(ctx), ctx.userId, p),
  }),
  rejectRoadmapIdea: method({
    summary: "Roadmaps: rejects a pending idea; its author is emailed the reply",
    params: rejectIdeaInput,
    result: "{ideaId, status: 'rejected', mailed}",
    errors: ["NOT_FOUND", "VALIDATION", "UPSTREAM"],
    run: (ctx, p) => rejectIdea({ ...roadmap(ctx), email: ctx.runtime.email }, ctx.userId, p),
  }),
  roadmapVotersToCsv: method({
    summary: "Roadmaps: who voted for what as CSV (item, status, email, voted_at), for one item or all",
    params: roadmapVotersInput,
    result: "{fileName, csv}",
    errors: ["NOT_FOUND", "VALIDATION"],
    run: (ctx, p) => roadmapVotersToCsv(roadmap(ctx), ctx.userId, p),
  }),
  previewRoadmapStatusEmail: method({
    summary: "Roadmaps: the status email voters get when an item moves, as a preview, and whether it is on",
    params: siteIdOnly,
    result: "{enabled, subject, html, text}",
    errors: ["NOT_FOUND", "VALIDATION"],
    run: (ctx, p) => previewRoadmapStatusEmail({ ...roadmap(ctx), appsDomain: ctx.runtime.env.APPS_DOMAIN }, ctx.userId, p),
  }),
  updateSiteDomain: method({
    summary: "Sets the site's custom domain (unverified, with a new TXT token), or removes it with null",
    params: updateSiteDomainInput,
    result: DOMAIN_STATE,
    errors: ["NOT_FOUND", "CONFLICT"],
    run: (ctx, p) => updateSiteDomain(domains(ctx), ctx.userId, p),
  }),
  verifySiteDomain: method({
    summary: "Checks the custom domain's DNS records; verified once the TXT token and the CNAME (or A/AAAA) are found",
    params: verifySiteDomainInput,
    result: DOMAIN_STATE,
    errors: ["NOT_FOUND", "CONFLICT"],
    run: (ctx, p) => verifySiteDomain(domains(ctx), ctx.userId, p),
  }),
  getSiteDomain: method({
    summary: "The custom domain, the DNS records to create and whether it is verified (DNS not checked: ok is null)",
    params: getSiteDomainInput,
    result: DOMAIN_STATE,
    errors: ["NOT_FOUND"],
    run: (ctx, p) => getSiteDomain(domains(ctx), ctx.userId, p),
  }),
  deleteSite: method({
    summary: "Deletes the site and everything it has; its pages 404 at once",
    params: siteIdInput,
    result: "{siteId, deleted: true}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => deleteSite({ ...siteWrites(ctx), storage: ctx.runtime.storage }, ctx.userId, p),
  }),
  getNotionData: method({
    summary: "What a Notion page is and holds (rows or sub-pages)",
    params: notionPageUrlInput,
    result: "{state, isCollection, collectionType, properties, pageId, title, pages: [{pageId, title}]}",
    errors: ["UPSTREAM", "RATE_LIMITED"],
    run: limited("notion-inspect", (ctx, p) => getNotionData(ctx.runtime.notion, p)),
  }),
  safeGetNotionPageState: method({
    summary:
      "The page check (docs/product.md §3): valid, invalid_url or private, and its database type and properties; on a public page, or through one of the owner's Notion connections (`connectionId`); with `siteType`, also the page rules' message for it (`problem`, null when the page fits)",
    params: notionPageStateInput,
    result: "{state, isCollection, collectionType, properties: [{name, type?}], problem?: string | null}",
    errors: ["NOT_FOUND", "UNAUTHORIZED", "UPSTREAM", "RATE_LIMITED"],
    run: limited("notion-inspect", (ctx, p) => safeGetNotionPageState({ gateway: ctx.runtime.notion, connections: ctx.runtime.notionConnections }, ctx.userId, p)),
  }),
  isNotionPagePublic: method({
    summary: "Whether anyone can read the Notion page",
    params: notionPageUrlInput,
    result: "{isPublic}",
    errors: ["UPSTREAM", "RATE_LIMITED"],
    run: limited("notion-inspect", (ctx, p) => isNotionPagePublic(ctx.runtime.notion, p)),
  }),
  uploadFile: method({
    summary: "Uploads an image for the site (≤ 5 MB; PNG, JPEG, WebP, GIF or ICO by content; SVG refused)",
    params: uploadFileInput,
    result: "{fileId, url, contentType, size}",
    errors: ["NOT_FOUND"],
    maxBodyBytes: UPLOAD_BODY_LIMIT,
    run: (ctx, p) => uploadFile({ db: ctx.runtime.db, storage: ctx.runtime.storage, appUrl: ctx.runtime.env.APP_URL }, ctx.userId, p),
  }),
  sendCancellationReason: method({
    summary: "Records why the owner cancelled",
    params: sendCancellationReasonInput,
    result: "{received: true}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => sendCancellationReason({ db: ctx.runtime.db, email: ctx.runtime.email, teamEmail: ctx.runtime.env.TEAM_EMAIL, appUrl: ctx.runtime.env.APP_URL }, ctx.userId, p),
  }),
  siteSubscribersToCsv: method({
    summary: "The site's email subscribers as CSV",
    params: siteIdOnly,
    result: "{fileName, csv}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => siteSubscribersToCsv(ctx.runtime.db, ctx.userId, p),
  }),
  getTextFeedback: method({
    summary: "Visitors' feedback on the site's pages, newest first",
    params: getTextFeedbackInput,
    result: "[{path, helpful, text, createdAt}]",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => getTextFeedback(ctx.runtime.db, ctx.userId, p),
  }),
  getSiteAnalytics: method({
    summary: "The built-in analytics of a range of whole UTC days (default the last 7, at most 400), from the hourly and daily rollups",
    params: getSiteAnalyticsInput,
    result:
      "{builtIn, from, to, previousFrom, previousTo, totals: {visitors, pageviews, searches, questions, subscriptions, widgetOpens}, previous: (same), granularity: 'hour' | 'day', series: [{t, pageviews, visitors}], pages, referrers, sources, mediums, campaigns, devices, browsers, countries, zeroResultSearches, unansweredQuestions: [{value, count, visitors}], feedback: [{path, helpful, notHelpful}]}",
    errors: ["NOT_FOUND", "VALIDATION"],
    run: (ctx, p) => getSiteAnalytics(ctx.runtime.db, ctx.userId, p),
  }),
  getViewTrends: method({
    summary: "Page views of each of the owner's sites over the last 14 days, for the site cards' sparklines",
    params: empty,
    result: "[{siteId, days: string[], pageviews: number[]}]",
    run: (ctx) => getViewTrends(ctx.runtime.db, ctx.userId),
  }),
  getUserSites: method({
    summary: "The owner's sites, newest first",
    params: empty,
    result: "[{siteId, siteType, subdomain, name, status, customDomain, createdAt, lastSyncedAt, syncFailures, preview: {socialImage, icon, accentColor}, plan}]",
    run: (ctx) => listOwnerSites(ctx.runtime.db, ctx.userId),
  }),
  waitForSubscription: method({
    summary: "Waits until the site's subscription is active (streams each check with Accept: text/event-stream)",
    params: waitForSubscriptionInput,
    result: "{siteId, active, billing: 'on' | 'off'}",
    errors: ["NOT_FOUND"],
    streaming: true,
    run: (ctx, p) => waitForSubscription({ db: ctx.runtime.db, billingEnabled: billingEnabled(ctx) }, ctx.userId, p, { signal: ctx.signal, onCheck: ctx.emit }),
  }),
  updateSiteStatus: method({
    summary: "Pauses the site (its address shows a page saying so) or publishes it again",
    params: updateSiteStatusInput,
    result: "{siteId, status}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => updateSiteStatus(siteWrites(ctx), ctx.userId, p),
  }),
  askSiteAssistant: method({
    summary:
      "The owner's per-site assistant: answers from the site's pages and the product guide; the model's tool calls come back as proposals (never applied here: the owner applies one by calling the named method with {siteId, ...args}). Streams {type:'text'|'sources'|'proposal'} items with Accept: text/event-stream",
    params: askSiteAssistantInput,
    result: "{text, proposals: [{id, tool, args, summary}], mode: 'model' | 'retrieval'}",
    errors: ["NOT_FOUND", "PAYMENT_REQUIRED", "RATE_LIMITED"],
    streaming: true,
    run: (ctx, p) =>
      askSiteAssistant(
        {
          db: ctx.runtime.db,
          billingEnabled: billingEnabled(ctx),
          model: ctx.runtime.ai,
          pageUrlsOf: async (site) => {
            const urls = await sitePageUrls(ctx.runtime.content, ctx.runtime.env.APPS_DOMAIN, site);
            await ensureSitePassages(ctx.runtime.db, site.id, () => urls.pages);
            return urls;
          },
        },
        ctx.userId,
        p,
        ctx.emit,
        ctx.signal,
      ),
  }),
  createAgentToken: method({
    summary: "A new access token for AI agents on a password-protected site (sent as `Authorization: Bearer`); the token is shown only in this answer",
    params: createAgentTokenInput,
    result: "{tokenId, name, hint, createdAt, token}",
    errors: ["NOT_FOUND", "CONFLICT"],
    run: (ctx, p) => createAgentToken(ctx.runtime.db, ctx.userId, p),
  }),
  listAgentTokens: method({
    summary: "The site's agent tokens (a hint of each, never the token)",
    params: listAgentTokensInput,
    result: "[{tokenId, name, hint, createdAt, lastUsedAt}]",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => listAgentTokens(ctx.runtime.db, ctx.userId, p),
  }),
  revokeAgentToken: method({
    summary: "Deletes one of the site's agent tokens; requests with it are refused from then on",
    params: revokeAgentTokenInput,
    result: "{tokenId, revoked: true}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => revokeAgentToken(ctx.runtime.db, ctx.userId, p),
  }),
  getAgentRequestCounts: method({
    summary: "AI agent requests to the site per UTC day and kind (mcp, markdown, llms, ask) over the last `days` (default 30)",
    params: getAgentRequestCountsInput,
    result: "{from, days: [{day, kind, count}], totals: {mcp, markdown, llms, ask}}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => getAgentRequestCounts(ctx.runtime.db, ctx.userId, p),
  }),
  syncSiteNow: method({
    summary: "Refreshes the site from Notion now (the dashboard's Sync now)",
    params: syncSiteNowInput,
    result: "{status: 'updated' | 'unchanged', fetchedPages, reusedPages, removedPages}",
    errors: ["NOT_FOUND", "CONFLICT", "UPSTREAM", "RATE_LIMITED"],
    run: limited("sync-now", (ctx, p) => syncSiteNow({ db: ctx.runtime.db, content: ctx.runtime.content }, ctx.userId, p)),
  }),
  getSiteSyncState: method({
    summary: "The site's sync state for the dashboard's poll: until it has content, its first sync (syncing with pages done / found, failed with the reason, or waiting)",
    params: getSiteSyncStateInput,
    result: "{siteId, firstSync: {state: 'syncing' | 'failed' | 'waiting', pagesDone, pagesFound, error} | null, lastSyncedAt, lastSyncError}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => getSiteSyncState(ctx.runtime.db, ctx.userId, p),
  }),
  startSiteSync: method({
    summary: "Starts a sync of the site in the background and answers at once (a failed first sync's Retry); its progress shows in getSiteOverview's `firstSync`",
    params: startSiteSyncInput,
    result: "{siteId, status: 'started' | 'running'}",
    errors: ["NOT_FOUND", "RATE_LIMITED"],
    run: limited("sync-now", (ctx, p) => startSiteSync({ db: ctx.runtime.db, content: ctx.runtime.content }, ctx.userId, p)),
  }),
};
