import { and, desc, eq, gte, like, lt, lte, or } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { siteAuditLog } from "@/db/schema";

const when = z.iso.datetime({ offset: true, message: "Use an ISO date and time" });

export const getSiteAuditLogInput = z
  .object({
    siteId: z.string().min(1).max(64),
    /** An action (`member.invited`) or a group of them (`member`). */
    action: z.string().trim().min(1).max(60).regex(/^[a-z_.]+$/, "Actions are lower-case words joined by dots").optional(),
    actorId: z.string().min(1).max(64).optional(),
    from: when.optional(),
    to: when.optional(),
    /** Entries before this one's time (the previous page's `nextBefore`). */
    before: when.optional(),
    limit: z.number().int().min(1).max(500).default(100),
  })
  .strict();

export type AuditEntry = { id: string; at: string; actorId: string | null; actorEmail: string; action: string; method: string; via: string; details: Record<string, unknown> };

/** The site's audit log, newest first, filtered; `nextBefore` pages further back. The caller's role was checked by the RPC. */
export async function getSiteAuditLog(db: Db, input: z.input<typeof getSiteAuditLogInput>) {
  const p = getSiteAuditLogInput.parse(input);
  const rows = await db
    .select()
    .from(siteAuditLog)
    .where(
      and(
        eq(siteAuditLog.siteId, p.siteId),
        p.action ? or(eq(siteAuditLog.action, p.action), like(siteAuditLog.action, `${p.action}.%`)) : undefined,
        p.actorId ? eq(siteAuditLog.actorId, p.actorId) : undefined,
        p.from ? gte(siteAuditLog.createdAt, new Date(p.from)) : undefined,
        p.to ? lte(siteAuditLog.createdAt, new Date(p.to)) : undefined,
        p.before ? lt(siteAuditLog.createdAt, new Date(p.before)) : undefined,
      ),
    )
    .orderBy(desc(siteAuditLog.createdAt))
    .limit(p.limit + 1);
  const page = rows.slice(0, p.limit);
  const entries: AuditEntry[] = page.map((r) => ({
    id: r.id,
    at: r.createdAt.toISOString(),
    actorId: r.actorId,
    actorEmail: r.actorEmail,
    action: r.action,
    method: r.method,
    via: r.via,
    details: r.details as Record<string, unknown>,
  }));
  return { entries, nextBefore: rows.length > p.limit ? entries.at(-1)!.at : null };
}
