import { recordAuditEntry } from "@/core/audit/record-audit-entry";
import { reportError } from "@/integrations/error-reporting";
import type { RpcContext, RpcMethod } from "./method";

/**
 * After a method succeeded: its entry in the site's audit log, as its `audit` declaration says. A failure to write
 * the entry is reported, not turned into a failure of the call that already happened.
 */
export async function auditCall(ctx: RpcContext, name: string, method: RpcMethod, siteId: string | null, params: unknown, result: unknown): Promise<void> {
  const spec = method.audit;
  if (!spec) return;
  try {
    const action = typeof spec.action === "string" ? spec.action : spec.action.of(params, result);
    const site = spec.siteOf ? spec.siteOf(params, result) : siteId;
    if (!action || !site) return;
    await recordAuditEntry(ctx.runtime.db, {
      siteId: site,
      actorId: ctx.userId,
      actorEmail: ctx.email,
      action,
      method: name,
      via: ctx.via,
      // A key's calls name the key (its id, never the key), so its owner can tell what it did.
      details: { ...(spec.details ? spec.details(params, result) : {}), ...(ctx.apiKeyId ? { apiKeyId: ctx.apiKeyId } : {}) },
    });
  } catch (err) {
    reportError(err, { operation: `audit.${name}` });
  }
}
