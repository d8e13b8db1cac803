import { lt } from "drizzle-orm";
import type { Db } from "@/db/client";
import { siteAuditLog } from "@/db/schema";

/** How long the audit log keeps an entry. */
export const AUDIT_RETENTION_DAYS = 365;

export type AuditEntryInput = {
  siteId: string;
  actorId: string;
  actorEmail: string;
  action: string;
  method: string;
  via: "session" | "api-key";
  details: Record<string, unknown>;
};

/** Postgres' foreign-key violation: the site is gone (the call deleted it), and its log went with it. */
const FOREIGN_KEY_VIOLATION = "23503";

/** Writes one entry; a site deleted meanwhile has no log to write to, which is not an error. */
export async function recordAuditEntry(db: Db, entry: AuditEntryInput): Promise<void> {
  try {
    await db.insert(siteAuditLog).values(entry);
  } catch (err) {
    const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code !== FOREIGN_KEY_VIOLATION) throw err;
  }
}

/** Drops entries older than AUDIT_RETENTION_DAYS (run with the analytics rollup). */
export async function purgeOldAuditEntries(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - AUDIT_RETENTION_DAYS * 24 * 3600_000);
  const gone = await db.delete(siteAuditLog).where(lt(siteAuditLog.createdAt, cutoff)).returning({ id: siteAuditLog.id });
  return gone.length;
}
