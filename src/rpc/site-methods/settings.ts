/** A site's settings, password, redirects, custom domain, files, status; deleting it; the owner's sites. */
import { getSiteDomain, getSiteDomainInput } from "@/core/domains/get-site-domain";
import { updateSiteDomain, updateSiteDomainInput } from "@/core/domains/update-site-domain";
import { verifySiteDomain, verifySiteDomainInput } from "@/core/domains/verify-site-domain";
import { deleteSite, siteIdInput } from "@/core/sites/delete-site";
import { listOwnerSites } from "@/core/sites/list-owner-sites";
import { updateSite, updateSiteInput } from "@/core/sites/update-site";
import { updateSiteStatus, updateSiteStatusInput } from "@/core/sites/update-site-status";
import { updateSitePassword, updateSitePasswordInput } from "@/core/sites/update-site-password";
import { getSitePasswordLockout, getSitePasswordLockoutInput } from "@/core/sites/get-site-password-lockout";
import { liftSitePasswordLockout, liftSitePasswordLockoutInput } from "@/core/sites/lift-site-password-lockout";
import { updateSiteRedirects, updateSiteRedirectsInput } from "@/core/sites/update-site-redirects";
import { uploadFile, uploadFileInput } from "@/core/sites/upload-file";
import { UPLOAD_BODY_LIMIT } from "@/http/request-guards";
import { method } from "../method";
import { empty, siteWrites, domains, DOMAIN_STATE, sectionMethod } from "./shared";

export const settingsMethods = {
  updateSite: method({
    role: "admin",
    summary: "Changes the name and settings (a partial SiteSettings; sections merge field by field)",
    params: updateSiteInput,
    result: "{siteId, settings: SiteSettings}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => updateSite(siteWrites(ctx), ctx.ownerId, p),
    audit: { action: "settings.updated", details: (p) => ({ ...(p.name !== undefined ? { name: p.name } : {}), sections: Object.keys(p.settings ?? {}) }) },
  }),
  updateSitePassword: method({
    role: "admin",
    summary: "Sets the site's password, or removes it with null",
    params: updateSitePasswordInput,
    result: "{siteId, hasPassword}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => updateSitePassword(siteWrites(ctx), ctx.ownerId, p),
    audit: { action: { of: (p) => (p.password === null ? "password.removed" : "password.set") } },
  }),
  getSitePasswordLockout: method({
    role: "viewer",
    summary: "Wrong passwords on the protected site this hour (every visitor together) and whether the password form is locked until `until`",
    params: getSitePasswordLockoutInput,
    result: "{locked, wrongTries, limit, until}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => getSitePasswordLockout(ctx.runtime.db, ctx.ownerId, p),
  }),
  liftSitePasswordLockout: method({
    role: "admin",
    summary: "Lifts the password form's lockout: this hour's wrong passwords are forgotten (each visitor's own limit still holds)",
    params: liftSitePasswordLockoutInput,
    result: "{locked: false, wrongTries: 0, limit, until: null}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => liftSitePasswordLockout(ctx.runtime.db, ctx.ownerId, p),
    audit: { action: "password.lockout_lifted" },
  }),
  updateSiteRedirects: method({
    role: "editor",
    summary: "Replaces the owner's redirects (paths → links); cycles and self-redirects refused",
    params: updateSiteRedirectsInput,
    result: "{siteId, redirects: [{from, to, permanent}]}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => updateSiteRedirects(siteWrites(ctx), ctx.ownerId, p),
    audit: { action: "redirects.updated", details: (p) => ({ count: p.redirects.length }) },
  }),
  upsertWidget: sectionMethod("admin", "widget", "Changes the embeddable widget settings"),
  upsertAiCustomization: sectionMethod("admin", "ai", "Changes the AI chatbot settings"),
  upsertAnalyticsCustomization: sectionMethod("admin", "analytics", "Changes the analytics settings"),
  updateSiteEmailSettings: sectionMethod("admin", "email", "Changes the email settings for subscribers"),
  updateSiteDomain: method({
    role: "admin",
    summary: "Sets the site's custom domain (unverified, with a new TXT token), or removes it with null",
    params: updateSiteDomainInput,
    result: DOMAIN_STATE,
    errors: ["NOT_FOUND", "CONFLICT"],
    run: (ctx, p) => updateSiteDomain(domains(ctx), ctx.ownerId, p),
    audit: { action: { of: (p) => (p.domain === null ? "domain.removed" : "domain.updated") }, details: (p) => ({ domain: p.domain }) },
  }),
  verifySiteDomain: method({
    role: "admin",
    summary: "Checks the custom domain's DNS records; verified once the TXT token and the CNAME (or A/AAAA) are found",
    params: verifySiteDomainInput,
    result: DOMAIN_STATE,
    errors: ["NOT_FOUND", "CONFLICT"],
    run: (ctx, p) => verifySiteDomain(domains(ctx), ctx.ownerId, p),
    audit: { action: { of: (_p, r) => (r.verified ? "domain.verified" : null) }, details: (_p, r) => ({ domain: r.domain }) },
  }),
  getSiteDomain: method({
    role: "viewer",
    summary: "The custom domain, the DNS records to create and whether it is verified (DNS not checked: ok is null)",
    params: getSiteDomainInput,
    result: DOMAIN_STATE,
    errors: ["NOT_FOUND"],
    run: (ctx, p) => getSiteDomain(domains(ctx), ctx.ownerId, p),
  }),
  deleteSite: method({
    role: "owner",
    summary: "Deletes the site and everything it has; its pages 404 at once",
    params: siteIdInput,
    result: "{siteId, deleted: true}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => deleteSite({ ...siteWrites(ctx), storage: ctx.runtime.storage }, ctx.ownerId, p),
  }),
  uploadFile: method({
    role: "admin",
    summary: "Uploads an image for the site (≤ 5 MB; PNG, JPEG, WebP, GIF or ICO by content; SVG refused)",
    params: uploadFileInput,
    result: "{fileId, url, contentType, size}",
    errors: ["NOT_FOUND", "UNAVAILABLE"],
    maxBodyBytes: UPLOAD_BODY_LIMIT,
    run: (ctx, p) => uploadFile({ db: ctx.runtime.db, storage: ctx.runtime.storage, appUrl: ctx.runtime.env.APP_URL }, ctx.ownerId, p),
    audit: { action: "file.uploaded", details: (p, r) => ({ kind: p.kind, fileName: p.fileName, fileId: r.fileId }) },
  }),
  getUserSites: method({
    role: "self",
    readOnly: true,
    summary: "The owner's sites, newest first",
    params: empty,
    result: "[{siteId, siteType, subdomain, name, status, customDomain, createdAt, lastSyncedAt, syncFailures, preview: {socialImage, icon, accentColor}, plan}]",
    run: (ctx) => listOwnerSites(ctx.runtime.db, ctx.userId),
  }),
  updateSiteStatus: method({
    role: "admin",
    summary: "Pauses the site (its address shows a page saying so) or publishes it again",
    params: updateSiteStatusInput,
    result: "{siteId, status}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => updateSiteStatus(siteWrites(ctx), ctx.ownerId, p),
    audit: { action: { of: (p) => (p.status === "paused" ? "site.paused" : "site.published") } },
  }),
};
