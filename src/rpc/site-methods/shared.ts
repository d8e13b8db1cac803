/** What the site RPC's methods share: id and empty params, the dependencies their operations take, the Notion call allowance. */
import { z } from "zod";
import { updateSite } from "@/core/sites/update-site";
import { requireOwnerCallAllowance, type OwnerCallScope } from "@/core/usage/require-owner-call-allowance";
import type { SiteRole } from "@/lib/site-roles";
import { method, type RpcContext } from "../method";

const siteId = z.string().min(1).max(64);
export const empty = z.object({}).strict();
/** What operations that change a site need: the database, site events (caches drop the site) and the billing switch. */
export const siteWrites = (ctx: RpcContext) => ({ db: ctx.runtime.db, siteEvents: ctx.runtime.siteEvents, billingEnabled: ctx.runtime.env.billingEnabled });
/** Custom domains: the above, the product's hosts and the runtime's DNS resolver (DNS_SERVERS when set). */
export const domains = (ctx: RpcContext) => ({ ...siteWrites(ctx), env: ctx.runtime.env, dns: ctx.runtime.dns });
export const DOMAIN_STATE = "DomainState {domain, verified, verifiedAt, records: [{type: 'TXT' | 'CNAME' | 'A' | 'AAAA', name, value, ok: boolean | null}], problems: string[]}";
export const billingEnabled = (ctx: RpcContext) => ctx.runtime.env.billingEnabled;
/** Roadmap votes and ideas: the database, the site's current snapshot (the board's items and columns), and the queue of writes back to Notion. */
export const roadmap = (ctx: RpcContext) => ({
  db: ctx.runtime.db,
  getSnapshot: (id: string) => ctx.runtime.content.getSnapshot(id),
  scheduleNotionWrites: (id: string) => ctx.runtime.roadmapNotion.schedule(id),
});
/** Methods that reach Notion on demand count against the owner's per-minute budget first (NOTION_CALLS_PER_MINUTE). */
export const limited =
  <P, R>(scope: OwnerCallScope, run: (ctx: RpcContext, p: P) => Promise<R>) =>
  async (ctx: RpcContext, p: P): Promise<R> => {
    await requireOwnerCallAllowance(ctx.runtime.db, scope, ctx.userId);
    return run(ctx, p);
  };

/** The upsert… methods patch one section of the settings (docs/contracts.md §8) through updateSite. */
export const sectionMethod = <K extends "widget" | "ai" | "analytics" | "email" | "roadmap">(role: SiteRole, key: K, summary: string) =>
  method({
    role,
    summary,
    params: z.object({ siteId, [key]: z.record(z.string(), z.unknown()) }).strict() as unknown as z.ZodType<{ siteId: string } & Record<K, unknown>>,
    result: "{siteId, settings: SiteSettings}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => updateSite(siteWrites(ctx), ctx.ownerId, { siteId: p.siteId, settings: { [key]: p[key] } }),
    audit: { action: "settings.updated", details: () => ({ sections: [key] }) },
  });
