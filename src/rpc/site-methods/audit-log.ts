/** The site's audit log: who did what and when, filtered, and as CSV. */
import { getSiteAuditLog, getSiteAuditLogInput } from "@/core/audit/get-site-audit-log";
import { siteAuditLogToCsv } from "@/core/audit/site-audit-log-to-csv";
import { method } from "../method";

export const auditLogMethods = {
  getSiteAuditLog: method({
    role: "admin",
    summary: "Who did what to the site and when, newest first (365 days); filters: action or group (`member`), actorId, from, to; pages with `before`",
    params: getSiteAuditLogInput,
    result: "{entries: [{id, at, actorId, actorEmail, action, method, via, details}], nextBefore}",
    errors: ["NOT_FOUND", "FORBIDDEN"],
    run: (ctx, p) => getSiteAuditLog(ctx.runtime.db, p),
  }),
  siteAuditLogToCsv: method({
    role: "admin",
    summary: "The audit log with the same filters as CSV (at, actor_email, action, method, via, details), up to 10,000 entries",
    params: getSiteAuditLogInput,
    result: "{fileName, csv}",
    errors: ["NOT_FOUND", "FORBIDDEN"],
    run: (ctx, p) => siteAuditLogToCsv(ctx.runtime.db, p),
    audit: { action: "audit_log.exported", details: (p) => ({ action: p.action ?? null }) },
  }),
};
